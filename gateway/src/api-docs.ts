import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { apiRoutes, openApiJson } from '@app/contracts';
import type { FastifyInstance } from 'fastify';

/** The reference's page: Swagger UI from the swagger-ui-dist package, served here (no CDN). */
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API Reference · Payments Platform</title>
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

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document of every public route, built from the route
 * descriptors the gateway's table comes from) and GET /api/docs (a rendered reference of it).
 */
export function registerApiDocs(app: FastifyInstance): void {
  const document = openApiJson(apiRoutes);
  const dist = dirname(require.resolve('swagger-ui-dist/package.json'));
  const assets: Record<string, { type: string; body: Buffer | string }> = {
    'swagger-ui.css': { type: 'text/css; charset=utf-8', body: readFileSync(join(dist, 'swagger-ui.css')) },
    'swagger-ui-bundle.js': {
      type: 'text/javascript; charset=utf-8',
      body: readFileSync(join(dist, 'swagger-ui-bundle.js')),
    },
    'init.js': { type: 'text/javascript; charset=utf-8', body: init },
  };

  app.get('/api/openapi.json', (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document),
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
