import { baseConfigSchema, stripeConfigShape, stripeDevDefault } from '@app/platform';
import { join, sep } from 'node:path';
import { z } from 'zod';

const isProduction = process.env.NODE_ENV === 'production';
/** Local settings outside production (the launcher's Hardhat node, the fixture list); production sets its own. */
const devDefault = <T extends z.ZodType>(schema: T, value: z.input<T>) =>
  isProduction ? schema : schema.default(value as never);

/** Hardhat's well-known account #0 (the `test … junk` mnemonic): public knowledge, local chains only. */
const LOCAL_DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** The small OFAC SDN fixture shipped with the service, for tests and the offline `make up`. */
const serviceRoot = join(__dirname, __dirname.split(sep).includes('dist') ? '../..' : '..');
const FIXTURE_SANCTIONS_LIST = join(serviceRoot, 'fixtures/sdn.csv');

export const tokenizationConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('tokenization'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3010),
  /** JSON-RPC of the chains tokens deploy on (Polygon, Ethereum); locally both the launcher's Hardhat node. */
  POLYGON_RPC_URL: devDefault(z.url(), 'http://127.0.0.1:8545'),
  ETHEREUM_RPC_URL: devDefault(z.url(), 'http://127.0.0.1:8545'),
  /** The key that deploys and administers the tokens (0x + 64 hex digits); a secret, never logged. */
  EVM_DEPLOYER_PRIVATE_KEY: devDefault(
    z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'EVM_DEPLOYER_PRIVATE_KEY must be 0x and 64 hexadecimal digits'),
    LOCAL_DEPLOYER_KEY,
  ),
  /** How long one chain call (a transaction and its receipt) may take. */
  EVM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** The sanctions list the AML check screens owners against: OFAC's SDN list in its CSV format (sdn.csv). */
  SANCTIONS_LIST_PATH: devDefault(z.string().min(1), FIXTURE_SANCTIONS_LIST),
  /**
   * The country (ISO 3166 alpha-2) loopback and private client addresses stand for outside
   * production, where the browser and the gateway share a machine; in production they are unknown.
   */
  TOKENIZATION_LOCAL_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('NZ'),
  // Investments paid by card: STRIPE_SECRET_KEY (+ STRIPE_API_* for the local fake) and the webhook secret.
  ...stripeConfigShape,
  STRIPE_PUBLISHABLE_KEY: stripeDevDefault(z.string().regex(/^pk_(test|live)_\w+$/), 'pk_test_local'),
  STRIPE_TOKENIZATION_WEBHOOK_SECRET: stripeDevDefault(z.string().min(1), 'whsec_local_tokenization_development_only'),
});

export type TokenizationConfig = z.infer<typeof tokenizationConfigSchema>;
