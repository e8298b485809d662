import { baseConfigSchema } from '@app/platform';
import { z } from 'zod';

const isProduction = process.env.NODE_ENV === 'production';
const devDefault = <T extends z.ZodType>(schema: T, value: z.input<T>) =>
  isProduction ? schema : schema.default(value as never);

export const analyticsConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('analytics'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3007),
  /** rippled WebSocket the XRP Ledger status is read from (server_info); locally the fake rippled. */
  XRPL_SERVER_URL: devDefault(z.string().regex(/^wss?:\/\//, 'must be a ws:// or wss:// URL'), 'ws://127.0.0.1:12131'),
  /**
   * Polygon JSON-RPC endpoint (eth_gasPrice, eth_getBlockByNumber): the one tokenization deploys
   * tokens on, so the status shown is that chain's; locally the launcher's EVM node.
   */
  POLYGON_RPC_URL: devDefault(z.url(), 'http://127.0.0.1:8545'),
  /** Avalanche C-Chain JSON-RPC endpoint. */
  AVALANCHE_RPC_URL: devDefault(z.url(), 'https://api.avax.network/ext/bc/C/rpc'),
  /** How long one network call may take before that network shows offline. */
  BLOCKCHAIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_000),
  /** How long a blockchain status answer is reused. */
  BLOCKCHAIN_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(15_000),
});

export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
