/**
 * The one place for the contact details the web app publishes: e-mail addresses, phone, office
 * address and support hours. Pages, the footer and the chat fallback import them from here; the defaults are
 * `contactDefaults` in @app/contracts, which chat-support's SUPPORT_EMAIL default shares.
 *
 * E-mail and phone are deployment settings, read at build time (`vite build` inlines them):
 *
 *   VITE_EMAIL_DOMAIN      domain of every address below          default paymentsplatform.co.nz
 *   VITE_SUPPORT_EMAIL     the general support address            default support@<domain>
 *   VITE_EMERGENCY_EMAIL   the 24/7 fraud, security, outage box   default emergency@<domain>
 *   VITE_SUPPORT_PHONE     the New Zealand office phone           default +64 9 888 4200
 *
 * An unset or empty variable keeps the default. The product's name and postal address live with
 * the help content in @app/contracts (the chat assistant answers from the same policies) and the
 * business hours with the contact constants there; they are re-exported here.
 */
import { contactDefaults } from '@app/contracts';

export { brandName, businessHours, companyAddressLines, companyLocation } from '@app/contracts';

const setting = (value: string | undefined, fallback: string): string => value?.trim() || fallback;

export const emailDomain: string = setting(import.meta.env.VITE_EMAIL_DOMAIN, contactDefaults.emailDomain);
export const supportEmail: string = setting(import.meta.env.VITE_SUPPORT_EMAIL, `support@${emailDomain}`);
export const emergencyEmail: string = setting(import.meta.env.VITE_EMERGENCY_EMAIL, `emergency@${emailDomain}`);

/** The New Zealand office phone number. */
export const supportPhone: string = setting(import.meta.env.VITE_SUPPORT_PHONE, contactDefaults.phone);

/** The number in tel: links: digits and the leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Spec 9: support hours as the policy texts state them (business days; weekends emergencies only). */
export const supportHours: string = contactDefaults.supportHours;

export const copyrightYear = 2024;
