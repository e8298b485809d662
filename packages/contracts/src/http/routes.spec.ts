import { z } from 'zod';
import { deadLetterPath } from '../dead-letters';
import { openApiDocument } from './openapi';
import { pathParameters, type RouteDescriptor, type ServiceName } from './route';
import { apiRoutes, deadLetterRoutesOf, eventConsumers } from './routes';

// The rules every route description keeps, whoever adds one: the gateway, the reference and the SDK
// trust them (an id is an SDK method, a path is unique, keys never reach money or webhooks).

const key = (route: RouteDescriptor) => `${route.method} ${route.path}`;
const duplicates = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);
const services: ServiceName[] = [
  'identity',
  'profile',
  'chat-support',
  'billing',
  'integrations',
  'affiliate',
  'analytics',
  'crypto-escrow',
  'reports-ai',
  'tokenization',
];

describe('route descriptors', () => {
  it('have unique ids that can be method names', () => {
    const ids = apiRoutes.map((route) => route.id);
    expect(duplicates(ids)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*(_[a-z][A-Za-z0-9]*)?$/);
  });

  it('describe each method and path once, whatever the parameters are named', () => {
    expect(duplicates(apiRoutes.map(key))).toEqual([]);
    expect(duplicates(apiRoutes.map((route) => key(route).replace(/:\w+/g, ':')))).toEqual([]);
  });

  it('have paths under /api/ (internal ones under /internal/), in kebab case with distinct parameters', () => {
    for (const route of apiRoutes) {
      const prefix = route.access === 'internal' ? '/internal/' : '/api/';
      expect({ route: route.id, starts: route.path.startsWith(prefix) }).toEqual({ route: route.id, starts: true });
      const segments = route.path.split('/').slice(1);
      for (const segment of segments)
        expect({ route: route.id, segment }).toEqual({
          route: route.id,
          segment: expect.stringMatching(/^(:[a-zA-Z]+|[a-z0-9]+(-[a-z0-9]+)*)$/),
        });
      const parameters = pathParameters(route.path);
      expect(duplicates(parameters)).toEqual([]);
    }
  });

  it('cover every service', () => {
    for (const service of services) expect(apiRoutes.some((route) => route.service === service)).toBe(true);
  });

  it('let API keys only onto verified routes: read on GETs, write on changes, webhooks on what redirects events', () => {
    // Registering an endpoint and rotating its secret send the events elsewhere or hand out a
    // secret: a plain write key may not (issue 38); changing the URL is checked by integrations.
    const webhooksScope = ['createWebhookEndpoint', 'rotateWebhookSecret'];
    for (const route of apiRoutes.filter((candidate) => candidate.apiKey)) {
      expect({ route: route.id, access: route.access }).toEqual({ route: route.id, access: 'verified' });
      expect({ route: route.id, scope: route.apiKey }).toEqual({
        route: route.id,
        scope: route.method === 'GET' ? 'read' : webhooksScope.includes(route.id) ? 'webhooks' : 'write',
      });
    }
  });

  it('keep API keys off webhooks, public, session, support, admin and internal routes', () => {
    const refused = apiRoutes.filter((route) => route.access !== 'verified' && route.apiKey);
    expect(refused.map((route) => route.id)).toEqual([]);
    const webhooks = apiRoutes.filter((route) => route.access === 'webhook');
    expect(webhooks.length).toBeGreaterThan(0);
    for (const route of webhooks)
      expect({ route: route.id, method: route.method }).toEqual({ route: route.id, method: 'POST' });
  });

  it('mark the routes that move money, which never take a read key and are never GETs', () => {
    const money = apiRoutes.filter((route) => route.movesMoney);
    expect(money.map((route) => route.id).sort()).toEqual(
      [
        'cancelXrpEscrow',
        'createCoinbaseCharge',
        'createInvestment',
        'createSubscription',
        'createSubscriptionCharge',
        'createXrpEscrow',
        'finishXrpEscrow',
        'requestAffiliatePayout',
        'sendXrpPayment',
      ].sort(),
    );
    for (const route of money) {
      expect(route.method).not.toBe('GET');
      expect(route.apiKey).not.toBe('read');
      expect(['verified', 'admin']).toContain(route.access);
    }
  });

  it('send bodies only on changes, streams and files without a JSON answer, uploads as POST or PUT', () => {
    for (const route of apiRoutes) {
      if (route.method === 'GET' || route.method === 'DELETE')
        expect({ route: route.id, body: route.body }).toEqual({ route: route.id, body: undefined });
      if (route.produces || route.status === 204 || route.status === 302) {
        expect({ route: route.id, response: route.response }).toEqual({ route: route.id, response: undefined });
      }
      if (route.stream) expect([route.method, route.produces]).toEqual(['GET', 'text/event-stream']);
      if (route.upload) {
        expect(['POST', 'PUT']).toContain(route.method);
        expect(route.body).toBeDefined();
      }
    }
  });

  it('count a per-field rate limit by a field the body has', () => {
    for (const route of apiRoutes) {
      for (const limit of route.rateLimits ?? []) {
        expect(limit.windowSeconds).toBeGreaterThan(0);
        if (!limit.bodyField) continue;
        expect(route.body).toBeInstanceOf(z.ZodObject);
        expect(Object.keys((route.body as z.ZodObject).shape)).toContain(limit.bodyField);
      }
    }
  });

  it('give each event consumer its three admin dead-letter routes', () => {
    for (const service of eventConsumers) {
      const routes = apiRoutes.filter((route) => route.service === service && route.tag === 'Operations');
      expect(routes.map(key)).toEqual([
        `GET ${deadLetterPath(service)}`,
        `POST ${deadLetterPath(service)}/replay`,
        `POST ${deadLetterPath(service)}/:id/replay`,
      ]);
      expect(routes.map((route) => route.access)).toEqual(['admin', 'admin', 'admin']);
      expect(routes.map((route) => route.id)).toEqual(deadLetterRoutesOf(service).map((route) => route.id));
    }
    expect(deadLetterRoutesOf('chat-support')[0].id).toBe('listDeadLetters_chatSupport');
  });

  it('make an OpenAPI document with one operation per public route, named by its id', () => {
    const document = openApiDocument(apiRoutes);
    const operations = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => (operation as { operationId: string }).operationId),
    );
    expect(operations.sort()).toEqual(
      apiRoutes
        .filter((route) => route.access !== 'internal')
        .map((route) => route.id)
        .sort(),
    );
  });
});
