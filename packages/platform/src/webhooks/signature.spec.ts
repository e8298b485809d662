import { signWebhook, verifyWebhookSignature } from './signature';

describe('webhook signatures', () => {
  const secret = 'whsec_integration_test';
  const body = '{"externalTransactionId":"ch_1","amount":"10.00"}';
  const now = 1_800_000_000;

  it('accepts a fresh signature of the same bytes', () => {
    expect(verifyWebhookSignature(secret, body, signWebhook(secret, body, now), now + 10)).toBe(true);
    expect(verifyWebhookSignature(secret, Buffer.from(body), signWebhook(secret, body, now), now)).toBe(true);
  });

  it('refuses changed bytes, another secret, a stale timestamp and malformed headers', () => {
    const header = signWebhook(secret, body, now);
    expect(verifyWebhookSignature(secret, body.replace('10.00', '99.00'), header, now)).toBe(false);
    expect(verifyWebhookSignature('whsec_other', body, header, now)).toBe(false);
    expect(verifyWebhookSignature(secret, body, header, now + 301)).toBe(false);
    expect(verifyWebhookSignature(secret, body, undefined, now)).toBe(false);
    expect(verifyWebhookSignature(secret, body, 't=abc,v1=00', now)).toBe(false);
    expect(verifyWebhookSignature(secret, body, `t=${now},v1=zz`, now)).toBe(false);
  });

  it('accepts any one valid v1 among several (secret rotation)', () => {
    const valid = signWebhook(secret, body, now).split(',')[1];
    expect(verifyWebhookSignature(secret, body, `t=${now},v1=${'0'.repeat(64)},${valid}`, now)).toBe(true);
  });
});
