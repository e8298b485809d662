import { createHmac } from 'node:crypto';
import { ApiError, PaymentsClient, verifyWebhook, WebhookVerificationError, type WebhookEvent } from './index';

// Issue 38: a file comes back as its bytes; a webhook delivery is verified the way the platform
// signs it (integrations' sender: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`), here rebuilt
// by hand from that scheme rather than imported.

const apiKey = `mp_live_${'a'.repeat(32)}`;
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

function clientAnswering(answer: () => Response, seen: Request[] = []) {
  return new PaymentsClient({
    baseUrl: 'https://pay.example.test/',
    apiKey,
    fetch: async (input, init) => {
      seen.push(new Request(input, init));
      return answer();
    },
  });
}

describe('SDK: files', () => {
  it("returns a report's PDF as bytes with its content type and file name", async () => {
    const seen: Request[] = [];
    const client = clientAnswering(
      () =>
        new Response(pdf, {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="financial-report-2026-11-30.pdf"',
          },
        }),
      seen,
    );
    const file = await client.downloadReport({ id: 'a3c1e2f4-0000-4000-8000-000000000001' });
    expect(file.contentType).toBe('application/pdf');
    expect(file.filename).toBe('financial-report-2026-11-30.pdf');
    expect(file.data).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(file.data).equals(pdf)).toBe(true);
    expect(seen[0]!.url).toBe('https://pay.example.test/api/reports/download/a3c1e2f4-0000-4000-8000-000000000001');
    expect(seen[0]!.headers.get('authorization')).toBe(`Bearer ${apiKey}`);
  });

  it("returns a property's document with the type the API sent, and an RFC 5987 file name", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255]);
    const client = clientAnswering(
      () =>
        new Response(png, {
          headers: {
            'content-type': 'image/png',
            'content-disposition': "attachment; filename*=UTF-8''plan%20d%C3%A9tail.png",
          },
        }),
    );
    const file = await client.downloadPropertyDocument({ id: 'p', documentId: 'd' });
    expect(file).toEqual({ data: new Uint8Array(png), contentType: 'image/png', filename: 'plan détail.png' });
  });

  it('still throws ApiError for a refused download', async () => {
    const client = clientAnswering(
      () => new Response(JSON.stringify({ error: 'NOT_FOUND', message: 'Report not found' }), { status: 404 }),
    );
    const refusal = await client.downloadReport({ id: 'nope' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('sends an Idempotency-Key when given one', async () => {
    const seen: Request[] = [];
    const client = clientAnswering(() => new Response(JSON.stringify({ id: 'r' }), { status: 201 }), seen);
    await client.generateReport({ body: { type: 'financial', period: '30d' }, idempotencyKey: 'order-7731' });
    expect(seen[0]!.headers.get('idempotency-key')).toBe('order-7731');
    expect(await seen[0]!.json()).toEqual({ type: 'financial', period: '30d' });
  });
});

describe('SDK: verifyWebhook', () => {
  const secret = 'whsec_5f1c0b8e2d7a4c3b9e6f1a0d8c2b7e4f';
  const now = 1_796_047_500;
  const event = {
    id: 'b7e0c3a4-5d1f-4e2a-9c8b-0f1e2d3c4b5a',
    type: 'transaction.recorded',
    createdAt: '2026-11-30T14:05:00.000Z',
    data: { transactionId: 't-1', amount: '42.50', currency: 'USD' },
  };
  const body = JSON.stringify(event);
  /** The sender's scheme, as docs/developer-platform.md states it. */
  const sign = (payload: string, at = now, key = secret) =>
    `t=${at},v1=${createHmac('sha256', key).update(`${at}.`).update(payload).digest('hex')}`;

  it("accepts the platform's signature and returns the typed event", async () => {
    const verified: WebhookEvent = await verifyWebhook(body, sign(body), secret, { nowSeconds: now + 30 });
    expect(verified).toEqual(event);
    if (verified.type === 'transaction.recorded') expect(verified.data.amount).toBe('42.50');
    // Bytes as received work the same, and so does a header with a second (rotated) signature.
    const both = `${sign(body, now, 'whsec_old')},${sign(body).split(',')[1]}`;
    await expect(verifyWebhook(Buffer.from(body), both, secret, { nowSeconds: now })).resolves.toEqual(event);
  });

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: unknown) => (error instanceof WebhookVerificationError ? error.reason : String(error)),
    );

  it('refuses a tampered body, another secret, an old timestamp and a missing or malformed header', async () => {
    const tampered = body.replace('42.50', '4250.00');
    expect(await refusal(verifyWebhook(tampered, sign(body), secret, { nowSeconds: now }))).toBe('bad-signature');
    expect(await refusal(verifyWebhook(body, sign(body, now, 'whsec_someone_else'), secret, { nowSeconds: now }))).toBe(
      'bad-signature',
    );
    expect(await refusal(verifyWebhook(body, sign(body, now - 301), secret, { nowSeconds: now }))).toBe(
      'stale-timestamp',
    );
    expect(await refusal(verifyWebhook(body, sign(body, now + 301), secret, { nowSeconds: now }))).toBe(
      'stale-timestamp',
    );
    // The tolerance is the caller's to choose.
    expect(
      await refusal(verifyWebhook(body, sign(body, now - 301), secret, { nowSeconds: now, toleranceSeconds: 600 })),
    ).toBe('accepted');
    expect(await refusal(verifyWebhook(body, undefined, secret, { nowSeconds: now }))).toBe('missing-signature');
    expect(await refusal(verifyWebhook(body, `t=${now},v1=zz`, secret, { nowSeconds: now }))).toBe(
      'malformed-signature',
    );
    expect(await refusal(verifyWebhook(body, 'v1=' + 'a'.repeat(64), secret, { nowSeconds: now }))).toBe(
      'malformed-signature',
    );
    // Signed with the right secret but not an event: still refused.
    expect(await refusal(verifyWebhook('not json', sign('not json'), secret, { nowSeconds: now }))).toBe(
      'invalid-body',
    );
  });

  it('checks against the clock by default', async () => {
    const fresh = Math.floor(Date.now() / 1000);
    await expect(verifyWebhook(body, sign(body, fresh), secret)).resolves.toEqual(event);
    expect(await refusal(verifyWebhook(body, sign(body, fresh - 3600), secret))).toBe('stale-timestamp');
  });
});
