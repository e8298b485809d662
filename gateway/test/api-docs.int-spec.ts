import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

describe('gateway: the OpenAPI document over the wire', () => {
  let gateway: StartedGateway;

  beforeAll(async () => {
    gateway = await startGateway();
  });

  afterAll(() => gateway?.close());

  const committed = () => readFileSync(resolve(__dirname, '../../docs/openapi.json'));
  /** The answer's bytes as sent (no decoding: fetch would undo the compression). */
  const get = (headers: Record<string, string>) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
      const req = httpRequest(`${gateway.url}/api/openapi.json`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', fail);
      req.end();
    });

  it('is compressed for clients that accept it (brotli, else gzip) and served plain to the others', async () => {
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(committed())).toBe(true);
    // The reference is large: compressed it is a small part of it.
    expect(br.body.length).toBeLessThan(committed().length / 5);

    const gzip = await get({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(committed())).toBe(true);

    const refused = await get({ 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(committed())).toBe(true);
  });

  it('carries an ETag, and a client that has the current one gets 304 and no body', async () => {
    const first = await get({ 'accept-encoding': 'gzip' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]{16,}"$/);
    // The same tag whatever the encoding: it names the document.
    expect((await get({})).headers.etag).toBe(etag);

    const again = await get({ 'accept-encoding': 'gzip', 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    const stale = await get({ 'if-none-match': '"an-older-version"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(committed())).toBe(true);
  });
});
