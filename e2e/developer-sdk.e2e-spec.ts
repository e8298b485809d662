import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import {
  createdApiKeySchema,
  transactionPageSchema,
  webhookDeliveryViewSchema,
  webhookEndpointWithSecretSchema,
} from '@app/contracts';
import { baseUrl, newPage, useBrowser } from './support/browser';
import { reportSale } from './support/sales';
import { signInNewVerifiedUser } from './support/session';

const run = promisify(execFile);
const root = resolve(__dirname, '..');

/** The README's example, exactly as a developer would copy it. */
async function readmeExample(): Promise<string> {
  const readme = await readFile(join(root, 'packages/sdk/README.md'), 'utf8');
  const example = readme.match(/## Example\s+```js\n([\s\S]+?)```/)?.[1];
  if (!example) throw new Error('packages/sdk/README.md has no ```js example under "## Example"');
  return example;
}

/**
 * A free port for the example's webhook receiver, among those the test stack lets webhooks reach
 * on this machine (WEBHOOK_LOOPBACK_PORTS, 9000-9099 outside production).
 */
async function freeReceiverPort(): Promise<number> {
  for (let port = 9000 + Math.floor(Math.random() * 50); port < 9100; port++) {
    const free = await new Promise<boolean>((done) => {
      const probe = createServer()
        .once('error', () => done(false))
        .listen(port, () => probe.close(() => done(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 9000-9099 for the webhook receiver');
}

describe('developer platform: the reference and the SDK against the running stack', () => {
  const { browser } = useBrowser();

  it("runs the SDK README's example: the owner's transactions, a report's PDF and a verified webhook", async () => {
    const { context } = await newPage(browser());
    await signInNewVerifiedUser(context, 'sdk');
    await reportSale(context, '42.50');
    const created = await context.request.post('/api/developer/api-keys', {
      data: { name: 'SDK example', mode: 'live', scopes: ['read', 'write'] },
    });
    expect(created.status()).toBe(201);
    const { secret } = createdApiKeySchema.parse(await created.json());
    // The merchant's webhook endpoint, added in the web app: the example receives its test event.
    const port = await freeReceiverPort();
    const added = await context.request.post('/api/developer/webhooks', {
      data: { url: `http://127.0.0.1:${port}/webhooks`, eventTypes: ['transaction.recorded'] },
    });
    expect(added.status()).toBe(201);
    const endpoint = webhookEndpointWithSecretSchema.parse(await added.json());
    // The sale reaches analytics through Kafka: wait for it before running the example.
    const deadline = Date.now() + 30_000;
    let transactionId: string | undefined;
    while (!transactionId && Date.now() < deadline) {
      const page = await context.request.get('/api/transactions');
      transactionId = transactionPageSchema.parse(await page.json()).transactions[0]?.id;
      if (!transactionId) await new Promise((done) => setTimeout(done, 500));
    }
    expect(transactionId).toBeDefined();

    // Inside the repository so `@payments-platform/sdk` resolves as an installed package.
    const folder = await mkdtemp(join(root, 'e2e/.sdk-example-'));
    try {
      const script = join(folder, 'example.mjs');
      await writeFile(script, await readmeExample());
      const { stdout } = await run(process.execPath, [script], {
        cwd: folder,
        env: {
          ...process.env,
          PLATFORM_URL: baseUrl,
          PLATFORM_API_KEY: secret,
          PLATFORM_WEBHOOK_ENDPOINT_ID: endpoint.id,
          PLATFORM_WEBHOOK_SECRET: endpoint.signingSecret,
          PORT: String(port),
        },
        timeout: 60_000,
      });
      expect(stdout).toContain(`${transactionId} 42.50 USD completed`);
      expect(stdout).toContain('404 NOT_FOUND');
      // The report's PDF, as bytes with its type and name, written where the example ran.
      expect(stdout).toMatch(/saved \S+\.pdf application\/pdf \d+ bytes/);
      const pdf = await readFile(join(folder, 'report.pdf'));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(stdout).toContain(`application/pdf ${pdf.length} bytes`);
      // The test event arrived signed, and the receiver verified it: the platform logged a 204.
      const verified = /verified webhook\.test (\S+)/.exec(stdout)?.[1];
      expect(verified).toBeDefined();
      // The attempt is logged once the receiver's answer is in: follow the log briefly.
      const logged = async () => {
        const log = await context.request.get(`/api/developer/webhooks/${endpoint.id}/deliveries`);
        return webhookDeliveryViewSchema
          .array()
          .parse(await log.json())
          .find((delivery) => delivery.eventId === verified);
      };
      let delivery = await logged();
      for (let wait = 0; delivery?.status !== 'succeeded' && wait < 20; wait++) {
        await new Promise((done) => setTimeout(done, 250));
        delivery = await logged();
      }
      expect(delivery).toMatchObject({
        eventType: 'webhook.test',
        status: 'succeeded',
        lastStatusCode: 204,
      });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);

  it('renders the API reference at /api/docs from the OpenAPI document, with no console errors', async () => {
    const { page } = await newPage(browser());
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/api/docs');
    // The gateway makes the document at its first request (about a second), then Swagger UI reads
    // some 600 KB of it: on a busy machine that takes longer than the default wait.
    await page.getByRole('heading', { name: /Payments Platform API/ }).waitFor({ timeout: 60_000 });
    // One section per tag, collapsed; opening one lists its operations by path and operationId.
    await page.locator('#operations-tag-Transactions').click();
    await page.locator('[data-path="/api/transactions"]').first().waitFor();
    await page.getByText('listTransactions', { exact: true }).first().waitFor();
    expect(errors).toEqual([]);
  });

  it('offers the SDK as a package to download from Settings → Developer API', async () => {
    const { context, page } = await newPage(browser());
    await signInNewVerifiedUser(context, 'sdk-download');
    await page.goto('/settings?tab=api');
    const link = page.getByRole('link', { name: 'Download SDK' });
    const href = await link.getAttribute('href');
    expect(href).toBe('/downloads/payments-platform-sdk.tgz');
    const download = await context.request.get(href!);
    expect(download.status()).toBe(200);
    const bytes = await download.body();
    // A gzip'd npm package (`npm install <url>` takes it as is).
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  });
});
