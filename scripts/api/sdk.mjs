#!/usr/bin/env node
// The TypeScript SDK's generated part (packages/sdk/src/generated.ts), from docs/openapi.json: one
// typed method per operation that API keys may call, its input and answer types converted from
// the document's JSON Schemas. The hand-written rest (transport, errors) is packages/sdk/src/client.ts.
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

/** A JSON Schema (2020-12, as zod writes it) as a TypeScript type; anything unknown is `unknown`. */
function typeOf(schema, document) {
  if (!schema || schema === true) return 'unknown';
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop();
    return typeOf(document.components.schemas[name], document);
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

export function generateSdk(document) {
  const lines = [
    '// Generated from docs/openapi.json by scripts/api/sdk.mjs: do not edit (`make openapi` rewrites it).',
    "import type { Transport } from './client';",
    '',
  ];
  const methods = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation['x-api-key-scope']) continue;
      const name = pascal(operation.operationId);
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
      const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query');
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const [status, success] = Object.entries(operation.responses).find(([code]) => code.startsWith('2'));
      const answer = success.content?.['application/json']?.schema;
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
      ];
      lines.push(`/** ${method.toUpperCase()} ${path}: input of \`${operation.operationId}\`. */`);
      lines.push(
        input.length
          ? `export interface ${name}Input {\n  ${input.join('\n  ')}\n}`
          : `export type ${name}Input = Record<string, never>;`,
      );
      lines.push(`/** ${method.toUpperCase()} ${path}: the ${status} answer. */`);
      lines.push(`export type ${name}Result = ${answer ? typeOf(answer, document) : 'void'};`, '');
      const optional = input.every((member) => /^\w+\?:/.test(member) || member.startsWith('query?'));
      methods.push(
        `  /** ${operation.summary} ${operation.description} */\n` +
          `  ${operation.operationId}(input${optional ? '?' : ''}: ${name}Input): Promise<${name}Result> {\n` +
          `    return this.transport.call('${method.toUpperCase()}', '${path}', ${JSON.stringify(pathParams.map((p) => p.name))}, input ?? {}) as Promise<${name}Result>;\n` +
          '  }',
      );
    }
  }
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
