// Posts signed deliveries to their integrations' ingest URLs with a fixed number in flight, as a
// provider's webhook sender would. A delivery that repeats or updates an earlier one waits until
// that one was answered. undici with keep-alive connections: cheap enough to load the gateway
// without taking much of the machine's CPU from it.
import { Agent, request } from 'undici';
import { signWebhook } from '@app/platform/webhook-signature';

async function post(url, body, headers, dispatcher) {
  const { statusCode, body: answer } = await request(url, { method: 'POST', dispatcher, headers, body });
  return { status: statusCode, text: await answer.text() };
}

const retryable = (status) => status === 429 || status >= 500;

/**
 * Sends every delivery. `targets` maps an integration key to { url, signingSecret }. Returns one
 * result per delivery: { status, outcome, transactionId, attempts, error }.
 * retries: extra attempts for network errors, 429 and 5xx (0 = report them as they are).
 * ratePerSecond: at most this many deliveries started per second (none: as fast as answers come).
 */
export async function deliverAll(
  deliveries,
  targets,
  { concurrency = 16, retries = 4, onProgress, ratePerSecond } = {},
) {
  const agent = new Agent({ connections: concurrency });
  const results = new Array(deliveries.length);
  const answered = deliveries.map(() => {
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    return { promise, resolve };
  });
  let next = 0;
  let done = 0;
  const started = performance.now();

  async function sendOne(index) {
    const delivery = deliveries[index];
    const target = targets[delivery.integration];
    const body = JSON.stringify(delivery.body);
    let result;
    for (let attempt = 1; attempt <= retries + 1; attempt++) {
      try {
        const headers = {
          'content-type': 'application/json',
          'x-platform-signature': signWebhook(target.signingSecret, body),
        };
        const { status, text } = await post(target.url, body, headers, agent);
        let parsed;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = { text };
        }
        result = {
          status,
          outcome: parsed.outcome,
          transactionId: parsed.transactionId,
          attempts: attempt,
          body: parsed,
        };
        if (!retryable(status)) break;
      } catch (error) {
        result = { status: 0, error: error.message, attempts: attempt };
      }
      if (attempt <= retries) await new Promise((r) => setTimeout(r, 200 * 2 ** (attempt - 1)));
    }
    return result;
  }

  async function worker() {
    while (next < deliveries.length) {
      const index = next++;
      if (ratePerSecond) {
        const due = started + (index * 1000) / ratePerSecond - performance.now();
        if (due > 0) await new Promise((r) => setTimeout(r, due));
      }
      const { after } = deliveries[index];
      if (after >= 0) await answered[after].promise;
      results[index] = await sendOne(index);
      answered[index].resolve();
      done++;
      onProgress?.(done);
    }
  }

  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, deliveries.length) }, worker));
  } finally {
    await agent.close();
  }
  return results;
}

/** A progress printer: one line per tenth of the work, with the rate since the start. */
export function progressPrinter(total, label = 'deliveries', print = console.log) {
  const started = performance.now();
  let nextTenth = 1;
  return (done) => {
    if (done < (total * nextTenth) / 10 && done !== total) return;
    while (done >= (total * nextTenth) / 10 && nextTenth <= 10) nextTenth++;
    const seconds = (performance.now() - started) / 1000;
    print(
      `  ${String(Math.floor((done / total) * 100)).padStart(3)}%  ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${label}  ${Math.round(done / seconds).toLocaleString('en-US')}/s`,
    );
  };
}

/** Checks the answers against what each delivery should have produced; returns counts and problems. */
export function checkOutcomes(deliveries, results) {
  const counts = { recorded: 0, updated: 0, duplicate: 0, failed: 0 };
  const problems = [];
  const perId = new Map();
  deliveries.forEach((delivery, index) => {
    const result = results[index];
    if (!result || result.status < 200 || result.status >= 300) {
      counts.failed++;
      if (problems.length < 10)
        problems.push(
          `${delivery.body.externalTransactionId}: ${result?.status} ${result?.error ?? JSON.stringify(result?.body).slice(0, 200)}`,
        );
      return;
    }
    counts[result.outcome] = (counts[result.outcome] ?? 0) + 1;
    const key = `${delivery.integration}:${delivery.body.externalTransactionId}`;
    const seen = perId.get(key) ?? {
      expected: { recorded: 0, updated: 0, duplicate: 0 },
      got: { recorded: 0, updated: 0, duplicate: 0 },
      ids: new Set(),
    };
    seen.expected[delivery.kind === 'first' ? 'recorded' : delivery.kind === 'update' ? 'updated' : 'duplicate']++;
    seen.got[result.outcome] = (seen.got[result.outcome] ?? 0) + 1;
    seen.ids.add(result.transactionId);
    perId.set(key, seen);
  });
  let mismatched = 0;
  for (const [key, seen] of perId) {
    const same =
      ['recorded', 'updated', 'duplicate'].every((o) => seen.expected[o] === seen.got[o]) && seen.ids.size === 1;
    if (!same) {
      mismatched++;
      if (problems.length < 10)
        problems.push(
          `${key}: expected ${JSON.stringify(seen.expected)}, got ${JSON.stringify(seen.got)} over ${seen.ids.size} transaction id(s)`,
        );
    }
  }
  return { counts, mismatched, problems, distinct: perId.size };
}
