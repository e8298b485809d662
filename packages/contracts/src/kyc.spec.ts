import {
  isValidAbn,
  isValidIrd,
  isValidNzbn,
  isValidTfn,
  kybDetailsSchema,
  kybMessages,
  kycRequiredMessage,
  kycStatusOfSession,
} from './kyc';

const issuesOf = (input: unknown) => {
  const parsed = kybDetailsSchema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('KYB number formats', () => {
  it('accepts an NZBN with the GS1 check digit and refuses one digit off', () => {
    expect(isValidNzbn('9429041000014')).toBe(true);
    expect(isValidNzbn('9429 0410 000 14')).toBe(true);
    expect(isValidNzbn('9429041000015')).toBe(false);
    expect(isValidNzbn('1429041000014')).toBe(false);
    expect(isValidNzbn('942904100001')).toBe(false);
  });

  it("checks an IRD number with Inland Revenue's weights, falling back to the secondary ones", () => {
    for (const valid of ['49091850', '35901981', '49098576', '136410132', '49-091-850'])
      expect(isValidIrd(valid)).toBe(true);
    for (const invalid of ['136410133', '9125568', '150000001', 'abcdefgh']) expect(isValidIrd(invalid)).toBe(false);
  });

  it('checks an ABN (mod 89) and a TFN (mod 11)', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidTfn('123 456 782')).toBe(true);
    expect(isValidTfn('123 456 789')).toBe(false);
  });

  it("judges each number by the business's country and names the field that failed", () => {
    expect(
      issuesOf({ country: 'New Zealand', nzbn: '9429041000014', taxNumber: '49091850', businessNumber: '1234567' }),
    ).toEqual({});
    expect(issuesOf({ country: 'Australia', businessNumber: '51824753556', taxNumber: '123456782' })).toEqual({});
    expect(issuesOf({ country: 'Australia', nzbn: '9429041000014', businessNumber: '51824753557' })).toEqual({
      nzbn: kybMessages.nzbnOutsideNz,
      businessNumber: kybMessages.businessNumberAu,
    });
    expect(issuesOf({ country: 'New Zealand', taxNumber: '136410133' })).toEqual({
      taxNumber: kybMessages.taxNumberNz,
    });
    expect(issuesOf({ country: 'Japan', businessNumber: '!', taxNumber: 'T1234567890123' })).toEqual({
      businessNumber: kybMessages.businessNumberOther,
    });
    expect(issuesOf({ country: '' })).toEqual({ country: kybMessages.country });
  });

  it('treats empty numbers as not given', () => {
    expect(kybDetailsSchema.parse({ country: 'New Zealand', nzbn: '', taxNumber: ' ' })).toEqual({
      country: 'New Zealand',
    });
  });
});

describe('KYC status', () => {
  it('keeps a new or cancelled session pending and asks for input only after a failed check', () => {
    expect(kycStatusOfSession('requires_input', false)).toBe('pending');
    expect(kycStatusOfSession('requires_input', true)).toBe('requires_input');
    expect(kycStatusOfSession('canceled', false)).toBe('pending');
    expect(kycStatusOfSession('processing', false)).toBe('processing');
    expect(kycStatusOfSession('verified', false)).toBe('verified');
  });

  it("opens the gate's message with the spec's alert and says where to verify", () => {
    expect(kycRequiredMessage('payout')).toBe(
      'Please complete KYC verification first: verify your identity under Settings → Verification before requesting a payout.',
    );
  });
});
