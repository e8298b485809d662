import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AuthUser } from '@app/platform';
import Redis from 'ioredis';
import { query, rawRequest, uniqueEmail, accessCookie } from '../../../test-support';
import { CryptoServiceProcesses } from './crypto-service';
import { FakeRippledProcess } from './fake-rippled';

// Seeds are used in memory to sign and go nowhere else. The service runs as built, logging at
// trace level and exporting traces (OTLP) to a local collector; every flow that takes a seed is
// run, including the failing ones, then every log line, exported span, database row and queue
// entry is searched for each seed.
const DAY = 86_400;
const user: AuthUser = { id: randomUUID(), email: uniqueEmail('seeds'), emailVerified: true, role: 'user' };
const cookie = accessCookie(user);

describe('seed secrecy: no seed in any log line, trace, database row or queue entry', () => {
  let rippled: FakeRippledProcess;
  let service: CryptoServiceProcesses;
  let collector: Server;
  const exported: Buffer[] = [];

  beforeAll(async () => {
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        exported.push(Buffer.concat([Buffer.from(`${req.url}\n`), ...chunks]));
        res.writeHead(200, { 'content-type': 'application/x-protobuf' });
        res.end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    rippled = await FakeRippledProcess.start();
    service = await CryptoServiceProcesses.start({
      XRPL_SERVER_URL: rippled.url,
      COINBASE_COMMERCE_API_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'trace',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
    });
  });

  afterAll(async () => {
    await service?.stop();
    await rippled?.stop();
    collector?.closeAllConnections();
    await new Promise((resolve) => collector?.close(resolve));
  });

  const post = (path: string, body?: unknown) =>
    rawRequest(`${service.url}${path}`, 'POST', {
      headers: { 'content-type': 'application/json', cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const wallet = async () => (await post('/api/crypto/xrp/wallet/generate')).body as { address: string; seed: string };

  it('keeps every seed out of logs, traces, the database and Redis, through successes and failures', async () => {
    const owner = await wallet();
    const destination = await wallet();
    const unfunded = await wallet();
    await rippled.fund(owner.address, 1000);
    await rippled.fund(destination.address, 50);
    const pair = (await post('/api/crypto/xrp/condition')).body as { condition: string; fulfillment: string };
    // A seed-shaped string that is not a valid seed (the checksum fails): refused, and not echoed either.
    const mistyped = `${owner.seed.slice(0, -1)}${owner.seed.endsWith('a') ? 'b' : 'a'}`;

    const created = await post('/api/crypto/xrp/escrow/create', {
      senderSeed: owner.seed,
      destinationAddress: destination.address,
      amount: '100',
      finishAfterSeconds: DAY,
      cancelAfterSeconds: 2 * DAY,
      condition: pair.condition,
    });
    expect(created.status).toBe(201);
    const { sequence } = created.body as { sequence: number };
    const finish = (seed: string, fulfillment: string) =>
      post('/api/crypto/xrp/escrow/finish', {
        senderSeed: seed,
        owner: owner.address,
        offerSequence: sequence,
        condition: pair.condition,
        fulfillment,
      });
    const replies = [
      await finish(destination.seed, pair.fulfillment), // too early: tecNO_PERMISSION
      await post('/api/crypto/xrp/escrow/create', {
        senderSeed: unfunded.seed,
        destinationAddress: owner.address,
        amount: '5',
        finishAfterSeconds: DAY,
        cancelAfterSeconds: 2 * DAY,
      }),
      await post('/api/crypto/xrp/escrow/create', {
        senderSeed: mistyped,
        destinationAddress: owner.address,
        amount: '5',
        finishAfterSeconds: DAY,
        cancelAfterSeconds: 2 * DAY,
      }),
      await post('/api/crypto/xrp/escrow/create', {
        senderSeed: owner.seed,
        destinationAddress: 'nowhere',
        amount: '5',
        finishAfterSeconds: 0,
        cancelAfterSeconds: 2 * DAY,
      }),
      // Over the KYC threshold without a verified identity: refused before anything is signed.
      await post('/api/crypto/xrp/payment', {
        senderSeed: owner.seed,
        destinationAddress: destination.address,
        amount: '99999',
      }),
      // More than the balance: the ledger refuses it.
      await post('/api/crypto/xrp/payment', {
        senderSeed: owner.seed,
        destinationAddress: destination.address,
        amount: '999',
      }),
      await post('/api/crypto/xrp/escrow/cancel', {
        senderSeed: owner.seed,
        owner: owner.address,
        offerSequence: sequence,
      }),
    ];
    expect(replies.map((r) => r.status)).toEqual([409, 409, 400, 400, 403, 409, 409]);
    await rippled.advance(DAY + 5);
    const other = (await post('/api/crypto/xrp/condition')).body as { fulfillment: string };
    expect((await finish(destination.seed, other.fulfillment)).status).toBe(409);
    expect((await finish(destination.seed, pair.fulfillment)).status).toBe(200);
    expect(
      (
        await post('/api/crypto/xrp/payment', {
          senderSeed: owner.seed,
          destinationAddress: destination.address,
          amount: '1',
        })
      ).status,
    ).toBe(200);
    for (const reply of replies) expect(reply.text).not.toContain(owner.seed.slice(1));

    await new Promise((r) => setTimeout(r, 1500));
    await service.stop();
    const logs = service.text();
    const traces = Buffer.concat(exported);
    const rows = await query<{ row: string }>(
      `SELECT row_to_json(e)::text AS row FROM crypto.escrows e WHERE owner = ANY($1)
       UNION ALL SELECT row_to_json(o)::text || encode(o.payload, 'escape') FROM crypto.outbox o
       WHERE o.created_at > now() - interval '10 minutes'`,
      [[owner.address, destination.address, unfunded.address]],
    );
    const redis = new Redis(process.env.REDIS_URL!);
    const queued: string[] = [];
    try {
      for (const key of await redis.keys(`${process.env.QUEUE_PREFIX}:crypto-*`)) {
        const type = await redis.type(key);
        if (type === 'hash') queued.push(JSON.stringify(await redis.hgetall(key)));
        else if (type === 'string') queued.push(String(await redis.get(key)));
        else if (type === 'list') queued.push(JSON.stringify(await redis.lrange(key, 0, -1)));
        else if (type === 'zset') queued.push(JSON.stringify(await redis.zrange(key, 0, -1)));
      }
    } finally {
      redis.disconnect();
    }

    // What was searched really holds the flows: log lines, exported spans, rows and jobs exist.
    expect(logs).toContain('escrow/create');
    expect(logs).toMatch(/escrow [0-9a-f-]{36} created/);
    expect(traces.toString('latin1')).toContain('/api/crypto/xrp/escrow/create');
    expect(rows.some((r) => r.row.includes(owner.address))).toBe(true);
    expect(queued.some((entry) => entry.includes('escrowId'))).toBe(true);

    for (const seed of [owner.seed, destination.seed, unfunded.seed, mistyped]) {
      expect({ seed, inLogs: logs.includes(seed) }).toEqual({ seed, inLogs: false });
      expect({ seed, inTraces: traces.includes(seed) }).toEqual({ seed, inTraces: false });
      expect({ seed, inRows: rows.some((r) => r.row.includes(seed)) }).toEqual({ seed, inRows: false });
      expect({ seed, inQueues: queued.some((entry) => entry.includes(seed)) }).toEqual({ seed, inQueues: false });
    }
  });
});
