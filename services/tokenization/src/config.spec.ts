import { generatePrivateKey, mnemonicToAccount } from 'viem/accounts';
import { toHex } from 'viem';
import type * as ConfigFile from './config';

/** config.ts as a process with this NODE_ENV loads it (its defaults and checks depend on it). */
function configFor(nodeEnv: string): typeof ConfigFile {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = nodeEnv;
  try {
    let file: typeof ConfigFile | undefined;
    jest.isolateModules(() => {
      file = jest.requireActual<typeof ConfigFile>('./config');
    });
    return file!;
  } finally {
    process.env.NODE_ENV = previous;
  }
}

/** What a production pod of the chart is given, besides the deployer key. */
const production = {
  NODE_ENV: 'production',
  SERVICE_NAME: 'tokenization',
  PORT: '3010',
  DATABASE_URL: 'postgres://tokenization:secret@postgres:5432/platform',
  REDIS_URL: 'redis://tokenization:secret@redis:6379/0',
  KAFKA_BROKERS: 'kafka:9092',
  JWT_PUBLIC_KEYS: 'dev-cluster:ZFZJgHwfKkM8LBn7qgW-xyvz7BJ4f7KVl0sbo0w_PZU',
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
  STRIPE_TOKENIZATION_WEBHOOK_SECRET: 'whsec_abc',
  POLYGON_RPC_URL: 'https://polygon-rpc.example.com',
  ETHEREUM_RPC_URL: 'https://ethereum-rpc.example.com',
  SANCTIONS_LIST_PATH: '/var/lib/sanctions/sdn.csv',
};

/** The first 20 accounts of a development chain's mnemonic (m/44'/60'/0'/0/i), derived here again. */
const keysOf = (mnemonic: string) =>
  Array.from({ length: 20 }, (_, addressIndex) =>
    toHex(mnemonicToAccount(mnemonic, { addressIndex }).getHdKey().privateKey!),
  );
const HARDHAT = keysOf('test test test test test test test test test test test junk');
const GANACHE = keysOf('myth like bonus scare over problem client lizard pioneer submit female collect');

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('tokenization config: who holds the deployer key', () => {
  it('derives the documented well-known keys (Hardhat #0, Ganache #0)', () => {
    expect(HARDHAT[0]).toBe('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    expect(GANACHE[0]).toBe('0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d');
    const { WELL_KNOWN_DEV_KEYS } = configFor('test');
    expect([...WELL_KNOWN_DEV_KEYS].sort()).toEqual([...HARDHAT, ...GANACHE].sort());
  });

  it('the API loads without a deployer key, chain or sanctions list, and never exposes a key it is given', () => {
    const { tokenizationConfigSchema } = configFor('production');
    const env = {
      ...production,
      EVM_DEPLOYER_PRIVATE_KEY: generatePrivateKey(),
    } as Record<string, string>;
    const withoutKey = { ...env };
    delete withoutKey.EVM_DEPLOYER_PRIVATE_KEY;
    delete withoutKey.POLYGON_RPC_URL;
    delete withoutKey.ETHEREUM_RPC_URL;
    delete withoutKey.SANCTIONS_LIST_PATH;
    expect(issuesOf(tokenizationConfigSchema.safeParse(withoutKey))).toEqual([]);

    const config = tokenizationConfigSchema.parse(env);
    expect(config).not.toHaveProperty('EVM_DEPLOYER_PRIVATE_KEY');
    expect(JSON.stringify(config)).not.toContain(env.EVM_DEPLOYER_PRIVATE_KEY!.slice(2));
    expect(Object.keys(tokenizationConfigSchema.shape)).not.toContain('EVM_DEPLOYER_PRIVATE_KEY');
    // Nor outside production, where the worker defaults to Hardhat's account #0.
    expect(configFor('development').tokenizationConfigSchema.parse({})).not.toHaveProperty('EVM_DEPLOYER_PRIVATE_KEY');
  });

  it('the worker needs the key in production', () => {
    const { tokenizationWorkerConfigSchema } = configFor('production');
    expect(issuesOf(tokenizationWorkerConfigSchema.safeParse(production))).toEqual([
      expect.stringMatching(/^EVM_DEPLOYER_PRIVATE_KEY: /),
    ]);
  });

  it.each([
    ['Hardhat #0', HARDHAT[0]!],
    ['Hardhat #19', HARDHAT[19]!],
    ['Ganache #0', GANACHE[0]!],
    ['Ganache #7, in upper case', `0x${GANACHE[7]!.slice(2).toUpperCase()}`],
  ])('the worker in production refuses %s, naming the setting', (_name, key) => {
    const { tokenizationWorkerConfigSchema } = configFor('production');
    const issues = issuesOf(tokenizationWorkerConfigSchema.safeParse({ ...production, EVM_DEPLOYER_PRIVATE_KEY: key }));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^EVM_DEPLOYER_PRIVATE_KEY: EVM_DEPLOYER_PRIVATE_KEY is a well-known development key/);
  });

  it('the worker in production accepts its own key and holds it', () => {
    const { tokenizationWorkerConfigSchema } = configFor('production');
    const key = generatePrivateKey();
    const config = tokenizationWorkerConfigSchema.parse({ ...production, EVM_DEPLOYER_PRIVATE_KEY: key });
    expect(config.EVM_DEPLOYER_PRIVATE_KEY).toBe(key);
    expect(config.POLYGON_RPC_URL).toBe(production.POLYGON_RPC_URL);
  });

  it('outside production the worker defaults to Hardhat #0 for the local node', () => {
    const { tokenizationWorkerConfigSchema } = configFor('test');
    expect(tokenizationWorkerConfigSchema.parse({}).EVM_DEPLOYER_PRIVATE_KEY).toBe(HARDHAT[0]);
    expect(
      tokenizationWorkerConfigSchema.parse({ EVM_DEPLOYER_PRIVATE_KEY: GANACHE[1] }).EVM_DEPLOYER_PRIVATE_KEY,
    ).toBe(GANACHE[1]);
  });
});
