import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { rawRequest } from '../../test-support';
import { startGateway, type StartedGateway } from './gateway-in-front';

// Issue 20: the reference is served by the gateway itself, from the same descriptors as its table.

describe('gateway: API reference', () => {
  let gateway: StartedGateway;

  beforeAll(async () => {
    gateway = await startGateway();
  });

  afterAll(() => gateway?.close());

  it('serves the committed OpenAPI document byte for byte', async () => {
    const response = await fetch(`${gateway.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const committed = readFileSync(resolve(__dirname, '../../docs/openapi.json'), 'utf8');
    expect(await response.text()).toBe(committed);
    const document = JSON.parse(committed) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/transactions']?.get).toMatchObject({
      operationId: 'listTransactions',
      'x-api-key-scope': 'read',
    });
    // Service-to-service routes are no part of the public reference.
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('renders the reference from our own origin only (no CDN)', async () => {
    const page = await rawRequest(`${gateway.url}/api/docs`, 'GET');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.text;
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) {
      expect(source).toMatch(/^\/api\/docs\//);
      const asset = await fetch(`${gateway.url}${source}`);
      expect([source, asset.status]).toEqual([source, 200]);
    }
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
