import {
  businessProfileFields,
  emptyProfile,
  personalProfileFields,
  profileFields,
  profileSchema,
  updateProfileRequestSchema,
} from './profile';

const spec35 = [
  // Personal
  'firstName',
  'lastName',
  'phone',
  'dateOfBirth',
  'address',
  'city',
  'state',
  'postalCode',
  'country',
  // Business
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
];

describe('profileSchema (spec 3.5, 5.4)', () => {
  it('has exactly the 19 fields of spec 3.5, 9 personal and 10 business', () => {
    expect(Object.keys(profileSchema.shape).sort()).toEqual([...spec35].sort());
    expect(profileFields).toHaveLength(19);
    expect(new Set(profileFields).size).toBe(19);
    expect(personalProfileFields).toHaveLength(9);
    expect(businessProfileFields).toHaveLength(10);
  });

  it('accepts all-empty strings (blanks are sent as empty strings)', () => {
    expect(profileSchema.parse(emptyProfile())).toEqual(Object.fromEntries(spec35.map((field) => [field, ''])));
  });

  it('is strict: an unknown field is refused and named', () => {
    const result = profileSchema.safeParse({ ...emptyProfile(), role: 'admin' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: ['role'] })]);
  });

  it.each(spec35)('%s accepts 500 characters and refuses 501 with "Must be at most 500 characters"', (field) => {
    expect(profileSchema.safeParse({ ...emptyProfile(), [field]: 'x'.repeat(500) }).success).toBe(true);
    const result = profileSchema.safeParse({ ...emptyProfile(), [field]: 'x'.repeat(501) });
    expect(result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))).toEqual([
      { path: field, message: 'Must be at most 500 characters' },
    ]);
  });

  it('counts characters, not bytes (500 multi-byte characters are fine)', () => {
    expect(profileSchema.safeParse({ ...emptyProfile(), city: 'ā'.repeat(500) }).success).toBe(true);
  });

  it.each([5, null, true, ['Auckland'], { value: 'Auckland' }])('refuses the non-string %j', (value) => {
    const result = profileSchema.safeParse({ ...emptyProfile(), firstName: value });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['firstName']);
  });

  it('requires every field in the full profile', () => {
    const { website: _dropped, ...rest } = emptyProfile();
    expect(profileSchema.safeParse(rest).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['website']);
  });
});

describe('updateProfileRequestSchema (PUT /api/user/profile)', () => {
  it('accepts any subset, including none, without filling the others in', () => {
    expect(updateProfileRequestSchema.parse({})).toEqual({});
    expect(updateProfileRequestSchema.parse({ city: 'Wellington', website: '' })).toEqual({
      city: 'Wellington',
      website: '',
    });
  });

  it('keeps the strictness and the 500-character limit', () => {
    expect(updateProfileRequestSchema.safeParse({ city: 'Wellington', isAdmin: true }).success).toBe(false);
    expect(updateProfileRequestSchema.safeParse({ city: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(
      'Must be at most 500 characters',
    );
  });

  it('refuses explicit undefined-like nulls and arrays as the body', () => {
    expect(updateProfileRequestSchema.safeParse({ city: null }).success).toBe(false);
    expect(updateProfileRequestSchema.safeParse([]).success).toBe(false);
    expect(updateProfileRequestSchema.safeParse(null).success).toBe(false);
  });
});
