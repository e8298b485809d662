#!/usr/bin/env node
// Prints one closing line for all of `make test`, from the JSON results jest and vitest wrote.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.local/test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const suites = [];
for (const file of existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')) : []) {
  const result = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  passed += result.numPassedTests ?? 0;
  failed += (result.numFailedTests ?? 0) + (result.numRuntimeErrorTestSuites ?? 0);
  skipped += (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
  suites.push(`${file.replace(/\.json$/, '')} ${result.numPassedTests ?? 0}/${result.numTotalTests ?? 0}`);
}
console.log(`suites: ${suites.join(', ') || 'none ran'}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
