import { z } from 'zod';
import { baseConfigSchema, ConfigError, parseConfig } from './config';

const validEnv = {
  SERVICE_NAME: 'identity',
  PORT: '3001',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/platform',
  REDIS_URL: 'redis://127.0.0.1:6379/0',
  KAFKA_BROKERS: '127.0.0.1:9092',
  JWT_PUBLIC_KEYS: 'k1:ZUXLoEkWmvDvbLS63QgGrqJ2NXq53i485u1JlkRkook,k0:ZaMhdEXGpe_PlOac4-HTvQDimgHsvz-m56K_ZVmv2CY',
};

/** The ConfigError parseConfig throws for env, or a failure if it accepted it. */
function configErrorFor(env: NodeJS.ProcessEnv, schema: z.ZodType = baseConfigSchema): ConfigError {
  try {
    parseConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('parseConfig accepted the environment');
}

describe('parseConfig', () => {
  it('parses and coerces a valid environment, applying defaults', () => {
    const config = parseConfig(baseConfigSchema, validEnv);
    expect(config.PORT).toBe(3001);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.JWT_PUBLIC_KEYS).toBe(validEnv.JWT_PUBLIC_KEYS);
  });

  it('reads the env it is given, not process.env', () => {
    expect(parseConfig(baseConfigSchema, { ...validEnv, SERVICE_NAME: 'given' }).SERVICE_NAME).toBe('given');
  });

  it.each<[string, NodeJS.ProcessEnv]>([
    ['PORT', { ...validEnv, PORT: 'not-a-port' }],
    ['PORT', { ...validEnv, PORT: '70000' }],
    ['SERVICE_NAME', { ...validEnv, SERVICE_NAME: undefined }],
    ['SERVICE_NAME', { ...validEnv, SERVICE_NAME: '' }],
    ['JWT_PUBLIC_KEYS', { ...validEnv, JWT_PUBLIC_KEYS: 'k1:short' }],
    ['JWT_PUBLIC_KEYS', { ...validEnv, JWT_PUBLIC_KEYS: 'no-key-id' }],
    ['JWT_PUBLIC_KEYS', { ...validEnv, JWT_PUBLIC_KEYS: `k1:${'A'.repeat(43)},k1:${'B'.repeat(43)}` }],
    ['JWT_PUBLIC_KEYS', { ...validEnv, JWT_PUBLIC_KEYS: '' }],
    ['DATABASE_URL', { ...validEnv, DATABASE_URL: 'not a url' }],
    ['LOG_LEVEL', { ...validEnv, LOG_LEVEL: 'loud' }],
    ['NODE_ENV', { ...validEnv, NODE_ENV: 'staging' }],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', { ...validEnv, OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' }],
  ])('names %s when it is bad', (variable, env) => {
    const error = configErrorFor(env);
    expect(error.message).toMatch(/^Invalid configuration:\n/);
    expect(error.message).toMatch(new RegExp(`^  ${variable}: `, 'm'));
  });

  it('names every bad variable, one per line, and only those', () => {
    const lines = configErrorFor({ ...validEnv, PORT: 'x', JWT_PUBLIC_KEYS: 'k1:short' })
      .message.split('\n')
      .slice(1);
    expect(lines.map((line) => line.trim().split(':')[0]).sort()).toEqual(['JWT_PUBLIC_KEYS', 'PORT']);
  });

  it('does not echo the rejected key', () => {
    expect(configErrorFor({ ...validEnv, JWT_PUBLIC_KEYS: 'k1:hunter2hunter2' }).message).not.toContain('hunter2');
  });

  it("names a service's own variables too", () => {
    const schema = baseConfigSchema.extend({ SMTP_URL: z.url() });
    expect(configErrorFor({ ...validEnv, SMTP_URL: 'smtp' }, schema).message).toMatch(/^ {2}SMTP_URL: /m);
  });

  it('is a ConfigError (an Error)', () => {
    expect(configErrorFor({})).toBeInstanceOf(Error);
  });
});
