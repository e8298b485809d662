#!/usr/bin/env node
// docs/openapi.json, generated from the route descriptors (packages/contracts, http/routes): the
// same bytes the gateway serves at /api/openapi.json. Reads the compiled contracts (dist/, from
// `tsc -b`).
//   node scripts/api/openapi.mjs           exit 1 when docs/openapi.json is stale
//   node scripts/api/openapi.mjs --write   rewrite it
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(join(root, 'package.json'));
const { apiRoutes, openApiJson } = require(join(root, 'packages/contracts/dist/index.js'));

export const DOC = join(root, 'docs/openapi.json');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fresh = openApiJson(apiRoutes);
  if (process.argv.includes('--write')) {
    writeFileSync(DOC, fresh);
    console.log(`docs/openapi.json: ${Object.keys(JSON.parse(fresh).paths).length} paths`);
  } else {
    let committed = '';
    try {
      committed = readFileSync(DOC, 'utf8');
    } catch {
      /* missing counts as stale */
    }
    if (committed !== fresh) {
      console.error('docs/openapi.json is stale: run `make openapi` and commit it');
      process.exit(1);
    }
  }
}
