import { z } from 'zod';

/** Spec 3.5 settings options. */
export const profileCountries = [
  'New Zealand',
  'Australia',
  'United States',
  'Canada',
  'United Kingdom',
  'Singapore',
  'Other',
] as const;

export const profileBusinessTypes = [
  'Financial Technology',
  'Real Estate',
  'Investment Management',
  'Consulting',
  'Technology',
  'Manufacturing',
  'Retail',
  'Healthcare',
  'Education',
  'Other',
] as const;

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

/** PUT /api/user/profile: any subset of the 19 fields. */
export const updateProfileRequestSchema = profileSchema.partial();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const emptyProfile = (): Profile => Object.fromEntries(profileFields.map((field) => [field, ''])) as Profile;
