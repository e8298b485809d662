import { z } from 'zod';

/** Spec 2.7 / 3.3 categories, with the labels the contact form shows. */
export const contactCategories = [
  { value: 'technical', label: 'Technical Support' },
  { value: 'business', label: 'Business Inquiry' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'compliance', label: 'Compliance' },
  { value: 'tokenization', label: 'Tokenization' },
  { value: 'integration', label: 'Integration' },
  { value: 'other', label: 'Other' },
] as const;
export type ContactCategory = (typeof contactCategories)[number]['value'];

/** Spec 5.3 and 8: the notice when a required field is empty. */
export const contactRequiredMessage = 'Please fill in all required fields.';

const required = (max: number) =>
  z.string().trim().min(1, contactRequiredMessage).max(max, `Must be at most ${max} characters`);

/** POST /api/contact (spec 3.3): name, email, subject and message required; company and category optional. */
export const contactRequestSchema = z.strictObject({
  name: required(100),
  email: z.string().trim().min(1, contactRequiredMessage).pipe(z.email('Please enter a valid email address').max(254)),
  company: z.string().trim().max(200, 'Must be at most 200 characters').optional().default(''),
  subject: required(200),
  category: z
    .enum(contactCategories.map((category) => category.value) as [ContactCategory, ...ContactCategory[]])
    .optional()
    .default('other'),
  message: required(5000),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ticketId: z.string(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** Spec 9: promised first-response times per category, shown on the contact page and in the acknowledgement. */
export const supportResponseTimes: Record<ContactCategory, string> = {
  technical: '24-48 hours',
  business: 'same day',
  partnership: '3-5 business days',
  compliance: '24 hours',
  tokenization: '24 hours',
  integration: '24-48 hours',
  other: '24 hours',
};

/**
 * The platform's published contact details: one place for the web (footer, contact and policy pages; the build
 * variables VITE_EMAIL_DOMAIN, VITE_SUPPORT_EMAIL, VITE_EMERGENCY_EMAIL and VITE_SUPPORT_PHONE override them) and
 * chat-support (SUPPORT_EMAIL, where SLA breaches are sent). Spec 9's support hours are the policy texts' words.
 */
export const contactDefaults = {
  emailDomain: 'paymentsplatform.co.nz',
  supportEmail: 'support@paymentsplatform.co.nz',
  emergencyEmail: 'emergency@paymentsplatform.co.nz',
  phone: '+64 9 888 4200',
  supportHours: '9:00-18:00 NZST',
} as const;

export const businessHours = 'Monday to Friday, 9:00 AM to 6:00 PM NZ time (weekends: emergencies only)';
