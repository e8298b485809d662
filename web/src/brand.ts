/** Shown in the top bars and footers; one place to rename the product. */
export const brandName = 'Payments Platform';
export const companyLocation = 'Albany, North Shore, Auckland, New Zealand';

/** The postal address, line by line (spec 1 and 2.2). */
export const companyAddressLines = ['Albany', 'North Shore', 'Auckland', 'New Zealand'] as const;

/**
 * The e-mail domain every published address is built from. It is a deployment setting
 * (VITE_EMAIL_DOMAIN at build time); the default is a reserved example domain, so nothing
 * is mailed to a real company by accident.
 */
export const emailDomain: string = import.meta.env.VITE_EMAIL_DOMAIN || 'payments-platform.example';
export const supportEmail = `support@${emailDomain}`;
export const emergencyEmail = `emergency@${emailDomain}`;

/** The New Zealand office phone number (a deployment setting, VITE_SUPPORT_PHONE). */
export const supportPhone: string = import.meta.env.VITE_SUPPORT_PHONE || '+64 9 000 0000';

/** The number in tel: links: digits and the leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export const copyrightYear = 2024;
