import { Writable } from 'node:stream';
import type { INestApplication } from '@nestjs/common';
import { parseConfig } from '@app/platform/config';
import { redisOptions } from '@app/platform/redis';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { PinoLogger } from 'nestjs-pino';
import pino from 'pino';
import { rawRequest, startApp, waitFor } from '../../test-support';
import { AppModule as IdentityModule } from '../../services/identity/src/app.module';
import { gatewayConfigSchema } from '../src/config';
import { gatewayLogger } from '../src/logger';
import { buildGateway } from '../src/server';

// Links carry tokens (/reset-password?token=..., /api/auth/verify-email?token=...): request logs
// keep the path and the query's names, never a value, and never cookies or credentials (a service's
// line keeps no header at all). Both log
// streams are captured: the gateway's (Fastify) and identity's (the platform's pino-http).

class LogCapture extends Writable {
  private readonly chunks: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(chunk.toString());
    done();
  }
  text(): string {
    return this.chunks.join('');
  }
}

const secrets = ['SECRET123', 'COOKIESECRET', 'AUTHSECRET'];

describe('request logs: no query values, tokens or credentials, at the gateway and at a service', () => {
  let identity: INestApplication;
  let identityUrl: string;
  let gateway: FastifyInstance;
  let redis: Redis;
  let url: string;
  const gatewayLog = new LogCapture();
  const identityLog = new LogCapture();
  let restoreIdentityLogger: () => void;

  beforeAll(async () => {
    ({ app: identity, url: identityUrl } = await startApp(IdentityModule));
    // The service's request logger (nestjs-pino's root, built from packages/platform's loggingModule)
    // writes to stdout at the test env's level: point it at the capture, at info.
    const root = PinoLogger.root as pino.Logger & Record<symbol, unknown>;
    const [level, stream] = [root.level, root[pino.symbols.streamSym]];
    root.level = 'info';
    root[pino.symbols.streamSym] = identityLog;
    restoreIdentityLogger = () => {
      root[pino.symbols.streamSym] = stream;
      root.level = level;
    };
    const config = parseConfig(gatewayConfigSchema, { ...process.env, IDENTITY_URL: identityUrl });
    redis = new Redis(redisOptions(config.REDIS_URL));
    gateway = await buildGateway({ config, redis, logger: gatewayLogger('info', gatewayLog) });
    url = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    restoreIdentityLogger?.();
    await gateway?.close();
    await redis?.quit();
    await identity?.close();
  });

  const credentials = {
    cookie: 'access_token=COOKIESECRET; refresh_token=COOKIESECRET',
    authorization: 'Bearer AUTHSECRET',
  };

  it('the gateway logs /reset-password and /api/auth/verify-email with the token redacted', async () => {
    await rawRequest(`${url}/reset-password?token=SECRET123`, 'GET', { headers: credentials });
    const verify = await rawRequest(`${url}/api/auth/verify-email?token=SECRET123&next=%2Fdashboard`, 'GET', {
      headers: credentials,
    });
    // Proxied to identity, which refused the unknown token.
    expect(verify.status).toBe(400);

    // Both lines are written before the answer: Fastify's on arrival, reply-from's as it forwards.
    const log = await waitFor(
      async () => gatewayLog.text().includes('fetching from remote server') && gatewayLog.text(),
      5000,
      'the gateway log lines',
    );
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).toContain('"url":"/reset-password?token=[redacted]"');
    expect(log).toContain('"url":"/api/auth/verify-email?token=[redacted]&next=[redacted]"');
    expect(log).toContain('"source":"/api/auth/verify-email?token=[redacted]&next=[redacted]"');
  });

  it('identity logs the request by its id, method and URL with the token redacted, and no header', async () => {
    const reply = await rawRequest(`${identityUrl}/api/auth/verify-email?token=SECRET123`, 'GET', {
      headers: {
        ...credentials,
        referer: 'https://pay.example.test/reset-password?token=SECRET123',
        'x-forwarded-for': '203.0.113.9',
        'x-request-id': 'logged-request-1',
      },
    });
    expect(reply.status).toBe(400);
    const line = await waitFor(
      async () =>
        identityLog
          .text()
          .split('\n')
          .find((entry) => entry.includes('"logged-request-1"') && entry.includes('"statusCode"')),
      5000,
      "identity's request log line",
    );
    for (const secret of secrets) expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({
      req: { id: 'logged-request-1', method: 'GET', url: '/api/auth/verify-email?token=[redacted]' },
      res: { statusCode: 400 },
    });
    // The gateway's line has the client; a service's keeps none of the headers it was sent.
    expect(line).not.toContain('referer');
    expect(line).not.toContain('203.0.113.9');
    expect(line).not.toContain('"headers"');
  });
});
