import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { apiRoutes, openApiJson } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The reference's page: Swagger UI from the swagger-ui-dist package, served here (no CDN). */
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API Reference · Payments Platform</title>
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <main id="reference"></main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// An external script (the CSP allows scripts from our own origin only, never inline ones).
const init = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  // Tags collapsed: Swagger UI stops rendering part way through 130-odd expanded operations.
  docExpansion: 'none',
  defaultModelsExpandDepth: 0,
  displayOperationId: true,
  tryItOutEnabled: false,
});
`;

/** A document served as is, gzip'd or brotli'd (each made once), with its ETag. */
export interface Compressed {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export function compressed(text: string): Compressed {
  const identity = Buffer.from(text);
  return {
    // A strong validator: the same bytes (before any encoding) have the same tag in every replica.
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}

/** The encoding to answer with: brotli, then gzip, when the client accepts it (q > 0), else none. */
export function negotiateEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (name: string) => accepted.get(name) ?? (accepted.get('*') || 0);
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return undefined;
}

/** True when If-None-Match names this ETag (or is `*`): the client's copy is current. */
const notModified = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });

/** Answers GET (and HEAD) of `document`: 304 when the client has it, else its best encoding. */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, document: Compressed, type: string) {
  reply.header('etag', document.etag).header('vary', 'accept-encoding').header('cache-control', 'no-cache');
  if (notModified(request.headers['if-none-match'], document.etag)) return reply.code(304).send();
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  reply.type(type);
  if (!encoding) return reply.send(document.identity);
  return reply.header('content-encoding', encoding).send(document[encoding]);
}

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document of every public route, built from the route
 * descriptors the gateway's table comes from; compressed, with an ETag: a client's If-None-Match
 * of the current one gets a 304) and GET /api/docs (a rendered reference of it).
 */
export function registerApiDocs(app: FastifyInstance): void {
  // Made at the first request (about half a second: the document, then brotli at its best), not
  // at every start; then the same bytes for the process's life.
  let document: Compressed | undefined;
  const dist = dirname(require.resolve('swagger-ui-dist/package.json'));
  const assets: Record<string, { type: string; body: Buffer | string }> = {
    'swagger-ui.css': { type: 'text/css; charset=utf-8', body: readFileSync(join(dist, 'swagger-ui.css')) },
    'swagger-ui-bundle.js': {
      type: 'text/javascript; charset=utf-8',
      body: readFileSync(join(dist, 'swagger-ui-bundle.js')),
    },
    'init.js': { type: 'text/javascript; charset=utf-8', body: init },
    // Named by the page, so the browser does not ask for /favicon.ico (a path the gateway answers 404).
    'favicon-32x32.png': { type: 'image/png', body: readFileSync(join(dist, 'favicon-32x32.png')) },
  };

  app.get('/api/openapi.json', (request, reply) =>
    sendCompressed(
      request,
      reply,
      (document ??= compressed(openApiJson(apiRoutes))),
      'application/json; charset=utf-8',
    ),
  );
  for (const path of ['/api/docs', '/api/docs/']) {
    app.get(path, (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page),
    );
  }
  for (const [name, asset] of Object.entries(assets)) {
    app.get(`/api/docs/${name}`, (_request, reply) =>
      reply.type(asset.type).header('cache-control', 'public, max-age=3600').send(asset.body),
    );
  }
}
