/**
 * The product's name and address live with the help content in @app/contracts (the chat assistant
 * answers from the same policies); re-exported here beside the web app's own deployment settings.
 */
export { brandName, companyAddressLines, companyLocation } from '@app/contracts';

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
