import { integrationSignatureHeader, transactionDeliverySchema } from '../integrations';
import {
  webhookEnvelopeSchema,
  webhookEnvelopeTypes,
  webhookEventDataSchemas,
  webhookSignatureHeader,
  type WebhookEnvelopeType,
} from '../webhook-endpoints';
import { openApiDocument } from './openapi';
import { acceptsIdempotencyKey, type RouteDescriptor } from './route';
import { apiRoutes } from './routes';

// Issue 38: the reference names its schemas, shows an example per operation, documents the
// headers the gateway answers with and the webhooks the platform sends.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const document = openApiDocument(apiRoutes) as unknown as Json;
const publicRoutes = apiRoutes.filter((route) => route.access !== 'internal');
const operationOf = (route: RouteDescriptor): Json =>
  document.paths[route.path.replace(/:(\w+)/g, '{$1}')][route.method.toLowerCase()];
/** A `#/components/...` reference's target. */
const deref = (value: Json): Json => {
  if (typeof value?.$ref !== 'string') return value;
  const target = value.$ref
    .slice(2)
    .split('/')
    .reduce((node: Json | undefined, key: string) => node?.[key], document);
  if (!target) throw new Error(`${value.$ref} points nowhere`);
  return deref(target);
};
const jsonMedia = (holder: Json | undefined) => holder?.content?.['application/json'];
const success = (operation: Json) =>
  Object.entries(operation.responses as Json).find(([status]) => /^[23]/.test(status))![1] as Json;

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (key === '$ref' && typeof member === 'string') found.push(member);
      else refsIn(member, found);
    }
  }
  return found;
}

describe('the OpenAPI document', () => {
  it('names its schemas: every JSON body and answer is a reference to a component, and every reference resolves', () => {
    const schemas = document.components.schemas as Json;
    expect(Object.keys(schemas).length).toBeGreaterThan(50);
    // Named after the exported schema: reportSchema → Report, reportListSchema → ReportList (which refers to Report).
    expect(schemas.ReportList.properties.reports.items).toEqual({ $ref: '#/components/schemas/Report' });
    for (const route of publicRoutes) {
      const operation = operationOf(route);
      const body = operation.requestBody?.content;
      if (route.body && body) {
        for (const media of Object.values(body) as Json[])
          expect([route.id, media.schema.$ref]).toEqual([
            route.id,
            expect.stringMatching(/^#\/components\/schemas\/\w+$/),
          ]);
      }
      const answer = jsonMedia(success(operation));
      if (route.response)
        expect([route.id, answer?.schema.$ref]).toEqual([
          route.id,
          expect.stringMatching(/^#\/components\/schemas\/\w+$/),
        ]);
    }
    for (const ref of refsIn(document)) expect(() => deref({ $ref: ref })).not.toThrow();
  });

  it('shows a valid example for every operation: its body and JSON answer, checked against the zod schemas', () => {
    for (const route of publicRoutes) {
      const operation = operationOf(route);
      const bodyExample = jsonMedia(operation.requestBody)?.example;
      const answerExample = jsonMedia(success(operation))?.example;
      const parameterExamples = (operation.parameters as Json[]).map(deref).filter((p) => p.example !== undefined);
      // Something to show whenever it takes or answers anything (a bare 204 or redirect has nothing).
      const takesOrAnswers = Boolean(route.body || route.query || route.response || operation.parameters.length);
      if (takesOrAnswers) {
        expect([route.id, bodyExample ?? answerExample ?? parameterExamples[0]?.example]).toEqual([
          route.id,
          expect.anything(),
        ]);
      }
      if (route.body && !route.upload) {
        expect([route.id, route.body.safeParse(bodyExample).success]).toEqual([route.id, true]);
      }
      if (route.response) expect([route.id, route.response.safeParse(answerExample).success]).toEqual([route.id, true]);
    }
    // Real-looking values, not placeholders.
    const created = jsonMedia(
      operationOf(apiRoutes.find((r) => r.id === 'listTransactions')!).responses['200'],
    ).example;
    expect(JSON.stringify(created)).not.toMatch(/"string"|Example /);
  });

  it('documents the headers every answer carries, the rate limits and the 429', () => {
    for (const route of publicRoutes) {
      const operation = operationOf(route);
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        expect([route.id, status, Object.keys(deref(response).headers ?? {})]).toEqual([
          route.id,
          status,
          expect.arrayContaining(['X-Request-Id']),
        ]);
      }
      const limited = Boolean(route.rateLimits?.length || route.apiKey);
      expect([route.id, '429' in operation.responses]).toEqual([route.id, limited]);
      if (limited) {
        expect(Object.keys(deref(operation.responses['429']).headers)).toEqual(
          expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
        );
        expect(Object.keys(success(operation).headers)).toEqual(
          expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Reset']),
        );
      }
    }
    expect(document.components.headers['RateLimit-Reset'].schema).toEqual({ type: 'integer' });
  });

  it("describes the ingest route's real body and its signature header", () => {
    const ingest = operationOf(apiRoutes.find((route) => route.id === 'receiveIntegrationWebhook')!);
    const media = jsonMedia(ingest.requestBody);
    expect(media.schema).toEqual({ $ref: '#/components/schemas/TransactionDelivery' });
    expect(deref(media.schema).required).toEqual(
      expect.arrayContaining(['externalTransactionId', 'amount', 'currency']),
    );
    expect(transactionDeliverySchema.safeParse(media.example).success).toBe(true);
    expect(ingest.parameters).toContainEqual(
      expect.objectContaining({ name: integrationSignatureHeader, in: 'header', required: true }),
    );
    // Every provider's webhook names its signature header.
    for (const route of publicRoutes.filter((r) => r.access === 'webhook')) {
      expect([
        route.id,
        (operationOf(route).parameters as Json[]).some((p) => p.in === 'header' && p.required),
      ]).toEqual([route.id, true]);
    }
  });

  it('has a webhooks section: each event type the platform sends, its payload, example and signature header', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...webhookEnvelopeTypes].sort());
    for (const type of webhookEnvelopeTypes) {
      const post = document.webhooks[type].post;
      expect((post.parameters as Json[]).map(deref).map((p) => p.name)).toContain(webhookSignatureHeader);
      const media = jsonMedia(post.requestBody);
      const schema = deref(media.schema);
      expect(schema.properties.type).toMatchObject({ const: type });
      expect(schema.properties.data.$ref).toMatch(/^#\/components\/schemas\/\w+EventData$/);
      expect(webhookEnvelopeSchema.safeParse(media.example).success).toBe(true);
      expect(media.example.type).toBe(type);
      expect(webhookEventDataSchemas[type as WebhookEnvelopeType].safeParse(media.example.data).success).toBe(true);
    }
  });

  it('documents Idempotency-Key, with its 409 and 422, on exactly the operations that accept it', () => {
    for (const route of publicRoutes) {
      const operation = operationOf(route);
      const takesKey = (operation.parameters as Json[]).some((p) => deref(p).name === 'Idempotency-Key');
      expect([route.id, takesKey, '409' in operation.responses, '422' in operation.responses]).toEqual([
        route.id,
        acceptsIdempotencyKey(route),
        acceptsIdempotencyKey(route),
        acceptsIdempotencyKey(route),
      ]);
    }
  });

  it('refuses to describe a provider webhook whose signature it does not know', () => {
    const unknown = {
      ...apiRoutes.find((route) => route.id === 'receiveStripeWebhook')!,
      id: 'receiveSomeoneElsesWebhook',
    };
    expect(() => openApiDocument([unknown])).toThrow(/signature/);
  });
});
