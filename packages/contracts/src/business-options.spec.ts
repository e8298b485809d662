import {
  businessOptionMessages,
  businessTypeLabel,
  businessTypeOptions,
  countryLabel,
  countryOptions,
  isBusinessType,
  isCountry,
  registrationBusinessTypes,
} from './business-options';
import { registerRequestSchema } from './auth';
import { profileOptionFields } from './profile';

const labels = (options: readonly { label: string }[]) => options.map((option) => option.label);

describe('one list of business types and countries (issue 21)', () => {
  it("offers spec 3.1's five registration types, labelled as the spec writes them", () => {
    expect(registrationBusinessTypes).toEqual([
      { value: 'sole_trader', label: 'Sole Trader' },
      { value: 'partnership', label: 'Partnership' },
      { value: 'limited_company', label: 'Limited Company' },
      { value: 'trust', label: 'Trust' },
      { value: 'other', label: 'Other' },
    ]);
  });

  it("holds every spec 3.5 settings type and every registration type, 'Other' once and last", () => {
    const settings35 = [
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
    ];
    expect(labels(businessTypeOptions)).toEqual(
      expect.arrayContaining([...settings35, ...labels(registrationBusinessTypes)]),
    );
    expect(labels(businessTypeOptions).filter((label) => label === 'Other')).toHaveLength(1);
    expect(businessTypeOptions.at(-1)).toEqual({ value: 'other', label: 'Other' });
    expect(new Set(businessTypeOptions.map((option) => option.value)).size).toBe(businessTypeOptions.length);
  });

  it('holds the countries of spec 3.1 (which include those of 3.5), stored by name', () => {
    expect(labels(countryOptions)).toEqual([
      'New Zealand',
      'Australia',
      'United States',
      'United Kingdom',
      'Canada',
      'Singapore',
      'Hong Kong',
      'Japan',
      'Other',
    ]);
    for (const option of countryOptions) expect(option.value).toBe(option.label);
  });

  it('names a stored value by its label, and an unknown one as it is', () => {
    expect(businessTypeLabel('limited_company')).toBe('Limited Company');
    expect(businessTypeLabel('real_estate')).toBe('Real Estate');
    expect(businessTypeLabel('Something else')).toBe('Something else');
    expect(countryLabel('Japan')).toBe('Japan');
  });

  it('tells values of the list from others (labels are not values)', () => {
    expect(isBusinessType('limited_company')).toBe(true);
    expect(isBusinessType('Limited Company')).toBe(false);
    expect(isCountry('Hong Kong')).toBe(true);
    expect(isCountry('hong kong')).toBe(false);
    expect(isCountry('Germany')).toBe(false);
  });

  it('refuses a registration country outside the list with a message naming the accepted ones', () => {
    const result = registerRequestSchema.safeParse({ ...registration(), country: 'Germany' });
    expect(result.error?.issues.map(({ path, message }) => ({ path: path.join('.'), message }))).toEqual([
      { path: 'country', message: businessOptionMessages.country },
    ]);
    expect(businessOptionMessages.country).toContain('Hong Kong, Japan, Other');
  });

  it('accepts a settings-only business type in the profile but not at registration (spec 5.1: the five)', () => {
    expect(profileOptionFields.businessType.isValid('financial_technology')).toBe(true);
    expect(registerRequestSchema.safeParse({ ...registration(), businessType: 'financial_technology' }).success).toBe(
      false,
    );
    expect(profileOptionFields.country.isValid('Japan')).toBe(true);
    expect(profileOptionFields.businessCountry.isValid('Atlantis')).toBe(false);
  });
});

function registration() {
  return {
    businessName: 'Kauri Coffee Roasters',
    businessType: 'limited_company',
    industryType: 'Hospitality & Tourism',
    businessAddress: '12 Queen Street, Auckland 1010',
    country: 'Japan',
    firstName: 'Aroha',
    lastName: 'Ngata',
    email: 'aroha@example.test',
    phone: '+64 21 555 0199',
    position: 'Director',
    password: 'Roast3d!Beans',
    expectedVolume: '10k_100k',
    businessPurpose: 'Online sales of roasted coffee beans to cafes and households.',
    termsAccepted: true,
    privacyAccepted: true,
    amlAccepted: true,
  };
}
