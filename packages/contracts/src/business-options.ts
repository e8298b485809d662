/**
 * The one list of business types and countries (issue 21). The registration wizard (spec 3.1) and
 * the Settings profile form (spec 3.5) both take their options from here, and identity and profile
 * store and validate the `value`, so a type or country chosen at registration shows in Settings.
 */

/**
 * Spec 3.1's five registration types and spec 3.5's settings types, 'Other' once and last.
 * Labels are the spec's texts.
 */
export const businessTypeOptions = [
  { value: 'sole_trader', label: 'Sole Trader' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'limited_company', label: 'Limited Company' },
  { value: 'trust', label: 'Trust' },
  { value: 'financial_technology', label: 'Financial Technology' },
  { value: 'real_estate', label: 'Real Estate' },
  { value: 'investment_management', label: 'Investment Management' },
  { value: 'consulting', label: 'Consulting' },
  { value: 'technology', label: 'Technology' },
  { value: 'manufacturing', label: 'Manufacturing' },
  { value: 'retail', label: 'Retail' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'education', label: 'Education' },
  { value: 'other', label: 'Other' },
] as const;
export type BusinessType = (typeof businessTypeOptions)[number]['value'];
type BusinessTypeOption = (typeof businessTypeOptions)[number];

/** Spec 5.1: registration offers and accepts "one of the five values" of spec 3.1. */
export const registrationBusinessTypeValues = [
  'sole_trader',
  'partnership',
  'limited_company',
  'trust',
  'other',
] as const satisfies readonly BusinessType[];

/** The wizard's five, in spec order, with their labels. */
export const registrationBusinessTypes = businessTypeOptions.filter((option) =>
  (registrationBusinessTypeValues as readonly string[]).includes(option.value),
) as Extract<BusinessTypeOption, { value: (typeof registrationBusinessTypeValues)[number] }>[];

/**
 * Spec 3.1's registration countries (spec 3.5's settings countries are all among them). A
 * country's stored value is its name, as registration has always sent it.
 */
export const countryOptions = [
  { value: 'New Zealand', label: 'New Zealand' },
  { value: 'Australia', label: 'Australia' },
  { value: 'United States', label: 'United States' },
  { value: 'United Kingdom', label: 'United Kingdom' },
  { value: 'Canada', label: 'Canada' },
  { value: 'Singapore', label: 'Singapore' },
  { value: 'Hong Kong', label: 'Hong Kong' },
  { value: 'Japan', label: 'Japan' },
  { value: 'Other', label: 'Other' },
] as const;
export type Country = (typeof countryOptions)[number]['value'];

export const businessTypeValues = businessTypeOptions.map((option) => option.value) as [
  BusinessType,
  ...BusinessType[],
];
export const countryValues = countryOptions.map((option) => option.value) as [Country, ...Country[]];

export const isBusinessType = (value: string): value is BusinessType =>
  (businessTypeValues as readonly string[]).includes(value);
export const isCountry = (value: string): value is Country => (countryValues as readonly string[]).includes(value);

/** The label to show for a stored value; a value not in the list is shown as it is. */
export const businessTypeLabel = (value: string): string =>
  businessTypeOptions.find((option) => option.value === value)?.label ?? value;
export const countryLabel = (value: string): string =>
  countryOptions.find((option) => option.value === value)?.label ?? value;

/** The 400 messages for a value outside the list (API callers see which values are accepted). */
export const businessOptionMessages = {
  businessType: `Business type must be one of: ${businessTypeValues.join(', ')}`,
  registrationBusinessType: `Business type must be one of: ${registrationBusinessTypeValues.join(', ')}`,
  country: `Country must be one of: ${countryValues.join(', ')}`,
  businessCountry: `Business country must be one of: ${countryValues.join(', ')}`,
} as const;
