import type * as ConfigFile from './config';

/** The identity config schema as a process with this NODE_ENV reads it (the schema's minimums depend on it). */
function schemaFor(nodeEnv: string): typeof ConfigFile.identityConfigSchema {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = nodeEnv;
  try {
    let schema: typeof ConfigFile.identityConfigSchema | undefined;
    jest.isolateModules(() => {
      schema = jest.requireActual<typeof ConfigFile>('./config').identityConfigSchema;
    });
    return schema!;
  } finally {
    process.env.NODE_ENV = previous;
  }
}

const problemsWith = (nodeEnv: string, env: Record<string, string>) =>
  (schemaFor(nodeEnv).safeParse(env).error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('identity config: the password hash cost', () => {
  it('defaults to 64 MiB and 3 passes', () => {
    const config = schemaFor('test').parse({});
    expect([config.PASSWORD_HASH_MEMORY_KIB, config.PASSWORD_HASH_PASSES]).toEqual([65_536, 3]);
  });

  it('takes 1 MiB and 1 pass outside production (the test stacks)', () => {
    const config = schemaFor('test').parse({ PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_PASSES: '1' });
    expect([config.PASSWORD_HASH_MEMORY_KIB, config.PASSWORD_HASH_PASSES]).toEqual([1024, 1]);
  });

  it('refuses a cost below 64 MiB or 3 passes in production', () => {
    const cheap = { PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_PASSES: '1' };
    expect(problemsWith('production', cheap)).toEqual(
      expect.arrayContaining(['PASSWORD_HASH_MEMORY_KIB', 'PASSWORD_HASH_PASSES']),
    );
    const standard = { PASSWORD_HASH_MEMORY_KIB: '65536', PASSWORD_HASH_PASSES: '3' };
    expect(problemsWith('production', standard)).not.toContain('PASSWORD_HASH_MEMORY_KIB');
    expect(problemsWith('production', standard)).not.toContain('PASSWORD_HASH_PASSES');
  });
});
