#!/usr/bin/env node
// The end of `make test`: the seconds of each phase (phases.tsv, from scripts/test.sh), then one
// closing line for every tier, from the JSON results jest and vitest wrote.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.local/test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const tiers = new Map();
for (const file of existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')) : []) {
  const result = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  passed += result.numPassedTests ?? 0;
  failed += (result.numFailedTests ?? 0) + (result.numRuntimeErrorTestSuites ?? 0);
  skipped += (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
  tiers.set(file.replace(/\.json$/, ''), `${result.numPassedTests ?? 0}/${result.numTotalTests ?? 0}`);
}

const phasesFile = join(dir, 'phases.tsv');
if (existsSync(phasesFile)) {
  const rows = readFileSync(phasesFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
    .map(([name, ms, rc]) => ({ name, seconds: Number(ms) / 1000, ok: rc === '0' }));
  const total = rows.reduce((sum, row) => sum + row.seconds, 0);
  console.log('');
  console.log('phase          seconds  tests');
  for (const { name, seconds, ok } of rows) {
    const tests = tiers.get(name) ?? '';
    console.log(`${name.padEnd(14)} ${seconds.toFixed(1).padStart(7)}  ${tests}${ok ? '' : '  FAILED'}`);
  }
  console.log(`${'total'.padEnd(14)} ${total.toFixed(1).padStart(7)}`);
  console.log('');
}
if (tiers.size === 0) console.log('no tier ran');
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
