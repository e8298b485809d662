import { registrationFormSchema, registrationSteps, type RegisterRequest, type RegistrationForm } from '@app/contracts';
import type { z } from 'zod';
import { firstIssuePerField } from '../../lib/zodRule';

export type WizardStep = 1 | 2 | 3 | 4;
export type RegistrationField = keyof RegistrationForm;
/** What the form holds while being filled in: acceptances may still be false, selects empty. */
export type RegistrationValues = {
  [K in RegistrationField]?: RegistrationForm[K] extends boolean | undefined ? boolean : RegistrationForm[K];
};
export type FieldErrors = Partial<Record<RegistrationField, string>>;

export const wizardSteps = [
  { step: 1, title: 'Business Details', description: 'Tell us about your business.' },
  { step: 2, title: 'Contact Information', description: 'Who should we contact about this account?' },
  { step: 3, title: 'Account Setup', description: 'Secure your account and describe how you will use it.' },
  { step: 4, title: 'Compliance & Terms', description: 'Review and accept our policies.' },
] as const satisfies readonly { step: WizardStep; title: string; description: string }[];

/** Spec 3.1 defaults. */
export const registrationDefaults: RegistrationValues = {
  businessName: '',
  businessType: 'limited_company',
  businessAddress: '',
  country: 'New Zealand',
  businessNumber: '',
  nzbn: '',
  taxNumber: '',
  gstRegistered: false,
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  position: '',
  password: '',
  confirmPassword: '',
  expectedVolume: 'under_10k',
  businessPurpose: '',
  termsAccepted: false,
  privacyAccepted: false,
  amlAccepted: false,
  marketingConsent: false,
};

export const acceptanceFields = ['termsAccepted', 'privacyAccepted', 'amlAccepted'] as const;

const allFields = Object.keys(registrationFormSchema.shape) as RegistrationField[];

export function isRegistrationField(name: string): name is RegistrationField {
  return (allFields as string[]).includes(name);
}

export function stepOfField(field: RegistrationField): WizardStep | undefined {
  const steps = [1, 2, 3, 4] as const;
  return steps.find((step) => (registrationSteps[step] as readonly string[]).includes(field));
}

/** The first step (1, 2 or 3) holding one of the fields, as the wizard jumps there. */
export function firstStepWithError(fields: readonly RegistrationField[]): 1 | 2 | 3 | undefined {
  const steps = fields.map(stepOfField).filter((step): step is 1 | 2 | 3 => step !== undefined && step < 4);
  return steps.length ? (Math.min(...steps) as 1 | 2 | 3) : undefined;
}

function normalise(values: RegistrationValues): Record<string, unknown> {
  return { ...values, industryType: values.industryType ?? '' };
}

/** Messages for the given fields only, from the shared registration schema. */
export function validateFields(values: RegistrationValues, fields: readonly RegistrationField[]): FieldErrors {
  const result = registrationFormSchema.safeParse(normalise(values));
  if (result.success) return {};
  const messages = firstIssuePerField(result.error);
  const errors: FieldErrors = {};
  for (const field of fields) if (messages[field]) errors[field] = messages[field];
  return errors;
}

type ValidRegistration = z.output<typeof registrationFormSchema>;

export function validateForm(
  values: RegistrationValues,
): { success: true; data: ValidRegistration } | { success: false; errors: FieldErrors } {
  const result = registrationFormSchema.safeParse(normalise(values));
  if (result.success) return { success: true, data: result.data };
  return { success: false, errors: firstIssuePerField(result.error) as FieldErrors };
}

/**
 * The request body: the form minus the password's confirmation. The business numbers and GST
 * registration are sent (issue 39: the profile keeps them and Settings shows them).
 */
export function toRegisterRequest(form: ValidRegistration, referralCode: string | undefined): RegisterRequest {
  const { confirmPassword: _confirmation, ...request } = form;
  const code = referralCode?.trim();
  return code && code.length <= 64 ? { ...request, referralCode: code } : request;
}
