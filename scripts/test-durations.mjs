#!/usr/bin/env node
// Records how long each jest test file took in the last `make test` (its JSON results in
// .local/test-results) into test-support/test-durations.json, which orders a fresh clone's run
// slowest first (test-support/test-sequencer.js). Commit the file when the slow files change.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = resolve(root, process.argv[2] ?? '.local/test-results');
const file = join(root, 'test-support/test-durations.json');
const durations = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
let files = 0;
// jest's tiers (scripts/test.sh names their results so; vitest orders its own files)
for (const tier of ['unit', 'integration', 'e2e']) {
  if (!existsSync(join(dir, `${tier}.json`))) continue;
  const result = JSON.parse(readFileSync(join(dir, `${tier}.json`), 'utf8'));
  for (const test of result.testResults) {
    durations[relative(root, test.name)] = Math.round((test.endTime - test.startTime) / 100) / 10;
    files += 1;
  }
}
// Files that are gone leave the record.
const sorted = Object.fromEntries(
  Object.entries(durations)
    .filter(([path]) => existsSync(join(root, path)))
    .sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`test-durations: ${files} files recorded in ${relative(root, file)}`);
