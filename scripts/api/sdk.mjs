#!/usr/bin/env node
// The TypeScript SDK's generated part (packages/sdk/src/generated.ts), from docs/openapi.json: one
// typed method per operation that API keys may call, its input and answer types converted from
// the document's JSON Schemas (a named component schema becomes a named type), and the union of
// the webhook events the platform sends (the document's `webhooks`). The hand-written rest
// (transport, errors, webhook verification) is packages/sdk/src/client.ts and webhooks.ts.
//   node scripts/api/sdk.mjs           exit 1 when the generated file is stale
//   node scripts/api/sdk.mjs --write   rewrite it
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = join(root, 'packages/sdk/src/generated.ts');

const pascal = (id) => id.charAt(0).toUpperCase() + id.slice(1);
const propertyName = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const indent = (text, by) => text.replace(/\n/g, `\n${by}`);

/**
 * A JSON Schema (2020-12, as zod writes it) as a TypeScript type; anything unknown is `unknown`. A
 * reference to a component schema is its name (`document.used` collects the names to declare).
 */
function typeOf(schema, document) {
  if (!schema || schema === true) return 'unknown';
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop();
    if (!document.components.schemas[name]) throw new Error(`${schema.$ref}: no such schema`);
    document.used?.add(name);
    return name;
  }
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map((member) => typeOf(member, document)))].map(wrap).join(' | ');
  if (schema.allOf) return schema.allOf.map((member) => wrap(typeOf(member, document))).join(' & ');
  if (Array.isArray(schema.type)) {
    return schema.type.map((type) => wrap(typeOf({ ...schema, type }, document))).join(' | ');
  }
  switch (schema.type) {
    case 'string':
      return schema.format === 'binary' ? 'Blob' : 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      if (Array.isArray(schema.prefixItems)) {
        return `[${schema.prefixItems.map((item) => typeOf(item, document)).join(', ')}]`;
      }
      return `${wrap(typeOf(schema.items, document))}[]`;
    case 'object': {
      const required = new Set(schema.required ?? []);
      const members = Object.entries(schema.properties ?? {}).map(([name, member]) => {
        const doc = member.description ? `/** ${member.description.replace(/\*\//g, '* /')} */\n` : '';
        return `${doc}${propertyName(name)}${required.has(name) ? '' : '?'}: ${typeOf(member, document)};`;
      });
      const extra = schema.additionalProperties;
      if (extra && extra !== false) members.push(`[key: string]: ${typeOf(extra, document)};`);
      if (!members.length) return extra === false ? 'Record<string, never>' : 'Record<string, unknown>';
      return `{\n  ${members.map((member) => indent(member, '  ')).join('\n  ')}\n}`;
    }
    default:
      return 'unknown';
  }
}
const wrap = (type) => (/[|&]/.test(type) && !/^[{[]/.test(type) ? `(${type})` : type);

const jsonDoc = (text) => (text ? `/** ${text.replace(/\*\//g, '* /')} */\n` : '');

export function generateSdk(source) {
  const document = { ...source, used: new Set() };
  const lines = [
    '// Generated from docs/openapi.json by scripts/api/sdk.mjs: do not edit (`make openapi` rewrites it).',
    "import type { BinaryAnswer, Transport } from './client';",
    '',
  ];
  const methods = [];
  const declared = new Set();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation['x-api-key-scope']) continue;
      const name = pascal(operation.operationId);
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
      const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query');
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const [status, success] = Object.entries(operation.responses).find(([code]) => code.startsWith('2'));
      const answer = success.content?.['application/json']?.schema;
      // A file (a PDF, a document): its bytes and content type, not JSON.
      const binary = !answer && Object.keys(success.content ?? {}).length > 0;
      const idempotent = (operation.parameters ?? []).some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
      const input = [
        ...pathParams.map((p) => `${propertyName(p.name)}: string;`),
        ...(queryParams.length
          ? [
              `query?: {\n    ${queryParams
                .map((p) => `${propertyName(p.name)}?: ${indent(typeOf(p.schema, document), '    ')};`)
                .join('\n    ')}\n  };`,
            ]
          : []),
        ...(body ? [`body: ${indent(typeOf(body, document), '  ')};`] : []),
        ...(idempotent
          ? [
              '/** Sent as Idempotency-Key: the same key and body within 24 hours answer the first answer again. */\n' +
                'idempotencyKey?: string;',
            ]
          : []),
      ];
      for (const type of [`${name}Input`, `${name}Result`]) {
        if (declared.has(type)) throw new Error(`${type} declared twice`);
        declared.add(type);
      }
      lines.push(`/** ${method.toUpperCase()} ${path}: input of \`${operation.operationId}\`. */`);
      lines.push(
        input.length
          ? `export interface ${name}Input {\n  ${input.map((member) => indent(member, '  ')).join('\n  ')}\n}`
          : `export type ${name}Input = Record<string, never>;`,
      );
      const media = Object.keys(success.content ?? {})[0];
      lines.push(
        `/** ${method.toUpperCase()} ${path}: the ${status} answer${binary ? ` (${media}: its bytes and content type)` : ''}. */`,
      );
      lines.push(
        `export type ${name}Result = ${answer ? typeOf(answer, document) : binary ? 'BinaryAnswer' : 'void'};`,
        '',
      );
      const optional = input.every((member) => /^(\/\*\*.*\*\/\n)?\w+\?:/s.test(member));
      methods.push(
        `  /** ${operation.summary} ${operation.description} */\n` +
          `  ${operation.operationId}(input${optional ? '?' : ''}: ${name}Input): Promise<${name}Result> {\n` +
          `    return this.transport.call('${method.toUpperCase()}', '${path}', ${JSON.stringify(pathParams.map((p) => p.name))}, input ?? {}${binary ? ", 'binary'" : ''}) as Promise<${name}Result>;\n` +
          '  }',
      );
    }
  }
  // The events a webhook endpoint receives: one type each, and their union.
  const events = [];
  for (const [type, item] of Object.entries(document.webhooks ?? {})) {
    const schema = item.post.requestBody.content['application/json'].schema;
    events.push([type, typeOf(schema, document), item.post.summary]);
  }
  if (events.length) {
    lines.push(
      "/** A webhook delivery's body, by its `type` (what `verifyWebhook` returns once the signature is checked). */",
      `export type WebhookEvent =\n  | ${events.map(([, type]) => type).join('\n  | ')};`,
      '/** The event types the platform sends. */',
      "export type WebhookEventType = WebhookEvent['type'];",
      '',
    );
  }
  // The named schemas the types above refer to, and those they refer to in turn.
  const named = [];
  const done = new Set();
  while ([...document.used].some((name) => !done.has(name))) {
    for (const name of [...document.used].sort()) {
      if (done.has(name)) continue;
      done.add(name);
      if (declared.has(name)) throw new Error(`${name} would be declared twice`);
      const schema = document.components.schemas[name];
      named.push([name, `${jsonDoc(schema.description)}export type ${name} = ${typeOf(schema, document)};`]);
    }
  }
  lines.push(...named.sort(([a], [b]) => a.localeCompare(b)).map(([, text]) => text), '');
  lines.push(
    '/** Every operation an API key may call, one method each (see docs/openapi.json for the rest). */',
    'export abstract class Operations {',
    '  protected abstract readonly transport: Transport;',
    '',
    methods.join('\n\n'),
    '}',
    '',
  );
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const document = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8'));
  const { format, resolveConfig } = await import('prettier');
  const fresh = await format(generateSdk(document), { ...(await resolveConfig(OUT)), filepath: OUT });
  if (process.argv.includes('--write')) {
    writeFileSync(OUT, fresh);
    console.log(`packages/sdk/src/generated.ts: ${(fresh.match(/^ {2}\w+\(input/gm) ?? []).length} methods`);
  } else {
    let committed = '';
    try {
      committed = readFileSync(OUT, 'utf8');
    } catch {
      /* missing counts as stale */
    }
    if (committed !== fresh) {
      console.error('packages/sdk/src/generated.ts is stale: run `make openapi` and commit it');
      process.exit(1);
    }
  }
}
