import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { metricsRegistry } from '../metrics/metrics';
import { HealthService } from './health.service';

/**
 * The internal port (METRICS_PORT) of an API or a worker: GET /metrics (Prometheus),
 * /health/live and /health/ready (each dependency, with its error text). Never routed by the
 * gateway nor published; in a cluster only Prometheus and the kubelet reach it (NetworkPolicy).
 */
@Injectable()
export class InternalServer implements OnApplicationShutdown {
  private server?: Server;

  constructor(private readonly health: HealthService) {}

  /** Starts listening; resolves with the URL. */
  async listen(port: number, host: string): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server?.listening) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    const send = (status: number, body: string, type = 'application/json; charset=utf-8') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return send(405, JSON.stringify({ error: 'METHOD_NOT_ALLOWED' }));
      if (path === '/metrics') return send(200, await metricsRegistry.metrics(), metricsRegistry.contentType);
      if (path === '/health/live') return send(200, JSON.stringify({ status: 'ok' }));
      if (path === '/health/ready') {
        const { status, body } = await this.health.ready();
        return send(status, JSON.stringify(body));
      }
      send(404, JSON.stringify({ error: 'NOT_FOUND' }));
    } catch (error) {
      send(500, JSON.stringify({ error: 'INTERNAL', message: (error as Error).message }));
    }
  }
}
