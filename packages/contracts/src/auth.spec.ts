import type { z } from 'zod';
import {
  businessTypes,
  expectedVolumes,
  loginRequestSchema,
  missingVerificationTokenMessage,
  passwordSchema,
  registerRequestSchema,
  registrationFormSchema,
  registrationSteps,
  resetPasswordRequestSchema,
  verifyEmailQuerySchema,
} from './auth';
import { kybMessages } from './kyc';
import { validRegistration } from '../../../test-support/fixtures';

/** A request that passes every rule of spec 5.1. */
const validRequest = () => validRegistration('aroha@example.test');

const validForm = () => ({ ...validRequest(), confirmPassword: 'Roast3d!Beans' });

/** The issues of a failed parse as `path: message` lines (fails the test if the parse succeeded). */
function issuesOf(schema: z.ZodType, input: unknown): { path: string; message: string; code: string }[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message, code: issue.code }));
}

const messagesOf = (schema: z.ZodType, input: unknown) =>
  issuesOf(schema, input).map(({ path, message }) => ({ path, message }));

describe('registerRequestSchema (spec 3.1, 5.1)', () => {
  it('accepts a complete request, trims text and defaults marketingConsent to false', () => {
    const { marketingConsent: _omitted, ...withoutConsent } = validRequest();
    const parsed = registerRequestSchema.parse({
      ...withoutConsent,
      businessName: '  Kauri Coffee  ',
      firstName: ' Aroha ',
    });
    expect(parsed.marketingConsent).toBe(false);
    expect(parsed.businessName).toBe('Kauri Coffee');
    expect(parsed.firstName).toBe('Aroha');
    expect(parsed.referralCode).toBeUndefined();
  });

  it('accepts the business numbers (issue 39) and checks them for the country as the KYB step does', () => {
    const numbers = { nzbn: ' 9412345678904 ', businessNumber: '1234567', taxNumber: '49091850', gstRegistered: true };
    expect(registerRequestSchema.parse({ ...validRequest(), ...numbers })).toMatchObject({
      ...numbers,
      nzbn: '9412345678904',
    });
    expect(registerRequestSchema.parse({ ...validRequest(), nzbn: '', taxNumber: '  ' })).toMatchObject({
      nzbn: undefined,
      taxNumber: undefined,
      gstRegistered: false,
    });
    expect(messagesOf(registerRequestSchema, { ...validRequest(), nzbn: '9412345678905' })).toEqual([
      { path: 'nzbn', message: kybMessages.nzbn },
    ]);
    expect(messagesOf(registerRequestSchema, { ...validRequest(), taxNumber: '12345678' })).toEqual([
      { path: 'taxNumber', message: kybMessages.taxNumberNz },
    ]);
    const australian = { ...validRequest(), country: 'Australia' };
    expect(messagesOf(registerRequestSchema, { ...australian, nzbn: '9412345678904', businessNumber: '123' })).toEqual([
      { path: 'nzbn', message: kybMessages.nzbnOutsideNz },
      { path: 'businessNumber', message: kybMessages.businessNumberAu },
    ]);
    expect(messagesOf(registerRequestSchema, { ...validRequest(), gstRegistered: 'yes' }).map((i) => i.path)).toEqual([
      'gstRegistered',
    ]);
  });

  it('accepts an optional referral code of up to 64 characters and refuses a longer one', () => {
    expect(registerRequestSchema.parse({ ...validRequest(), referralCode: 'R'.repeat(64) }).referralCode).toBe(
      'R'.repeat(64),
    );
    expect(
      issuesOf(registerRequestSchema, { ...validRequest(), referralCode: 'R'.repeat(65) }).map((i) => i.path),
    ).toEqual(['referralCode']);
  });

  // One row per rule of the 5.1 table: the only issue raised carries the spec's message.
  it.each<[string, string, unknown, string]>([
    ['businessName', 'one character', 'K', 'Business name must be at least 2 characters'],
    ['businessName', 'one character padded with blanks', '   K   ', 'Business name must be at least 2 characters'],
    ['industryType', 'empty', '', 'Please select an industry type'],
    ['businessAddress', '9 characters', '12 Queen ', 'Business address is required'],
    ['businessAddress', 'blank', '               ', 'Business address is required'],
    ['country', 'empty', '', 'Please select a country'],
    ['firstName', 'one character', 'A', 'First name must be at least 2 characters'],
    ['lastName', 'one character', 'N', 'Last name must be at least 2 characters'],
    ['email', 'no @', 'aroha.example.test', 'Please enter a valid email address'],
    ['email', 'no domain', 'aroha@', 'Please enter a valid email address'],
    ['phone', '7 characters', '0215550', 'Phone number must be at least 8 characters'],
    ['position', 'one character', 'D', 'Position/title is required'],
    ['password', 'too short but otherwise strong', 'Ab1!xyz', 'Password must be at least 8 characters'],
    [
      'password',
      'no uppercase',
      'roast3d!beans',
      'Password must contain uppercase, lowercase, number and special character',
    ],
    [
      'password',
      'no lowercase',
      'ROAST3D!BEANS',
      'Password must contain uppercase, lowercase, number and special character',
    ],
    [
      'password',
      'no digit',
      'Roasted!Beans',
      'Password must contain uppercase, lowercase, number and special character',
    ],
    [
      'password',
      'no special character',
      'Roast3dBeans',
      'Password must contain uppercase, lowercase, number and special character',
    ],
    [
      'password',
      'a character outside the allowed set',
      'Roast3d!Beans#',
      'Password must contain uppercase, lowercase, number and special character',
    ],
    [
      'password',
      'a space',
      'Roast3d! Beans',
      'Password must contain uppercase, lowercase, number and special character',
    ],
    [
      'businessPurpose',
      '19 characters',
      'Coffee beans online',
      'Please provide at least 20 characters describing your business purpose',
    ],
    ['termsAccepted', 'false', false, 'You must accept the terms and conditions'],
    ['privacyAccepted', 'false', false, 'You must accept the privacy policy'],
    ['amlAccepted', 'false', false, 'You must accept the AML policy'],
  ])('%s (%s) is refused with the spec message', (field, _case, value, message) => {
    expect(messagesOf(registerRequestSchema, { ...validRequest(), [field]: value })).toEqual([
      { path: field, message },
    ]);
  });

  it('accepts exactly the minimum lengths of spec 9', () => {
    const minimal = {
      ...validRequest(),
      businessName: 'Ka',
      businessAddress: '12 Queen S',
      firstName: 'Al',
      lastName: 'Ng',
      phone: '02155501',
      position: 'CE',
      password: 'Abcdef1!',
      businessPurpose: 'x'.repeat(20),
    };
    expect(registerRequestSchema.safeParse(minimal).success).toBe(true);
  });

  it.each([
    ['businessType', 'llc'],
    ['businessType', 'Limited Company'],
    ['expectedVolume', 'lots'],
    ['expectedVolume', '10K_100K'],
  ])('%s refuses %j (not one of the enumerated values)', (field, value) => {
    expect(issuesOf(registerRequestSchema, { ...validRequest(), [field]: value })).toEqual([
      expect.objectContaining({ path: field, code: 'invalid_value' }),
    ]);
  });

  it.each(businessTypes.map((t) => t.value))('businessType accepts %s', (value) => {
    expect(registerRequestSchema.safeParse({ ...validRequest(), businessType: value }).success).toBe(true);
  });

  it.each(expectedVolumes.map((v) => v.value))('expectedVolume accepts %s', (value) => {
    expect(registerRequestSchema.safeParse({ ...validRequest(), expectedVolume: value }).success).toBe(true);
  });

  it.each([
    ['termsAccepted', 'yes', 'You must accept the terms and conditions'],
    ['termsAccepted', 1, 'You must accept the terms and conditions'],
    ['privacyAccepted', 'true', 'You must accept the privacy policy'],
    ['amlAccepted', null, 'You must accept the AML policy'],
  ])('%s refuses the non-boolean %j with the spec message', (field, value, message) => {
    expect(messagesOf(registerRequestSchema, { ...validRequest(), [field]: value })).toEqual([
      { path: field, message },
    ]);
  });

  it.each([
    ['email', 42],
    ['businessName', ['Kauri', 'Coffee']],
    ['phone', 64215550199],
    ['marketingConsent', 'no'],
    ['firstName', null],
  ])('%s refuses the wrong type %j', (field, value) => {
    expect(issuesOf(registerRequestSchema, { ...validRequest(), [field]: value }).map((i) => i.path)).toEqual([field]);
  });

  it('refuses unknown fields, naming them (no mass assignment of role or verification)', () => {
    const issues = issuesOf(registerRequestSchema, { ...validRequest(), role: 'admin', emailVerified: true });
    expect(issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', path: '' })]);
    expect(registerRequestSchema.safeParse({ ...validRequest(), role: 'admin' }).error?.issues[0]).toMatchObject({
      keys: ['role'],
    });
  });

  it('refuses confirmPassword and the form-only fields: they are never sent (spec 3.1)', () => {
    for (const field of ['confirmPassword', 'businessNumber', 'nzbn', 'taxNumber', 'gstRegistered']) {
      expect(registerRequestSchema.safeParse({ ...validRequest(), [field]: 'x' }).success).toBe(false);
    }
  });

  it('reports every missing required field and only those', () => {
    const paths = issuesOf(registerRequestSchema, {})
      .map((i) => i.path)
      .sort();
    expect(paths).toEqual(
      [
        'amlAccepted',
        'businessAddress',
        'businessName',
        'businessPurpose',
        'businessType',
        'country',
        'email',
        'expectedVolume',
        'firstName',
        'industryType',
        'lastName',
        'password',
        'phone',
        'position',
        'privacyAccepted',
        'termsAccepted',
      ].sort(),
    );
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, undefined, [], 'text', 42])
      expect(registerRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('password rules', () => {
  it.each(['Abcdef1!', 'Abcdef1@', 'Abcdef1$', 'Abcdef1%', 'Abcdef1*', 'Abcdef1?', 'Abcdef1&', 'Zz9@Zz9@Zz9@'])(
    'accepts %s',
    (password) => {
      expect(passwordSchema.safeParse(password).success).toBe(true);
    },
  );

  it.each(['Abcdef1!#', 'Abcdef1!^', 'Abcdef1!-', 'Abcdef1!_', 'Abcdéf1!', 'Abcdef1!\u00a0', 'Abcdef1!\n'])(
    'refuses %j: a character outside letters, digits and @$!%*?&',
    (password) => {
      expect(messagesOf(passwordSchema, password)).toEqual([
        { path: '', message: 'Password must contain uppercase, lowercase, number and special character' },
      ]);
    },
  );

  it('refuses more than 128 characters', () => {
    expect(passwordSchema.safeParse(`Aa1!${'a'.repeat(124)}`).success).toBe(true);
    expect(messagesOf(passwordSchema, `Aa1!${'a'.repeat(125)}`)).toEqual([
      { path: '', message: 'Password must be at most 128 characters' },
    ]);
  });

  it('reports both rules for a short, weak password', () => {
    expect(messagesOf(passwordSchema, 'abc').map((i) => i.message)).toEqual([
      'Password must be at least 8 characters',
      'Password must contain uppercase, lowercase, number and special character',
    ]);
  });
});

describe('registrationFormSchema (the wizard)', () => {
  it('accepts the form with matching passwords and the optional business numbers', () => {
    const parsed = registrationFormSchema.parse({ ...validForm(), nzbn: '9412345678904', taxNumber: '49-091-850' });
    expect(parsed.gstRegistered).toBe(false);
    expect(parsed.nzbn).toBe('9412345678904');
  });

  it('checks the business numbers as the KYB step does, even while other steps are empty', () => {
    expect(
      messagesOf(registrationFormSchema, { ...validForm(), nzbn: '9429041234567', taxNumber: '123-456-789' }),
    ).toEqual([
      { path: 'nzbn', message: kybMessages.nzbn },
      { path: 'taxNumber', message: kybMessages.taxNumberNz },
    ]);
    const stepOne = { businessName: 'Kauri', country: 'New Zealand', businessNumber: '123456789' };
    expect(messagesOf(registrationFormSchema, stepOne)).toContainEqual({
      path: 'businessNumber',
      message: kybMessages.businessNumberNz,
    });
  });

  it('refuses a mismatched confirmation with "Passwords don\'t match" on confirmPassword', () => {
    expect(messagesOf(registrationFormSchema, { ...validForm(), confirmPassword: 'Roast3d!Beanz' })).toEqual([
      { path: 'confirmPassword', message: "Passwords don't match" },
    ]);
  });

  it('keeps the field messages of the request schema', () => {
    expect(messagesOf(registrationFormSchema, { ...validForm(), phone: '123' })).toEqual([
      { path: 'phone', message: 'Phone number must be at least 8 characters' },
    ]);
  });
});

describe('registrationSteps', () => {
  const formFields = Object.keys(registrationFormSchema.shape);

  it('places every form field in exactly one step', () => {
    const placed: string[] = Object.values(registrationSteps).flat();
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual([...formFields].sort());
  });

  it('covers all 21 request fields plus the password confirmation', () => {
    expect(formFields).toHaveLength(22);
    expect(Object.keys(registrationSteps)).toEqual(['1', '2', '3', '4']);
  });

  it('puts the acceptances on the last step and the password with its confirmation', () => {
    expect(registrationSteps[4]).toEqual(expect.arrayContaining(['termsAccepted', 'privacyAccepted', 'amlAccepted']));
    expect(registrationSteps[3]).toEqual(expect.arrayContaining(['password', 'confirmPassword']));
  });
});

describe('loginRequestSchema (spec 5.2)', () => {
  it('accepts any password of 8+ characters (no strength rule at sign-in)', () => {
    expect(loginRequestSchema.parse({ email: 'a@example.test', password: 'aaaaaaaa' })).toEqual({
      email: 'a@example.test',
      password: 'aaaaaaaa',
    });
  });

  it.each<[string, object, { path: string; message: string }[]]>([
    [
      'invalid email',
      { email: 'nope', password: 'Whatever1!' },
      [{ path: 'email', message: 'Please enter a valid email address' }],
    ],
    [
      'short password',
      { email: 'a@example.test', password: 'Short1!' },
      [{ path: 'password', message: 'Password must be at least 8 characters' }],
    ],
  ])('%s gives the spec message', (_case, body, expected) => {
    expect(messagesOf(loginRequestSchema, body)).toEqual(expected);
  });

  it('refuses missing fields, wrong types and unknown fields', () => {
    expect(
      issuesOf(loginRequestSchema, {})
        .map((i) => i.path)
        .sort(),
    ).toEqual(['email', 'password']);
    expect(
      issuesOf(loginRequestSchema, { email: 42, password: 12345678 })
        .map((i) => i.path)
        .sort(),
    ).toEqual(['email', 'password']);
    expect(issuesOf(loginRequestSchema, { email: 'a@example.test', password: 'aaaaaaaa', remember: true })).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys' }),
    ]);
    expect(loginRequestSchema.safeParse({ email: 'a@example.test', password: 'a'.repeat(129) }).success).toBe(false);
  });
});

describe('verifyEmailQuerySchema (spec 5.5)', () => {
  it.each<[string, unknown]>([
    ['missing token', {}],
    ['empty token', { token: '' }],
    ['repeated token', { token: ['a', 'b'] }],
    ['201-character token', { token: 't'.repeat(201) }],
  ])('%s gives the missing-link message', (_case, query) => {
    expect(messagesOf(verifyEmailQuerySchema, query)).toEqual([
      { path: 'token', message: missingVerificationTokenMessage },
    ]);
  });

  it('keeps the exact spec text', () => {
    expect(missingVerificationTokenMessage).toBe(
      'Invalid verification link. Please check your email for the correct link.',
    );
    expect(verifyEmailQuerySchema.parse({ token: 'abc', utm_source: 'mail' })).toEqual({ token: 'abc' });
  });
});

describe('resetPasswordRequestSchema', () => {
  const valid = { token: 'tok', password: 'N3w!Password', confirmPassword: 'N3w!Password' };

  it('accepts matching strong passwords and refuses a mismatch on confirmPassword', () => {
    expect(resetPasswordRequestSchema.parse(valid)).toEqual(valid);
    expect(messagesOf(resetPasswordRequestSchema, { ...valid, confirmPassword: 'N3w!Passw0rd' })).toEqual([
      { path: 'confirmPassword', message: "Passwords don't match" },
    ]);
  });

  it('applies the registration password rules and refuses an empty token', () => {
    expect(
      messagesOf(resetPasswordRequestSchema, { ...valid, password: 'password1', confirmPassword: 'password1' }),
    ).toEqual([
      { path: 'password', message: 'Password must contain uppercase, lowercase, number and special character' },
    ]);
    expect(messagesOf(resetPasswordRequestSchema, { ...valid, token: '' })).toEqual([
      { path: 'token', message: 'Invalid or expired reset link.' },
    ]);
  });
});

describe('registrationFormSchema password confirmation', () => {
  it("reports a mismatch even while other steps' fields are still invalid", () => {
    const result = registrationFormSchema.safeParse({ password: 'Abcdef1!', confirmPassword: 'Abcdef1?' });
    expect(result.success).toBe(false);
    const confirm = result.error!.issues.filter((issue) => issue.path.join('.') === 'confirmPassword');
    expect(confirm.map((issue) => issue.message)).toContain("Passwords don't match");
  });
});
