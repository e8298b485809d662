// Jest's test order with the slowest files first, so no worker is left with a long file at the end
// of a run. Jest sorts by the durations of the last run it cached (/tmp/jest_*); a file it has no
// duration for (a fresh clone, a fresh machine) takes the one recorded in test-durations.json
// (`node scripts/test-durations.mjs` refreshes it from the last `make test`), and only a file known
// to neither is sorted by its size.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import Sequencer from '@jest/test-sequencer';

const root = resolve(import.meta.dirname, '..');
const recorded = JSON.parse(readFileSync(resolve(import.meta.dirname, 'test-durations.json'), 'utf8'));

export default class SlowestFirst extends Sequencer {
  time(test) {
    const seconds = recorded[relative(root, test.path)];
    return super.time(test) ?? (seconds == null ? undefined : seconds * 1000);
  }
}
