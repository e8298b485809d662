import { baseConfigSchema, stripeConfigShape, stripeDevDefault } from '@app/platform';
import { join, sep } from 'node:path';
import { z } from 'zod';

const isProduction = process.env.NODE_ENV === 'production';
/** Local settings outside production (the launcher's Hardhat node, the fixture list); production sets its own. */
const devDefault = <T extends z.ZodType>(schema: T, value: z.input<T>) =>
  isProduction ? schema : schema.default(value as never);

/**
 * The private keys of the development chains' default accounts, public knowledge: whatever they
 * hold anyone can take. Hardhat's (mnemonic `test test … junk`) and Ganache's deterministic ones
 * (`myth like bonus … collect`), the first 20 of each (config.spec.ts derives them again).
 */
export const WELL_KNOWN_DEV_KEYS: ReadonlySet<string> = new Set([
  // Hardhat (and Anvil, Foundry): m/44'/60'/0'/0/0-19 of `test test test test test test test test test test test junk`.
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
  '0xf214f2b2cd398c806f84e317254e0f0b801d0643303237d97a22a48e01628897',
  '0x701b615bbdfb9de65240bc28bd21bbc0d996645a3dd57e7b12bc2bdf6f192c82',
  '0xa267530f49f8280200edf313ee7af6b827f2a8bce2897751d06a843f644967b1',
  '0x47c99abed3324a2707c28affff1267e45918ec8c3f20b8aa892e8b065d2942dd',
  '0xc526ee95bf44d8fc405a158bb884d9d1238d99f0612e9f33d006bb0789009aaa',
  '0x8166f546bab6da521a8369cab06c5d2b9e46670292d85c875ee9ec20e84ffb61',
  '0xea6c44ac03bff858b476bba40716402b03e41b8e97e276d1baec7c37d42484a0',
  '0x689af8efa8c651a91ad287602527f3af2fe9f6501a7ac4b061667b5a93e037fd',
  '0xde9be858da4a475276426320d5e9262ecfc3ba460bfac56360bfa6c4c28b4ee0',
  '0xdf57089febbacf7ba0bc227dafbffa9fc08a93fdc68e1e42411a14efcf23656e',
  // Ganache (ganache --deterministic): m/44'/60'/0'/0/0-19 of `myth like bonus scare over problem client lizard pioneer submit female collect`.
  '0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d',
  '0x6cbed15c793ce57650b9877cf6fa156fbef513c4e6134f022a85b1ffdd59b2a1',
  '0x6370fd033278c143179d81c5526140625662b8daa446c22ee2d73db3707e620c',
  '0x646f1ce2fdad0e6deeeb5c7e8e5543bdde65e86029e2fd9fc169899c440a7913',
  '0xadd53f9a7e588d003326d1cbf9e4a43c061aadd9bc938c843a79e7b4fd2ad743',
  '0x395df67f0c2d2d9fe1ad08d1bc8b6627011959b79c53d7dd6a3536a33ab8a4fd',
  '0xe485d098507f54e7733a205420dfddbe58db035fa577fc294ebd14db90767a52',
  '0xa453611d9419d0e56f499079478fd72c37b251a94bfde4d19872c44cf65386e3',
  '0x829e924fdf021ba3dbbc4225edfece9aca04b929d6e75613329ca6f1d31c0bb4',
  '0xb0057716d5917badaf911b193b12b910811c1497b5bada8d7711f758981c3773',
  '0x77c5495fbb039eed474fc940f29955ed0531693cc9212911efd35dff0373153f',
  '0xd99b5b29e6da2528bf458b26237a6cf8655a3e3276c1cdc0de1f98cefee81c01',
  '0x9b9c613a36396172eab2d34d72331c8ca83a358781883a535d2941f66db07b24',
  '0x0874049f95d55fb76916262dc70571701b5c4cc5900c0691af75f1a8a52c8268',
  '0x21d7212f3b4e5332fd465877b64926e3532653e2798a11255a46f533852dfe46',
  '0x47b65307d0d654fd4f786b908c04af8fface7710fc998b37d219de19c39ee58c',
  '0x66109972a14d82dbdb6894e61f74708f26128814b3359b64f8b66565679f7299',
  '0x2eac15546def97adc6d69ca6e28eec831189baa2533e7910755d15403a0749e8',
  '0x2e114163041d2fb8d45f9251db259a68ee6bdbfd6d10fe1ae87c5c4bcd6ba491',
  '0xae9a2e131e9b359b198fa280de53ddbe2247730b881faae7af08e567e58915bd',
]);
export const isWellKnownDevKey = (key: string): boolean => WELL_KNOWN_DEV_KEYS.has(key.toLowerCase());

/** Hardhat's well-known account #0: the deployer outside production (the launcher's local node). */
const LOCAL_DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** The small OFAC SDN fixture shipped with the service, for tests and the offline `make up`. */
const serviceRoot = join(__dirname, __dirname.split(sep).includes('dist') ? '../..' : '..');
const FIXTURE_SANCTIONS_LIST = join(serviceRoot, 'fixtures/sdn.csv');

const deployerKey = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'EVM_DEPLOYER_PRIVATE_KEY must be 0x and 64 hexadecimal digits');

/**
 * The API's settings (src/main.ts): HTTP, the region gate and the card payments of investments. It
 * signs nothing on chain, so it has neither the deployer key nor the chains' endpoints: an API
 * process, the one exposed to requests, cannot leak or misuse the key.
 */
export const tokenizationConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('tokenization'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3010),
  /** The web app's origin, for the links of the investment mails (issue 39). */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /**
   * The country (ISO 3166 alpha-2) loopback and private client addresses stand for outside
   * production, where the browser and the gateway share a machine; in production they are unknown.
   */
  TOKENIZATION_LOCAL_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('NZ'),
  /**
   * The chains' JSON-RPC endpoints (the worker's), read only: the gas price of the cost estimate and
   * whether each answers. No key: the API never signs. Unset in production, the chain shows offline.
   */
  POLYGON_RPC_URL: isProduction ? z.url().optional() : z.url().default('http://127.0.0.1:8545'),
  ETHEREUM_RPC_URL: isProduction ? z.url().optional() : z.url().default('http://127.0.0.1:8545'),
  /** How long the API waits for a chain's answer (status, gas price) before showing it offline. */
  CHAIN_STATUS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_000),
  // Investments paid by card: STRIPE_SECRET_KEY (+ STRIPE_API_* for the local fake) and the webhook secret.
  ...stripeConfigShape,
  STRIPE_PUBLISHABLE_KEY: stripeDevDefault(z.string().regex(/^pk_(test|live)_\w+$/), 'pk_test_local'),
  STRIPE_TOKENIZATION_WEBHOOK_SECRET: stripeDevDefault(z.string().min(1), 'whsec_local_tokenization_development_only'),
  /**
   * How long an investment waits for its card payment, in minutes: then the reservation lapses (its
   * PaymentIntent cancelled at Stripe, its tokens free again). The investor sees "Pay by <time>".
   */
  INVESTMENT_PAYMENT_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(30),
});

export type TokenizationConfig = z.infer<typeof tokenizationConfigSchema>;

/**
 * The worker's settings (src/worker.ts), the only process that holds the deployer key: the chains
 * it deploys and mints on, the key, and the sanctions list of the compliance checks. No Stripe: the
 * worker takes no payments. In production a well-known development key is refused at start.
 */
export const tokenizationWorkerConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('tokenization'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3010),
  /** The web app's origin, for the links of the investment mails (issue 39). */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** JSON-RPC of the chains tokens deploy on (Polygon, Ethereum); locally both the launcher's Hardhat node. */
  POLYGON_RPC_URL: devDefault(z.url(), 'http://127.0.0.1:8545'),
  ETHEREUM_RPC_URL: devDefault(z.url(), 'http://127.0.0.1:8545'),
  /** The key that deploys and administers the tokens (0x + 64 hex digits); a secret, never logged. */
  EVM_DEPLOYER_PRIVATE_KEY: isProduction
    ? deployerKey.refine(
        (key) => !isWellKnownDevKey(key),
        "EVM_DEPLOYER_PRIVATE_KEY is a well-known development key (a Hardhat or Ganache default account, whose private key is public): production needs the platform's own deployer key",
      )
    : deployerKey.default(LOCAL_DEPLOYER_KEY),
  /** How long one chain call (a transaction and its receipt) may take. */
  EVM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** The sanctions list the AML check screens owners against: OFAC's SDN list in its CSV format (sdn.csv). */
  SANCTIONS_LIST_PATH: devDefault(z.string().min(1), FIXTURE_SANCTIONS_LIST),
});

export type TokenizationWorkerConfig = z.infer<typeof tokenizationWorkerConfigSchema>;
