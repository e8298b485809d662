import { z } from 'zod';
import { LOCAL_PUBLIC_KEYS, parsePublicKeys, SigningKeyError } from '../auth/signing-keys';

const isProduction = process.env.NODE_ENV === 'production';

/** A key setting, checked with `parse` at start; the issue names what is wrong, never the key. */
export const keySetting = (parse: (spec: string) => unknown) =>
  z.string().superRefine((spec, ctx) => {
    try {
      parse(spec);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof SigningKeyError ? error.message : 'not a valid key' });
    }
  });
const devDefault = <T extends z.ZodType>(schema: T, value: z.input<T>) =>
  isProduction ? schema : schema.default(value as never);

/** Settings every service reads; a service extends this with its own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  SERVICE_NAME: z.string().min(1),
  PORT: z.coerce.number().int().min(0).max(65535),
  /**
   * The internal port of /metrics and /health/* (with details), never routed publicly; 0: none.
   * 9464 in production (each container has its own); locally each process needs its own, so the
   * launcher sets them and a process started by hand or by a test has none.
   */
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(isProduction ? 9464 : 0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: devDefault(z.url(), 'postgres://postgres@127.0.0.1:5432/platform'),
  /**
   * The migration connection (owner of the database, may create roles). Unset: DATABASE_URL
   * migrates too, unless it connects as the service's own role (then the migration step must).
   */
  DATABASE_ADMIN_URL: z.url().optional(),
  REDIS_URL: devDefault(z.url(), 'redis://127.0.0.1:6379/0'),
  /**
   * The wait before a failed queue job's first retry; each later retry waits twice the one before
   * (five attempts: 1, 2, 4 and 8 s by default). The test stacks shorten it.
   */
  QUEUE_RETRY_DELAY_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  KAFKA_BROKERS: devDefault(z.string().min(1), '127.0.0.1:9092'),
  /**
   * How often the outbox relay looks for unpublished rows without being woken. Commits wake it
   * (in process, and through Postgres LISTEN/NOTIFY from other processes), so this is the safety net.
   */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  /** How long a published outbox row is kept (Kafka holds the event); the relay deletes older ones. */
  OUTBOX_RETENTION_HOURS: z.coerce.number().int().min(1).max(8760).default(168),
  /**
   * How long the platform's Kafka topics keep an event (set on them by the services); a consumer's
   * inbox row is deleted a segment and a day after that (INBOX_MARGIN_HOURS), when the event can
   * no longer be delivered again. The same value in every service.
   */
  KAFKA_RETENTION_HOURS: z.coerce.number().int().min(1).max(87_600).default(168),
  /**
   * How long a consumer's fetch waits at the broker for new events before it answers empty
   * (kafkajs's maxWaitTimeInMs). A consumer that stops waits for the fetch in flight, so a shorter
   * wait stops a process sooner at the price of more fetches while idle; the test stacks shorten it.
   */
  KAFKA_FETCH_WAIT_MS: z.coerce.number().int().min(10).max(60_000).default(5000),
  /**
   * The public keys access tokens are verified with (`kid:<base64url>` entries): the gateway and
   * every service verify, identity alone signs (JWT_SIGNING_KEY). Two during a rotation.
   */
  JWT_PUBLIC_KEYS: devDefault(keySetting(parsePublicKeys), LOCAL_PUBLIC_KEYS),
  /** Off unless set: the OTLP/HTTP endpoint traces are exported to. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

/**
 * Settings of a process that uses Redis alone (`PlatformModule.forService` with `database: false`
 * and `events: false`: the mail worker): the base ones without Postgres, Kafka and the session
 * keys, which it would be given for nothing, and without PORT, as it serves no routes.
 */
export const redisOnlyConfigSchema = baseConfigSchema.omit({
  PORT: true,
  DATABASE_URL: true,
  DATABASE_ADMIN_URL: true,
  KAFKA_BROKERS: true,
  OUTBOX_POLL_MS: true,
  OUTBOX_RETENTION_HOURS: true,
  KAFKA_RETENTION_HOURS: true,
  KAFKA_FETCH_WAIT_MS: true,
  JWT_PUBLIC_KEYS: true,
});
export type RedisOnlyConfig = z.infer<typeof redisOnlyConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad or missing value names the variable. */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

/** Injection token of the parsed configuration object. */
export const APP_CONFIG = Symbol('APP_CONFIG');
