import { z } from 'zod';
import { businessOptionMessages, isBusinessType, isCountry } from './business-options';
import type { KybField } from './kyc';

export const personalProfileFields = [
  'firstName',
  'lastName',
  'phone',
  'dateOfBirth',
  'address',
  'city',
  'state',
  'postalCode',
  'country',
] as const;

export const businessProfileFields = [
  'companyName',
  'businessType',
  'taxId',
  'companyRegistrationNumber',
  'website',
  'businessAddress',
  'businessCity',
  'businessState',
  'businessPostalCode',
  'businessCountry',
] as const;

export const profileFields = [...personalProfileFields, ...businessProfileFields] as const;
export type ProfileField = (typeof profileFields)[number];

const text = z.string().max(500, 'Must be at most 500 characters');

/** The 19 optional text fields of spec 3.5; empty strings are sent for blanks (5.4). */
export const profileSchema = z.strictObject(
  Object.fromEntries(profileFields.map((field) => [field, text])) as Record<ProfileField, typeof text>,
);
export type Profile = z.infer<typeof profileSchema>;

export const emptyProfile = (): Profile => Object.fromEntries(profileFields.map((field) => [field, ''])) as Profile;

/**
 * Beside spec 3.5's 19 fields the profile keeps the rest of what registration asks about the
 * business (issue 39): its NZBN and whether it is registered for GST. Registration's company
 * number and IRD / tax number fill companyRegistrationNumber and taxId.
 */
export const registrationProfileFields = ['nzbn', 'gstRegistered'] as const;
export const userProfileFields = [...profileFields, ...registrationProfileFields] as const;
export type UserProfileField = (typeof userProfileFields)[number];

/** GET /api/user/profile: the 19 fields of spec 3.5, the NZBN and GST registration. */
export const userProfileSchema = profileSchema.extend({ nzbn: text, gstRegistered: z.boolean() });
export type UserProfile = z.infer<typeof userProfileSchema>;
export const emptyUserProfile = (): UserProfile => ({ ...emptyProfile(), nzbn: '', gstRegistered: false });

/** PUT /api/user/profile: any subset of the fields. */
export const updateProfileRequestSchema = userProfileSchema.partial();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/**
 * The profile's business numbers, checked as the KYB step checks them (`kybNumberIssues`) for the
 * business country, and which KYB number each is.
 */
export const profileKybFields = {
  nzbn: 'nzbn',
  companyRegistrationNumber: 'businessNumber',
  taxId: 'taxNumber',
} as const satisfies Partial<Record<UserProfileField, KybField>>;

/**
 * The fields Settings fills from a dropdown: their values come from the one list of
 * business-options.ts (spec 3.5's options plus registration's, so a registered value shows).
 * A blank is allowed (5.4); the profile service refuses any other value outside the list.
 */
export const profileOptionFields = {
  country: { isValid: isCountry, message: businessOptionMessages.country },
  businessType: { isValid: isBusinessType, message: businessOptionMessages.businessType },
  businessCountry: { isValid: isCountry, message: businessOptionMessages.businessCountry },
} as const satisfies Partial<Record<ProfileField, { isValid: (value: string) => boolean; message: string }>>;
