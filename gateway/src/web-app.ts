import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app; a non-API GET that is no file gets index.html so client routes work
 * (server.ts answers it 200 for a path the app routes, 404 for any other: `isWebRoute`).
 */
export async function registerWebApp(app: FastifyInstance, dist: string): Promise<boolean> {
  if (!existsSync(join(dist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // web/scripts/compress-dist.mjs writes .br and .gz beside each asset at build time.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('vary', 'accept-encoding');
      res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

/** index.html, with the status already set on the reply. */
export const serveIndex = (reply: { header: (k: string, v: string) => unknown; sendFile: (f: string) => unknown }) => {
  reply.header('cache-control', 'no-cache');
  return reply.sendFile('index.html');
};
