import type { Server } from 'node:net';

/**
 * The loopback ports integrations sends webhooks to outside production (WEBHOOK_LOOPBACK_PORTS'
 * default): a test's local receiver listens on one of them.
 */
export const WEBHOOK_RECEIVER_PORTS = { from: 9000, to: 9099 } as const;
/** Kafka's ports inside that range: the destination guard refuses them, so no receiver takes them. */
const platformPorts: ReadonlySet<number> = new Set([9092, 9093]);

const listenOn = (server: Server, port: number): Promise<boolean> =>
  new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') resolve(false);
      else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(true);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, '127.0.0.1');
  });

/**
 * Listens on 127.0.0.1 at a free port the webhook destination guard allows (9000-9099, Kafka's
 * left out), trying them from a random one on so parallel test workers rarely meet; the port.
 */
export async function listenAsWebhookReceiver(server: Server): Promise<number> {
  const { from, to } = WEBHOOK_RECEIVER_PORTS;
  const count = to - from + 1;
  const start = Math.floor(Math.random() * count);
  for (let step = 0; step < count; step++) {
    const port = from + ((start + step) % count);
    if (!platformPorts.has(port) && (await listenOn(server, port))) return port;
  }
  throw new Error(`no free port in ${from}-${to} for a webhook receiver`);
}
