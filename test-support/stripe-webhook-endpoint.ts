import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Stripe event as a webhook endpoint received it: the raw bytes, the signature and the parsed event. */
export interface DeliveredStripeEvent<O extends { id: string } = { id: string }> {
  raw: string;
  signature: string;
  event: { id: string; type: string; data: { object: O } };
}

/**
 * A webhook endpoint on a free port for the fake Stripe's specs: keeps what it receives; `next`
 * resolves with the first event of a type (and object id) received, now or later.
 */
export async function stripeWebhookEndpoint<O extends { id: string } = { id: string }>() {
  type Delivered = DeliveredStripeEvent<O>;
  const received: Delivered[] = [];
  const waiters: { matches: (item: Delivered) => boolean; resolve: (item: Delivered) => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      const item = { raw, signature: String(req.headers['stripe-signature']), event: JSON.parse(raw) };
      received.push(item);
      for (const waiter of waiters.filter((w) => w.matches(item))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(item);
      }
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const matcher = (type: string, objectId?: string) => (item: Delivered) =>
    item.event.type === type && (!objectId || item.event.data.object.id === objectId);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    received,
    of: (objectId: string) => received.filter((item) => item.event.data.object.id === objectId),
    next: (type: string, objectId?: string): Promise<Delivered> => {
      const found = received.find(matcher(type, objectId));
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ matches: matcher(type, objectId), resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type StripeWebhookEndpoint<O extends { id: string } = { id: string }> = Awaited<
  ReturnType<typeof stripeWebhookEndpoint<O>>
>;
