import { baseConfigSchema } from '@app/platform';
import { z } from 'zod';

const isProduction = process.env.NODE_ENV === 'production';
/** Local test doubles outside production (tools/fake-coinbase, tools/fake-rippled); production must set its own. */
const devDefault = <T extends z.ZodType>(schema: T, value: z.input<T>) =>
  isProduction ? schema : schema.default(value as never);

export const cryptoConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('crypto-escrow'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3008),
  /** Coinbase Commerce charges API base (https://api.commerce.coinbase.com); the dev default is the local fake. */
  COINBASE_COMMERCE_API_URL: devDefault(z.url(), 'http://127.0.0.1:12121'),
  COINBASE_COMMERCE_API_KEY: devDefault(z.string().min(1), 'local-coinbase-key'),
  /** The shared secret of the Commerce webhook subscription (X-CC-Webhook-Signature). */
  COINBASE_COMMERCE_WEBHOOK_SECRET: devDefault(z.string().min(1), 'local-coinbase-webhook-secret'),
  /** rippled WebSocket URL (wss://xrplcluster.com, wss://s.altnet.rippletest.net:51233); dev: the local fake. */
  XRPL_SERVER_URL: devDefault(
    z.string().regex(/^wss?:\/\//, 'XRPL_SERVER_URL must be a ws:// or wss:// URL'),
    'ws://127.0.0.1:12131',
  ),
  /** Spec 9: charges are polled every 10 s for 30 minutes; escrows watched every 30 s for 24 hours. Tests shorten the intervals. */
  CHARGE_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(10_000),
  CHARGE_POLL_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(30 * 60 * 1000),
  ESCROW_MONITOR_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  ESCROW_MONITOR_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(24 * 60 * 60 * 1000),
  /** How long one provider or ledger call may take before it counts as unavailable. */
  CRYPTO_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** How long a submitted XRPL transaction may take to validate before the call gives up. */
  XRPL_SUBMIT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(60_000),
  /**
   * KYC (issue 18): an XRP escrow or payment of more than this many XRP needs a verified identity
   * (identity's KycStatusChanged), else 403 KYC_REQUIRED; at or below it none is needed. A
   * non-negative number of XRP (compared to the drop; 0: every amount needs KYC).
   */
  KYC_THRESHOLD_XRP: z.coerce.number().min(0).max(100_000_000_000).default(1000),
});

export type CryptoConfig = z.infer<typeof cryptoConfigSchema>;
