#!/usr/bin/env node
// Writes .gz and .br beside every text asset of dist/, so the gateway serves them pre-compressed
// (@fastify/static preCompressed) instead of compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');
const compressible = /\.(js|css|html|svg|json|txt|map)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (compressible.test(name)) yield path;
  }
}

let count = 0;
for (const path of files(dist)) {
  const content = readFileSync(path);
  if (content.length < 1024) continue;
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
  );
  count += 1;
}
console.log(`compressed ${count} assets (gzip and brotli)`);
