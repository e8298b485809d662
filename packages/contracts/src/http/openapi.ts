import { z } from 'zod';
import { pathParameters, type RouteDescriptor } from './route';

/** The API's version in the reference; raise it when a described route changes incompatibly. */
export const API_VERSION = '1.0.0';

type JsonSchema = Record<string, unknown>;

export interface OpenApiOptions {
  /** The reference's server URL(s); the document is the same for every deployment otherwise. */
  servers?: string[];
}

const errorSchemaRef = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchemaRef } },
});

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

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}

/** `/api/things/:id` → `/api/things/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

function parameters(route: RouteDescriptor): unknown[] {
  const inPath = pathParameters(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (!route.query) return inPath;
  const query = jsonSchema(route.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
  return [...inPath, ...inQuery];
}

function requestBody(route: RouteDescriptor): unknown {
  if (route.access === 'webhook') {
    return {
      required: true,
      description: "The provider's event, exactly as it signed it.",
      content: { 'application/json': { schema: { type: 'object' } } },
    };
  }
  if (!route.body) return undefined;
  const schema = jsonSchema(route.body, 'input');
  const type = route.upload ? 'multipart/form-data' : 'application/json';
  return { required: true, content: { [type]: { schema } } };
}

function successResponse(route: RouteDescriptor): Record<string, unknown> {
  const status = String(route.status ?? 200);
  if (route.produces) {
    return {
      [status]: {
        description: route.stream ? 'A stream of server-sent events.' : 'The file.',
        content: { [route.produces]: { schema: { type: 'string', format: 'binary' } } },
      },
    };
  }
  if (!route.response) return { [status]: { description: status === '204' ? 'Done; no body.' : 'Done.' } };
  return {
    [status]: {
      description: 'Done.',
      content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
    },
  };
}

function errorResponses(route: RouteDescriptor): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  if (route.body || route.query || route.access === 'webhook')
    responses['400'] = errorResponse('The request is invalid; `details` names each field.');
  if (route.access === 'webhook') responses['401'] = errorResponse('The signature is missing, wrong or stale.');
  else if (route.access !== 'public') responses['401'] = errorResponse('No valid session or API key.');
  if (['verified', 'support', 'admin'].includes(route.access) || route.apiKey) {
    responses['403'] = errorResponse(
      route.movesMoney
        ? 'Not allowed: e-mail not verified, role or key scope missing, or a test key (test keys cannot move money).'
        : 'Not allowed: e-mail not verified, or the role or key scope is missing.',
    );
  }
  if (pathParameters(route.path).length) responses['404'] = errorResponse('No such record of yours.');
  if (route.rateLimits?.length || route.apiKey) responses['429'] = errorResponse('Too many requests; see Retry-After.');
  return responses;
}

function security(route: RouteDescriptor): unknown[] | undefined {
  if (route.access === 'public' || route.access === 'webhook') return [];
  return route.apiKey ? [{ cookieSession: [] }, { apiKey: [] }] : [{ cookieSession: [] }];
}

function describe(route: RouteDescriptor): Record<string, unknown> {
  const notes = [accessText[route.access]];
  if (route.apiKey) notes.push(`API keys with the \`${route.apiKey}\` scope may call it.`);
  if (route.movesMoney) notes.push('Moves money: test keys are refused (403).');
  return {
    operationId: route.id,
    summary: route.summary,
    description: notes.join(' '),
    tags: [route.tag],
    parameters: parameters(route),
    requestBody: requestBody(route),
    responses: { ...successResponse(route), ...errorResponses(route) },
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

/** Drops undefined members so the document serializes the same on every run. */
const compact = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined));

/**
 * The OpenAPI 3.1 document of the public routes (internal ones left out), in descriptor order.
 * Deterministic: the committed docs/openapi.json is this, and `make check` compares the two.
 */
export function openApiDocument(routes: readonly RouteDescriptor[], { servers = ['/'] }: OpenApiOptions = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (route.access === 'internal') continue;
    const path = (paths[openApiPath(route.path)] ??= {});
    path[route.method.toLowerCase()] = compact(describe(route));
  }
  const tags = [...new Set(routes.filter((r) => r.access !== 'internal').map((r) => r.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payments Platform API',
      version: API_VERSION,
      description:
        "The platform's HTTP API. Browsers use the session cookie; programs send `Authorization: Bearer <API key>` " +
        '(Settings → Developer API) on the routes that accept keys. Errors are `{ error, message, details? }`.',
    },
    servers: servers.map((url) => ({ url })),
    tags,
    paths,
    components: {
      schemas: {
        Error: {
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
