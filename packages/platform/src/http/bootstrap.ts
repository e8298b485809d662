import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import { Logger } from 'nestjs-pino';
import { APP_CONFIG, type BaseConfig } from '../config/config';
import { toErrorResponse } from '../errors/error.filter';
import { InternalServer } from '../health/internal-server';

/** Largest JSON body a service accepts; the gateway enforces the same limit first. */
export const BODY_LIMIT = '100kb';

/** Creates a service's HTTP app the one way every service does it. */
export async function createServiceApp(module: unknown): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module as never, {
    bufferLogs: true,
    bodyParser: false,
    // The JSON parser keeps the exact bytes as req.rawBody too (signed webhooks verify those).
    rawBody: true,
  });
  app.useLogger(app.get(Logger));
  app.useBodyParser('json', { limit: BODY_LIMIT, strict: true });
  // Answer body-parser failures here: Nest would otherwise turn them into a bare 400.
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) return next(error);
    res.status(status).json(body);
  });
  app.use(cookieParser());
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.enableShutdownHooks();
  return app;
}

/** Address the HTTP servers bind (the images set 0.0.0.0). */
const host = (): string => process.env.HOST ?? '127.0.0.1';

/** Starts the internal port (METRICS_PORT: /metrics, /health/*) of an API or worker, unless it is 0. */
async function listenInternal(app: INestApplicationContext): Promise<void> {
  const { METRICS_PORT } = app.get<BaseConfig>(APP_CONFIG);
  if (!METRICS_PORT) return;
  const url = await app.get(InternalServer).listen(METRICS_PORT, host());
  app.get(Logger).log(`internal port (metrics, health) on ${url}`);
}

/** Starts a service on its configured PORT, and its internal port, and reports where. */
export async function runService(module: unknown): Promise<NestExpressApplication> {
  const app = await createServiceApp(module);
  await app.listen(app.get<BaseConfig>(APP_CONFIG).PORT, host());
  app.get(Logger).log(`listening on ${await app.getUrl()}`);
  await listenInternal(app);
  return app;
}

/** Starts a worker process: the service's modules without the public HTTP port, with the internal one. */
export async function runWorker(module: unknown): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(module as never, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  app.get(Logger).log('worker started');
  await listenInternal(app);
  return app;
}
