import { z } from 'zod';
// The whole package, read when a document is made (not at load): its exported schemas give the
// reference's component names (`reportSchema` → `Report`).
import * as contracts from '../index';
import { integrationSignatureHeader, integrationSignatureSteps, transactionDeliveryFields } from '../integrations';
import {
  webhookEnvelopeSchema,
  webhookEnvelopeTypes,
  webhookEventDataSchemas,
  webhookEventHeader,
  webhookEventLabels,
  webhookIdHeader,
  webhookSignatureHeader,
  webhookTestEventType,
  type WebhookEnvelopeType,
} from '../webhook-endpoints';
import { exampleOf, exampleUuid } from './openapi-examples';
import { acceptsIdempotencyKey, IDEMPOTENCY_KEY_HEADER, pathParameters, type RouteDescriptor } from './route';

/** The API's version in the reference; raise it when a described route changes incompatibly. */
export const API_VERSION = '1.0.0';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

export interface OpenApiOptions {
  /** The reference's server URL(s); the document is the same for every deployment otherwise. */
  servers?: string[];
}

const SCHEMAS = '#/components/schemas/';
/** Marks a reference to a schema's input (request) form until the document's names are settled. */
const INPUT = '~input';
/** The error body every refusal carries (written by hand, below). */
const ERROR = `${SCHEMAS}Error`;

/** What each access level means, in the words a reader of the reference needs. */
const accessText: Record<RouteDescriptor['access'], string> = {
  public: 'Public: no authentication needed.',
  session: 'Needs a signed-in session.',
  verified: 'Needs a signed-in user with a verified e-mail address.',
  support: 'Needs the support or admin role.',
  admin: 'Needs the admin role.',
  webhook: "Called by a provider, which signs the raw body; verified with that provider's signing secret.",
  internal: 'Service to service only.',
};

/** What each section of the reference holds. */
const tagText: Record<string, string> = {
  Authentication: 'Registration, sign-in and sessions, e-mail verification and password resets.',
  'API keys': 'Keys for programs (Settings → Developer API): live or test, read and/or write scopes.',
  Profile: "The signed-in user's profile, business details and preferences.",
  Support: 'Live chat with support, help articles and the contact form.',
  Billing: 'Plans, subscriptions, checkout and invoices (Stripe).',
  Integrations:
    'Payment processors and POS systems that report transactions, and the signed ingest route they post to.',
  Webhooks: "Outgoing webhooks: the merchant's endpoints, their deliveries and the events sent to them.",
  Affiliate: 'The affiliate programme: applications, referrals, commissions and payouts.',
  Analytics: 'Transactions, figures, charts and page events.',
  Transactions: "The merchant's transactions, from every integration.",
  Crypto: 'Crypto charges (Coinbase Commerce), wallets and XRP Ledger escrows.',
  Reports: 'Generated reports (PDF or CSV) and their AI analysis.',
  Tokenization: 'Property tokenization: submissions, documents, compliance checks, contracts and investments.',
  KYC: 'Identity verification (Stripe Identity).',
  Admin: 'Administration: users, failed events (dead letters) and the platform.',
};

/**
 * The signature header and body each provider's webhook route takes. Every `webhook` route must
 * be here: a new one fails the document (and `make check`) until its signature is described.
 */
const providerWebhooks: Record<string, { header: string; text: string; example?: unknown; guide?: string }> = {
  receiveIntegrationWebhook: {
    header: integrationSignatureHeader,
    text:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the integration\'s signing secret; ' +
      'refused (401) when wrong or more than 300 seconds old.',
    // The merchants' ingestion guide, in the same words as the app's (Integrations).
    guide: [
      'Your processor or POS system (or your own code) posts one transaction per request to the URL your ' +
        'integration shows, with its signature. To sign:\n',
      ...integrationSignatureSteps.map((step, index) => `${index + 1}. ${step}`),
      '\nThe body:\n',
      ...transactionDeliveryFields.map(
        ({ name, type, required, description }) =>
          `- \`${name}\` (${type}${required ? ', required' : ''}): ${description}`,
      ),
      '\nThe answer says whether the transaction was `recorded` (new), `updated` (a later status) or a ' +
        '`duplicate` (nothing changed). A switched-off integration answers 409 and stores nothing.',
    ].join('\n'),
  },
  receiveStripeWebhook: {
    header: 'Stripe-Signature',
    text: "Stripe's signature of the raw body with the billing webhook's signing secret.",
    example: stripeEvent('invoice.paid', 'in_1QJ8Xb2eZvKYlo2C0aBcDeF'),
  },
  receiveStripeIdentityWebhook: {
    header: 'Stripe-Signature',
    text: "Stripe's signature of the raw body with the Stripe Identity webhook's signing secret.",
    example: stripeEvent('identity.verification_session.verified', 'vs_1QJ8Xb2eZvKYlo2C9xYzAbC'),
  },
  receiveStripeTokenizationWebhook: {
    header: 'Stripe-Signature',
    text: "Stripe's signature of the raw body with the card investments' webhook signing secret.",
    example: stripeEvent('payment_intent.succeeded', 'pi_3QJ8Xb2eZvKYlo2C1x7hTq9P'),
  },
  receiveCoinbaseWebhook: {
    header: 'X-CC-Webhook-Signature',
    text: "Coinbase Commerce's hex HMAC-SHA256 of the raw body with the shared webhook secret.",
    example: {
      id: exampleUuid('coinbase-delivery'),
      scheduled_for: '2026-11-30T14:05:00Z',
      event: {
        id: exampleUuid('coinbase-event'),
        type: 'charge:confirmed',
        api_version: '2018-03-22',
        created_at: '2026-11-30T14:05:00Z',
        data: { id: exampleUuid('coinbase-charge'), code: 'K7RD4Q2M' },
      },
    },
  },
};

function stripeEvent(type: string, objectId: string) {
  return {
    id: 'evt_1QJ8Xb2eZvKYlo2CkLmNoPq',
    object: 'event',
    type,
    created: 1796047500,
    livemode: false,
    data: { object: { id: objectId } },
  };
}

/** The Error component's example per status. */
const errorExamples: Record<string, { error: string; message: string }> = {
  '400': { error: 'VALIDATION_FAILED', message: 'The request is invalid.' },
  '401': { error: 'UNAUTHENTICATED', message: 'Authentication required' },
  '403': { error: 'FORBIDDEN', message: 'This API key does not have the write scope.' },
  '404': { error: 'NOT_FOUND', message: 'Not found' },
  '409': {
    error: 'CONFLICT',
    message: 'A request with this Idempotency-Key is still in progress. Retry once it has answered.',
  },
  '422': {
    error: 'VALIDATION_FAILED',
    message:
      'This Idempotency-Key was already used with another request (method, path or body). Use a new key for a new request.',
  },
  '429': { error: 'RATE_LIMITED', message: 'Too many requests. Please try again in 42 seconds.' },
};

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const requestIdHeader = { 'X-Request-Id': headerRef('X-Request-Id') };
const rateLimitHeaders = {
  'RateLimit-Limit': headerRef('RateLimit-Limit'),
  'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
  'RateLimit-Reset': headerRef('RateLimit-Reset'),
};

/**
 * The headers every answer of a route carries: the request id, its rate limit's when it has one,
 * and on a keyed POST whether the answer is a replay.
 */
const answerHeaders = (route: RouteDescriptor) => ({
  ...requestIdHeader,
  ...(route.rateLimits?.length || route.apiKey ? rateLimitHeaders : {}),
  ...(acceptsIdempotencyKey(route) ? { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') } : {}),
});

const errorResponse = ([status, description]: readonly [string, string]) => ({
  description,
  headers:
    status === '429'
      ? { ...requestIdHeader, ...rateLimitHeaders, 'Retry-After': headerRef('Retry-After') }
      : requestIdHeader,
  content: { 'application/json': { schema: { $ref: ERROR }, example: errorExamples[status] } },
});

/** `/api/things/:id` → `/api/things/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

const pascal = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function plainJsonSchema(schema: z.ZodType, io: Io): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}

/** Visits every object of a JSON value, depth first. */
function walk(value: unknown, visit: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) value.forEach((item) => walk(item, visit));
  else if (value && typeof value === 'object') {
    visit(value as Record<string, unknown>);
    Object.values(value).forEach((member) => walk(member, visit));
  }
}

/**
 * The document's named schemas: every schema contracts exports, by its export's name (a route's
 * own unexported body or answer by the route's id), converted in their input form for requests
 * and output form for answers. Only those the document refers to are kept; a schema whose two
 * forms differ and that both use is written twice, `Name` and `NameInput`.
 */
class Components {
  private readonly registry = z.registry<{ id: string }>();
  private readonly names = new Map<z.ZodType, string>();
  private readonly taken = new Set<string>();
  private converted?: { output: Record<string, JsonSchema>; input: Record<string, JsonSchema> };

  constructor() {
    for (const [name, value] of Object.entries(contracts)) {
      if (value instanceof z.ZodType && name.endsWith('Schema') && name.length > 'Schema'.length) {
        this.register(value, pascal(name.slice(0, -'Schema'.length)));
      }
    }
  }

  private register(schema: z.ZodType, name: string): string {
    const known = this.names.get(schema);
    if (known) return known;
    if (this.taken.has(name)) throw new Error(`Two schemas would be named ${name} in the reference`);
    this.taken.add(name);
    this.names.set(schema, name);
    this.registry.add(schema, { id: name });
    return name;
  }

  /** A reference to `schema`, named by its export or else `fallback`. */
  ref(schema: z.ZodType, fallback: string, io: Io): { $ref: string } {
    return { $ref: `${SCHEMAS}${this.register(schema, fallback)}${io === 'input' ? INPUT : ''}` };
  }

  private convert() {
    if (this.converted) return this.converted;
    const forms = (io: Io) => {
      const { schemas } = z.toJSONSchema(this.registry, {
        io,
        unrepresentable: 'any',
        target: 'draft-2020-12',
        uri: (id) => `${SCHEMAS}${id}${io === 'input' ? INPUT : ''}`,
      });
      return Object.fromEntries(
        Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...rest }]) => [id, rest as JsonSchema]),
      );
    };
    this.converted = { output: forms('output'), input: forms('input') };
    return this.converted;
  }

  /**
   * The components the document refers to, a renaming that settles every reference of the
   * document to its final name (the `~input` marks resolved), and a look-up of a reference.
   */
  settle(document: unknown): {
    schemas: Record<string, JsonSchema>;
    rename: <V>(value: V) => V;
    resolve: (ref: string) => unknown;
  } {
    const { output, input } = this.convert();
    const defOf = (ref: string) => {
      const id = ref.slice(SCHEMAS.length);
      return id.endsWith(INPUT) ? input[id.slice(0, -INPUT.length)] : output[id];
    };
    // Every schema reachable from the document.
    const needed = new Set<string>();
    const visit = (value: unknown) =>
      walk(value, (node) => {
        const ref = node.$ref;
        if (typeof ref !== 'string' || !ref.startsWith(SCHEMAS) || ref === ERROR || needed.has(ref)) return;
        needed.add(ref);
        const def = defOf(ref);
        if (!def) throw new Error(`No schema for ${ref}`);
        visit(def);
      });
    visit(document);
    // A schema's input form is the output form when the two read the same, and so do all it refers to.
    const same = new Map<string, boolean>();
    const sameForms = (id: string): boolean => {
      const known = same.get(id);
      if (known !== undefined) return known;
      same.set(id, true);
      const inputText = JSON.stringify(input[id]).replaceAll(INPUT, '');
      let result = inputText === JSON.stringify(output[id]);
      if (result) {
        walk(input[id], (node) => {
          if (typeof node.$ref === 'string' && node.$ref.endsWith(INPUT)) {
            result &&= sameForms(node.$ref.slice(SCHEMAS.length, -INPUT.length));
          }
        });
      }
      same.set(id, result);
      return result;
    };
    const outputsUsed = new Set(
      [...needed].filter((ref) => !ref.endsWith(INPUT)).map((ref) => ref.slice(SCHEMAS.length)),
    );
    const finalName = new Map<string, string>();
    for (const ref of needed) {
      const id = ref.slice(SCHEMAS.length);
      if (!id.endsWith(INPUT)) finalName.set(ref, id);
      else {
        const base = id.slice(0, -INPUT.length);
        finalName.set(ref, sameForms(base) || !outputsUsed.has(base) ? base : `${base}Input`);
      }
    }
    const schemas: Record<string, JsonSchema> = {};
    for (const ref of needed) {
      const name = finalName.get(ref)!;
      const id = ref.slice(SCHEMAS.length);
      // A shared name (the input form that reads as the output one) takes the output form.
      if (name in schemas && id.endsWith(INPUT)) continue;
      schemas[name] = defOf(ref)!;
    }
    const rename = <V>(value: V): V =>
      JSON.parse(JSON.stringify(value), (key, member: unknown) =>
        key === '$ref' && typeof member === 'string' && finalName.has(member)
          ? `${SCHEMAS}${finalName.get(member)}`
          : member,
      ) as V;
    const sorted = Object.fromEntries(
      Object.keys(schemas)
        .sort()
        .map((name) => [name, rename(schemas[name])]),
    );
    const resolve = (ref: string) => sorted[finalName.get(ref) ?? ref.slice(SCHEMAS.length)];
    return { schemas: sorted, rename, resolve };
  }
}

function parameters(route: RouteDescriptor): unknown[] {
  const inPath = pathParameters(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    example: exampleUuid(`${route.id}.${name}`),
  }));
  const idempotency = acceptsIdempotencyKey(route) ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : [];
  if (!route.query) return [...inPath, ...idempotency];
  const query = plainJsonSchema(route.query, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  const examples = Object.fromEntries(
    Object.entries(query.properties ?? {}).map(([name, schema]) => [name, exampleOf(schema, () => null, { name })]),
  );
  const checked = route.query.safeParse(examples);
  if (!checked.success) throw new Error(`${route.id} query: no valid example (${checked.error.message})`);
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
    example: examples[name],
  }));
  return [...inPath, ...inQuery, ...idempotency];
}

/** Top-level values an operation's example needs where the generic ones would be refused. */
const exampleOverrides: Record<string, Record<string, unknown>> = {
  // The registration wizard's country list is of names, not codes; the business numbers are
  // checked for the country (issue 39), so a New Zealand business with its NZBN, company and IRD number.
  'register request': {
    country: 'New Zealand',
    nzbn: '9412345678904',
    businessNumber: '1234567',
    taxNumber: '49091850',
  },
};

/** An example of a zod schema made from its JSON Schema and checked by parsing it; throws when none passes. */
function checkedExample(schema: z.ZodType, json: unknown, resolve: (ref: string) => unknown, what: string): unknown {
  for (const optional of [true, false]) {
    const made = exampleOf(json, resolve, { optional });
    const example = exampleOverrides[what] ? { ...(made as object), ...exampleOverrides[what] } : made;
    if (schema.safeParse(example).success) return example;
  }
  const made = exampleOf(json, resolve);
  const issues = schema
    .safeParse(exampleOverrides[what] ? { ...(made as object), ...exampleOverrides[what] } : made)
    .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`${what}: no valid example could be made (${issues?.join('; ')})`);
}

interface Pending {
  /** Fills the examples once the components are known. */
  examples: (resolve: (ref: string) => unknown) => void;
}

function requestBody(route: RouteDescriptor, components: Components, pending: Pending[]): unknown {
  if (route.access === 'webhook') {
    const provider = providerWebhooks[route.id];
    if (!provider) throw new Error(`${route.id}: a webhook route needs its signature described in openapi.ts`);
    if (!route.body) {
      return {
        required: true,
        description: "The provider's event, exactly as it signed it.",
        content: { 'application/json': { schema: { type: 'object' }, example: provider.example } },
      };
    }
  }
  if (!route.body) return undefined;
  const type = route.upload ? 'multipart/form-data' : 'application/json';
  const media: Record<string, unknown> = { schema: components.ref(route.body, `${pascal(route.id)}Request`, 'input') };
  const body = route.body;
  if (!route.upload) {
    pending.push({
      examples: (resolve) => {
        media.example = checkedExample(body, media.schema, resolve, `${route.id} request`);
      },
    });
  }
  return {
    required: true,
    ...(route.access === 'webhook'
      ? { description: 'The transaction, as JSON; sign these exact bytes (see the signature header).' }
      : {}),
    content: { [type]: media },
  };
}

function successResponse(route: RouteDescriptor, components: Components, pending: Pending[]): Record<string, unknown> {
  const status = String(route.status ?? 200);
  const headers = answerHeaders(route);
  if (route.status === 302) {
    return {
      [status]: { description: 'Redirects (Location).', headers: { ...headers, Location: headerRef('Location') } },
    };
  }
  if (route.produces) {
    return {
      [status]: {
        description: route.stream
          ? 'A stream of server-sent events.'
          : 'The file, as an attachment (Content-Disposition names it).',
        headers: route.stream ? headers : { ...headers, 'Content-Disposition': headerRef('Content-Disposition') },
        content: { [route.produces]: { schema: { type: 'string', format: 'binary' } } },
      },
    };
  }
  if (!route.response) return { [status]: { description: status === '204' ? 'Done; no body.' : 'Done.', headers } };
  const media: Record<string, unknown> = {
    schema: components.ref(route.response, `${pascal(route.id)}Response`, 'output'),
  };
  const response = route.response;
  pending.push({
    examples: (resolve) => {
      media.example = checkedExample(response, media.schema, resolve, `${route.id} answer`);
    },
  });
  return { [status]: { description: 'Done.', headers, content: { 'application/json': media } } };
}

const responseRef = (name: keyof typeof errorAnswers) => ({ $ref: `#/components/responses/${name}` });

/** The refusals, each once in components.responses: `[status, description]`. */
const errorAnswers = {
  BadRequest: ['400', 'The request is invalid; `details` names each field.'],
  Unauthenticated: ['401', 'No valid session or API key.'],
  InvalidSignature: ['401', 'The signature is missing, wrong or stale.'],
  Forbidden: ['403', 'Not allowed: e-mail not verified, or the role or key scope is missing.'],
  ForbiddenMovesMoney: [
    '403',
    'Not allowed: e-mail not verified, role or key scope missing, or a test key (test keys cannot move money).',
  ],
  NotFound: ['404', 'No such record of yours.'],
  IdempotencyInProgress: [
    '409',
    'A request with this Idempotency-Key is still in progress; retry once it has answered.',
  ],
  IdempotencyKeyReused: [
    '422',
    'This Idempotency-Key was used within 24 hours with another body (or route); nothing was done.',
  ],
  TooManyRequests: ['429', 'Too many requests: wait the seconds Retry-After (or RateLimit-Reset) gives.'],
} as const;

function errorResponses(route: RouteDescriptor): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  if (route.body || route.query || route.access === 'webhook') responses['400'] = responseRef('BadRequest');
  if (route.access === 'webhook') responses['401'] = responseRef('InvalidSignature');
  else if (route.access !== 'public') responses['401'] = responseRef('Unauthenticated');
  if (['verified', 'support', 'admin'].includes(route.access) || route.apiKey) {
    responses['403'] = responseRef(route.movesMoney ? 'ForbiddenMovesMoney' : 'Forbidden');
  }
  if (pathParameters(route.path).length) responses['404'] = responseRef('NotFound');
  if (acceptsIdempotencyKey(route)) {
    responses['409'] = responseRef('IdempotencyInProgress');
    responses['422'] = responseRef('IdempotencyKeyReused');
  }
  if (route.rateLimits?.length || route.apiKey) responses['429'] = responseRef('TooManyRequests');
  return responses;
}

function security(route: RouteDescriptor): unknown[] | undefined {
  if (route.access === 'public' || route.access === 'webhook') return [];
  return route.apiKey ? [{ cookieSession: [] }, { apiKey: [] }] : [{ cookieSession: [] }];
}

function describe(route: RouteDescriptor, components: Components, pending: Pending[]): Record<string, unknown> {
  const notes = [accessText[route.access]];
  if (route.apiKey) notes.push(`API keys with the \`${route.apiKey}\` scope may call it.`);
  if (route.movesMoney) notes.push('Moves money: test keys are refused (403).');
  if (acceptsIdempotencyKey(route)) notes.push('Retry-safe with an `Idempotency-Key`.');
  const provider = route.access === 'webhook' ? providerWebhooks[route.id] : undefined;
  const signature = provider
    ? [{ name: provider.header, in: 'header', required: true, description: provider.text, schema: { type: 'string' } }]
    : [];
  return {
    operationId: route.id,
    summary: route.summary,
    description: provider?.guide ? `${notes.join(' ')}\n\n${provider.guide}` : notes.join(' '),
    tags: [route.tag],
    parameters: [...parameters(route), ...signature],
    requestBody: requestBody(route, components, pending),
    responses: {
      ...successResponse(route, components, pending),
      ...errorResponses(route),
    },
    security: security(route),
    'x-access': route.access,
    ...(route.apiKey ? { 'x-api-key-scope': route.apiKey } : {}),
    ...(route.movesMoney ? { 'x-moves-money': true } : {}),
    ...(route.rateLimits?.length
      ? {
          'x-rate-limits': route.rateLimits.map(({ setting, windowSeconds, bodyField }) => ({
            setting,
            windowSeconds,
            ...(bodyField ? { perBodyField: bodyField } : {}),
          })),
        }
      : {}),
  };
}

/** `transaction.recorded` → `TransactionRecordedEvent`. */
export const webhookEventSchemaName = (type: string): string =>
  `${type
    .split(/[._]/)
    .map((part) => pascal(part))
    .join('')}Event`;

/**
 * The `webhooks` section: one POST per event type the platform sends to a merchant's endpoint,
 * with the envelope its body carries and the headers of every delivery.
 */
function webhooks(components: Components, pending: Pending[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const type of webhookEnvelopeTypes) {
    const schema = webhookEnvelopeSchema.extend({
      type: z.literal(type),
      data: webhookEventDataSchemas[type as WebhookEnvelopeType],
    });
    const media: Record<string, unknown> = { schema: components.ref(schema, webhookEventSchemaName(type), 'output') };
    pending.push({
      examples: (resolve) => {
        const example = checkedExample(schema, media.schema, resolve, `${type} event`) as { id: string };
        media.example = { ...example, id: exampleUuid(`event.${type}`) };
      },
    });
    const label = type === webhookTestEventType ? 'Test event (“Send test event”)' : webhookEventLabels[type as never];
    result[type] = {
      post: {
        operationId: `${type.replace(/[._](\w)/g, (_m, c: string) => c.toUpperCase())}Webhook`,
        summary: label,
        description:
          `Sent to each of the merchant's active endpoints subscribed to \`${type}\`` +
          (type === webhookTestEventType ? ' (or asked for by “Send test event”, whatever they subscribe to)' : '') +
          '. Verify the signature over the raw body before trusting it (the SDK: `verifyWebhook`), and drop an ' +
          '`X-Webhook-Id` already handled: a delivery is retried, with the same id, for 24 hours until a 2xx answers.',
        tags: ['Webhooks'],
        parameters: [
          { $ref: '#/components/parameters/WebhookSignature' },
          { $ref: '#/components/parameters/WebhookId' },
          { $ref: '#/components/parameters/WebhookEvent' },
        ],
        requestBody: { required: true, content: { 'application/json': media } },
        responses: {
          '200': { description: 'Received (any 2xx): the delivery succeeded and is not sent again.' },
          '400': { description: 'Refused (any other answer, or none in time): the delivery is retried later.' },
        },
        security: [],
      },
    };
  }
  return result;
}

/** Drops undefined members so the document serializes the same on every run. */
const compact = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined));

const integerHeader = (description: string, example: number) => ({ description, schema: { type: 'integer' }, example });

/**
 * The OpenAPI 3.1 document of the public routes (internal ones left out), in descriptor order,
 * and of the webhooks the platform sends. Deterministic: the committed docs/openapi.json is this,
 * and `make check` compares the two.
 */
export function openApiDocument(routes: readonly RouteDescriptor[], { servers = ['/'] }: OpenApiOptions = {}) {
  const components = new Components();
  const pending: Pending[] = [];
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (route.access === 'internal') continue;
    const path = (paths[openApiPath(route.path)] ??= {});
    path[route.method.toLowerCase()] = compact(describe(route, components, pending));
  }
  const sent = webhooks(components, pending);
  const tagNames = [...new Set(routes.filter((r) => r.access !== 'internal').map((r) => r.tag)), 'Webhooks'];
  const tags = [...new Set(tagNames)].map((name) => ({ name, description: tagText[name] ?? name }));
  const errorSchema = {
    type: 'object',
    required: ['error', 'message'],
    properties: {
      error: { type: 'string', description: 'A machine-readable code, e.g. VALIDATION_FAILED.' },
      message: { type: 'string', description: 'What went wrong, for people.' },
      details: {
        type: 'array',
        items: {
          type: 'object',
          required: ['path', 'message'],
          properties: { path: { type: 'string' }, message: { type: 'string' } },
        },
      },
    },
  };
  const { schemas, rename, resolve } = components.settle({ paths, webhooks: sent });
  const all = { ...schemas, Error: errorSchema };
  pending.forEach((item) => item.examples((ref) => (ref === ERROR ? errorSchema : resolve(ref))));
  const settled = rename({ paths, webhooks: sent });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payments Platform API',
      version: API_VERSION,
      description:
        "The platform's HTTP API. Browsers use the session cookie; programs send `Authorization: Bearer <API key>` " +
        '(Settings → Developer API) on the routes that accept keys. Errors are `{ error, message, details? }`. ' +
        'Every answer carries `X-Request-Id`; rate-limited routes and API-key calls carry `RateLimit-Limit`, ' +
        '`RateLimit-Remaining` and `RateLimit-Reset` (seconds), and a 429 adds `Retry-After` (seconds).',
    },
    servers: servers.map((url) => ({ url })),
    tags,
    paths: settled.paths,
    webhooks: settled.webhooks,
    components: {
      schemas: all,
      responses: Object.fromEntries(
        Object.entries(errorAnswers).map(([name, answer]) => [name, errorResponse(answer)]),
      ),
      parameters: {
        IdempotencyKey: {
          name: IDEMPOTENCY_KEY_HEADER,
          in: 'header',
          required: false,
          description:
            'Makes the call safe to retry: the same key with the same body within 24 hours answers the first ' +
            'answer again and does nothing more; with another body it is refused (422). Any unique string (a UUID).',
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
          example: exampleUuid('idempotency-key'),
        },
        WebhookSignature: {
          name: webhookSignatureHeader,
          in: 'header',
          required: true,
          description:
            '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the endpoint\'s signing secret. ' +
            'Refuse a delivery whose signature does not match or whose `t` is more than 300 seconds away.',
          schema: { type: 'string' },
          example: 't=1796047500,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
        },
        WebhookId: {
          name: webhookIdHeader,
          in: 'header',
          required: true,
          description: "The event's id: the same on every attempt and resend of it.",
          schema: { type: 'string' },
          example: exampleUuid('event.transaction.recorded'),
        },
        WebhookEvent: {
          name: webhookEventHeader,
          in: 'header',
          required: true,
          description: "The event's type.",
          schema: { type: 'string', enum: [...webhookEnvelopeTypes] },
          example: 'transaction.recorded',
        },
      },
      headers: {
        'X-Request-Id': {
          description:
            "The request's id: the `X-Request-Id` you sent (when it is a sane one) or a new UUID. Quote it when reporting a problem.",
          schema: { type: 'string' },
          example: exampleUuid('request'),
        },
        'RateLimit-Limit': integerHeader('How many calls the limit that applies allows per window.', 300),
        'RateLimit-Remaining': integerHeader('How many calls are left in the current window.', 299),
        'RateLimit-Reset': integerHeader('Seconds until the current window ends and the count starts again.', 42),
        'Retry-After': integerHeader('Seconds to wait before calling again.', 42),
        'Content-Disposition': {
          description: 'The file name, e.g. `attachment; filename="report.pdf"`.',
          schema: { type: 'string' },
          example: 'attachment; filename="financial-report-2026-11-30.pdf"',
        },
        'Idempotent-Replayed': {
          description: '`true` when the answer is the one kept for this Idempotency-Key (nothing was done again).',
          schema: { type: 'string', enum: ['true'] },
          example: 'true',
        },
        Location: {
          description: 'Where the redirect goes.',
          schema: { type: 'string' },
          example: '/',
        },
      },
      securitySchemes: {
        cookieSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'access_token',
          description: "The web app's session (signed in at /login).",
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key from Settings → Developer API: `mp_live_…` or `mp_test_…`.',
        },
      },
    },
  };
}

/** The document as committed in docs/openapi.json and served at /api/openapi.json, byte for byte. */
export const openApiJson = (routes: readonly RouteDescriptor[]): string =>
  `${JSON.stringify(openApiDocument(routes), null, 2)}\n`;
