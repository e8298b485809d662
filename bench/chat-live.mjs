#!/usr/bin/env node
// Live chat delivery through the gateway, against the running `test` stack (gateway :18080):
// N merchants (default 500) each escalate a chat and keep its live stream (server-sent events,
// GET /api/chat/stream) open through the gateway; a support agent then claims and answers every
// conversation. For each reply it measures the time from the agent sending it (POST .../reply) to
// the merchant's open stream receiving it, and prints p50/p95/p99 against the 200 ms p95 target,
// with the resident memory of the gateway and chat-support before and after the streams opened.
// Sessions are minted with the test stack's own signing key (.local/keys), as identity would.
//   node bench/chat-live.mjs [--users 500] [--concurrency 8]
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseSigningKey, signAccessToken } from '@app/platform/tokens';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const P95_TARGET_MS = 200;
const { values: options } = parseArgs({
  options: {
    users: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '8' },
    'base-url': { type: 'string', default: 'http://127.0.0.1:18080' },
  },
});
const users = Number(options.users);
const concurrency = Number(options.concurrency);
const base = options['base-url'];

const { JWT_SIGNING_KEY } = JSON.parse(readFileSync(join(root, '.local/keys/test-signing-key.json'), 'utf8'));
const key = parseSigningKey(JWT_SIGNING_KEY);
const cookieOf = async (role) =>
  `access_token=${await signAccessToken(
    { id: randomUUID(), email: `live.${randomUUID().slice(0, 8)}@example.test`, emailVerified: true, role },
    key,
    3600,
  )}`;

/** Resident memory (MiB) of a process of the test stack, from its pid file. */
function rssOf(name) {
  const pid = readFileSync(join(root, '.local/run/test', `${name}.pid`), 'utf8').trim();
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}
const memory = () => ({ gateway: rssOf('gateway'), chatSupport: rssOf('chat-support') });

async function post(path, body, cookie) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: new URL(base).origin },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Runs `task` over `items`, `limit` at a time. */
async function pool(items, limit, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

/** An open stream on its own connection; `onEvent(type, data)` for each event. */
function openStream(sessionId, cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/chat/stream?sessionId=${sessionId}`,
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          buffer += chunk;
          const blocks = buffer.split('\n\n');
          buffer = blocks.pop();
          for (const block of blocks) {
            const type = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (type && data) onEvent(type, JSON.parse(data));
          }
        });
        resolve(() => req.destroy());
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const mib = (n) => `${n.toFixed(0)} MiB`;

const agent = await cookieOf('support');
const merchants = await Promise.all(
  Array.from({ length: users }, async () => ({
    cookie: await cookieOf('user'),
    sessionId: `bench_${Date.now()}_${randomUUID().slice(0, 8)}`,
  })),
);
const closers = [];
try {
  const setupStart = performance.now();
  await pool(merchants, concurrency, async (merchant) => {
    const { sessionId, cookie } = merchant;
    await post(
      '/api/chat/initialize',
      { sessionId, timestamp: new Date().toISOString(), userAgent: 'bench', platform: 'web' },
      cookie,
    );
    const message = 'I think there is fraud on my account';
    const escalated = await post(
      '/api/chat/escalate',
      {
        sessionId,
        message,
        sentiment: { score: -0.8, label: 'negative', confidence: 0.9, escalationRequired: true, reason: 'urgent' },
        timestamp: new Date().toISOString(),
        userContext: { recentMessages: [{ type: 'user', content: message }], sessionDuration: 1000 },
      },
      cookie,
    );
    merchant.conversationId = escalated.supportConversationId;
    await post(`/api/support/conversations/${merchant.conversationId}/claim`, {}, agent);
  });
  console.log(`${users} chats escalated and claimed in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

  const before = memory();
  const received = new Map();
  let ready = 0;
  const allReady = new Promise((resolve) => {
    for (const merchant of merchants) {
      openStream(merchant.sessionId, merchant.cookie, (type, data) => {
        if (type === 'ready' && ++ready === users) resolve();
        if (type === 'message') received.get(data.message.content)?.(performance.now());
      }).then((close) => closers.push(close));
    }
  });
  await allReady;
  const open = memory();
  console.log(`${users} live streams open through the gateway`);

  const latencies = [];
  await pool(merchants, concurrency, async (merchant) => {
    const text = `Reply ${merchant.conversationId}`;
    const delivered = new Promise((resolve) => received.set(text, resolve));
    const sentAt = performance.now();
    await post(`/api/support/conversations/${merchant.conversationId}/reply`, { message: text }, agent);
    const at = await Promise.race([delivered, new Promise((resolve) => setTimeout(() => resolve(null), 10_000))]);
    if (at === null) throw new Error(`reply to ${merchant.conversationId} not delivered within 10 s`);
    latencies.push(at - sentAt);
  });
  const after = memory();
  latencies.sort((a, b) => a - b);
  const p95 = percentile(latencies, 95);
  console.log(
    `agent reply → open widget, ${latencies.length}/${users} delivered, ${concurrency} agents' replies at a time: ` +
      `p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ` +
      `max ${latencies.at(-1).toFixed(1)} ms`,
  );
  console.log(`  p95/target ${(p95 / P95_TARGET_MS).toFixed(2)} (target p95 < ${P95_TARGET_MS} ms)`);
  for (const [name, label] of [
    ['gateway', 'gateway'],
    ['chatSupport', 'chat-support'],
  ]) {
    console.log(
      `  ${label.padEnd(12)} RSS before ${mib(before[name])}, ${users} streams open ${mib(open[name])}, after the replies ${mib(after[name])} ` +
        `(${(((open[name] - before[name]) * 1024) / users).toFixed(1)} KiB per stream)`,
    );
  }
  if (p95 >= P95_TARGET_MS) process.exitCode = 1;
  // The agent's work is done: nothing of the run stays open in the queue.
  await pool(merchants, concurrency, (merchant) =>
    post(`/api/support/conversations/${merchant.conversationId}/resolve`, {}, agent),
  );
} finally {
  for (const close of closers) close();
}
