import { ErrorCode } from '@app/contracts';
import { z } from 'zod';
import { AppError } from './app-error';
import { detailsOf, parseInput } from './validation';

const schema = z.strictObject({
  email: z.email('Please enter a valid email address'),
  name: z.string().trim().min(2, 'Name must be at least 2 characters'),
  age: z.number().int().optional(),
  address: z.object({ city: z.string().min(1, 'City is required') }).optional(),
  accepted: z.literal(true, { error: 'You must accept' }),
});

/** The AppError parseInput throws, or a failure if it did not throw one. */
function thrownBy(input: unknown): AppError {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('parseInput accepted the input');
}

const valid = { email: 'a@example.test', name: 'Ana', accepted: true };

describe('parseInput', () => {
  it('returns the parsed (transformed) value on success', () => {
    expect(parseInput(schema, { ...valid, name: '  Ana  ' })).toEqual({ ...valid, name: 'Ana' });
  });

  it('throws a 400 VALIDATION_FAILED AppError whose message is the first detail', () => {
    const error = thrownBy({ ...valid, name: 'A' });
    expect(error.code).toBe(ErrorCode.ValidationFailed);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Name must be at least 2 characters');
    expect(error.toBody()).toEqual({
      error: 'VALIDATION_FAILED',
      message: 'Name must be at least 2 characters',
      details: [{ path: 'name', message: 'Name must be at least 2 characters' }],
    });
  });

  it('reports one detail per failing field', () => {
    const error = thrownBy({ email: 'nope', name: 'A', accepted: false });
    expect(error.details).toEqual([
      { path: 'email', message: 'Please enter a valid email address' },
      { path: 'name', message: 'Name must be at least 2 characters' },
      { path: 'accepted', message: 'You must accept' },
    ]);
  });

  it('refuses a missing body with a root-level "Required"', () => {
    expect(thrownBy(undefined).details).toEqual([{ path: '', message: 'Required' }]);
  });

  it('refuses a null or array body at the root', () => {
    expect(thrownBy(null).details).toEqual([{ path: '', message: expect.any(String) }]);
    expect(thrownBy([]).details).toEqual([{ path: '', message: expect.any(String) }]);
  });

  // KNOWN BUG: detailsOf decides "missing" from `issue.input === undefined`, but zod 4 leaves
  // `input` out of issues unless parsed with `reportInput: true`, so every wrong-type value is
  // reported as "Required". Remove `.failing` once detailsOf is fixed.
  it('does not call a present null or array body "Required"', () => {
    expect(thrownBy(null).details).toEqual([
      { path: '', message: expect.stringMatching(/expected object, received null/) },
    ]);
    expect(thrownBy([]).details).toEqual([
      { path: '', message: expect.stringMatching(/expected object, received array/) },
    ]);
  });
});

describe('parseInput: NUL characters', () => {
  it('names where a NUL sits, in a value or a key, at any depth', () => {
    const nul = '\u0000';
    expect(thrownBy({ ...valid, name: `A${nul}na` }).details).toEqual([
      { path: 'name', message: 'Text must not contain NUL characters' },
    ]);
    expect(thrownBy({ ...valid, address: { [`ci${nul}ty`]: 'x' } }).details![0]!.path).toBe(`address.ci${nul}ty`);
    let deep: unknown = `x${nul}`;
    for (let i = 0; i < 3; i++) deep = [deep];
    expect(thrownBy({ ...valid, address: { city: deep } }).details![0]!.path).toBe('address.city.0.0.0');
  });

  it("walks a body nested 40,000 deep and answers with the schema's message", () => {
    const nested: unknown = JSON.parse(`${'['.repeat(40_000)}${']'.repeat(40_000)}`);
    expect(thrownBy(nested).details).toEqual([{ path: '', message: expect.stringMatching(/expected object/) }]);
  });
});

describe('detailsOf', () => {
  const detailsFor = (input: unknown) => detailsOf(schema.safeParse(input).error!, input);

  it('names unknown keys in both path and message', () => {
    expect(detailsFor({ ...valid, role: 'admin' })).toEqual([{ path: 'role', message: 'Unknown field(s): role' }]);
    expect(detailsFor({ ...valid, role: 'admin', isAdmin: true })).toEqual([
      { path: 'role,isAdmin', message: 'Unknown field(s): role, isAdmin' },
    ]);
  });

  it('says "Required" for a missing field whose schema has no message of its own', () => {
    expect(detailsFor({ email: valid.email, accepted: true })).toEqual([{ path: 'name', message: 'Required' }]);
  });

  it("keeps a schema's own message for a missing field", () => {
    expect(detailsFor({ name: 'Ana', accepted: true })).toEqual([
      { path: 'email', message: 'Please enter a valid email address' },
    ]);
    expect(detailsFor({ email: valid.email, name: 'Ana' })).toEqual([{ path: 'accepted', message: 'You must accept' }]);
  });

  it('names the field of a present value of the wrong type', () => {
    expect(detailsFor({ ...valid, name: 5 }).map((detail) => detail.path)).toEqual(['name']);
    expect(detailsFor({ ...valid, age: '5' }).map((detail) => detail.path)).toEqual(['age']);
  });

  // KNOWN BUG (see above): today both come back as { message: 'Required' }.
  it('keeps the type message (not "Required") for a present value of the wrong type', () => {
    expect(detailsFor({ ...valid, name: 5 })).toEqual([
      { path: 'name', message: 'Invalid input: expected string, received number' },
    ]);
    expect(detailsFor({ ...valid, age: '5' })).toEqual([
      { path: 'age', message: 'Invalid input: expected number, received string' },
    ]);
  });

  it('joins nested paths with dots', () => {
    expect(detailsFor({ ...valid, address: { city: '' } })).toEqual([
      { path: 'address.city', message: 'City is required' },
    ]);
    expect(detailsFor({ ...valid, address: {} })).toEqual([{ path: 'address.city', message: 'Required' }]);
  });
});
