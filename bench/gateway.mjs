#!/usr/bin/env node
// Gateway throughput and added latency against nginx and a bare Node proxy, in one run on this machine:
//   backend (a tiny Node HTTP server) ← nginx (1 worker, keep-alive upstream)
//   backend ← bare proxy (node:http + an undici Pool, body streamed, no checks at all)
//   backend ← gateway (session verified and revocation asked on every request, metrics, logs)
// Each target gets the same autocannon load; the report prints the gateway's ratios to the bare
// proxy (the same runtime doing nothing but forwarding) and to nginx.
//   node bench/gateway.mjs [seconds]
//   BENCH_CPU_PROF=<dir>: the gateway and the bare proxy run with `node --cpu-prof`, their profiles
//   written there on exit (one file per process id).
//   BENCH_REDIS_URL: the gateway's Redis (default redis://127.0.0.1:6379/3).
//   BENCH_GATEWAY: the gateway's main.js to measure (default gateway/dist/main.js), e.g. an older build.
//   BENCH_SLICES: how many slices each target's time is cut into (default 4); more, shorter slices
//   pair the targets more closely when the machine's other load changes.
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { generateSigningKey, parseSigningKey, signAccessToken } from '@app/platform/tokens';
import { cpuTicksOf, MACHINE, TICKS_PER_SECOND } from './proc.mjs';

const ports = { backend: 19090, nginx: 19091, gateway: 19092, bare: 19093 };
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te']);
const withoutHopByHop = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));

/** The bare proxy (its own process, as the gateway): forwards every request as is, nothing checked. */
if (process.argv[2] === '--bare-proxy') {
  const pool = new Pool(`http://127.0.0.1:${ports.backend}`, {
    connections: 64,
    pipelining: 1,
    keepAliveTimeout: 30_000,
  });
  const server = createServer((req, res) => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    pool.stream(
      { path: req.url, method: req.method, headers: withoutHopByHop(req.headers), body: hasBody ? req : undefined },
      ({ statusCode, headers }) => {
        res.writeHead(statusCode, withoutHopByHop(headers));
        return res;
      },
      (error) => {
        if (!error) return;
        if (!res.headersSent) res.writeHead(502);
        res.end();
      },
    );
  });
  server.keepAliveTimeout = 60_000;
  server.listen(ports.bare, '127.0.0.1');
  process.once('SIGTERM', () => process.exit(0));
} else {
  await bench();
}

async function bench() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const seconds = Number(process.argv[2] ?? 10);
  const SLICES = Number(process.env.BENCH_SLICES ?? 4);
  // A key pair of this run: the gateway verifies with the public key, the bench signs its cookie.
  const keys = generateSigningKey('bench');
  const path = '/api/user/profile';
  const body = JSON.stringify({
    firstName: 'Aroha',
    lastName: 'Ngata',
    city: 'Auckland',
    companyName: 'Kauri Coffee Roasters',
  });

  const backend = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  backend.keepAliveTimeout = 60_000;
  await new Promise((resolve) => backend.listen(ports.backend, '127.0.0.1', resolve));

  const work = join(root, '.local/bench');
  mkdirSync(work, { recursive: true });
  writeFileSync(
    join(work, 'nginx.conf'),
    `worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  upstream backend { server 127.0.0.1:${ports.backend}; keepalive 64; }
  server {
    listen 127.0.0.1:${ports.nginx};
    location / {
      proxy_pass http://backend;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }
}
`,
  );
  const profiling = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const children = [
    spawn('nginx', ['-c', join(work, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' }),
    spawn('node', [...profiling, fileURLToPath(import.meta.url), '--bare-proxy'], { stdio: 'inherit' }),
    spawn('node', [...profiling, resolve(process.env.BENCH_GATEWAY ?? join(root, 'gateway/dist/main.js'))], {
      stdio: 'inherit',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(ports.gateway),
        LOG_LEVEL: 'warn',
        JWT_PUBLIC_KEYS: keys.publicKey,
        REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/3',
        PROFILE_URL: `http://127.0.0.1:${ports.backend}`,
        WEB_DIST: join(work, 'no-web'),
      },
    }),
  ];
  for (const child of children) {
    child.once('error', (error) => {
      console.error(`${child.spawnfile}: ${error.message}`);
      process.exit(1);
    });
  }
  // The proxies go first: the backend closing under them would only fill the log with their errors.
  const stop = async () => {
    const exited = children.map((child) =>
      child.exitCode !== null ? undefined : new Promise((done) => child.once('exit', done)),
    );
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(exited);
    backend.close();
  };

  async function waitFor(url) {
    for (let i = 0; i < 100; i++) {
      try {
        await fetch(url);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error(`${url} did not come up`);
  }

  // With a session id, as identity issues them: the gateway asks the revocation list on every request.
  const cookie = `access_token=${await signAccessToken(
    {
      id: '00000000-0000-4000-8000-000000000001',
      email: 'bench@example.test',
      emailVerified: true,
      role: 'user',
      sessionId: randomUUID(),
    },
    parseSigningKey(keys.signingKey),
    3600,
  )}`;

  function load(port, duration) {
    return autocannon({
      url: `http://127.0.0.1:${port}${path}`,
      connections: 32,
      duration,
      headers: { cookie },
    });
  }

  /** User + system CPU seconds of processes so far. */
  function cpuSeconds(processIds) {
    return processIds.reduce((ticks, pid) => ticks + cpuTicksOf(pid), 0) / TICKS_PER_SECOND;
  }
  /** nginx's worker processes (children of its master). */
  function childPids(pid) {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  }

  /** The mean of a figure over a target's slices. */
  const mean = (slices, figure) => slices.reduce((sum, slice) => sum + figure(slice), 0) / slices.length;

  try {
    await waitFor(`http://127.0.0.1:${ports.nginx}${path}`);
    await waitFor(`http://127.0.0.1:${ports.bare}${path}`);
    await waitFor(`http://127.0.0.1:${ports.gateway}/health/live`);
    const check = await fetch(`http://127.0.0.1:${ports.gateway}${path}`, { headers: { cookie } });
    if (check.status !== 200) throw new Error(`gateway answered ${check.status}`);

    await load(ports.bare, 3); // warm-up: JIT and connection pools
    await load(ports.gateway, 3);
    // Each target's time in slices taken in turn, so that a change in the machine's other load
    // (the 2 cores are shared) weighs on every target alike.
    const targets = ['backend', 'nginx', 'bare', 'gateway'];
    const slices = Object.fromEntries(targets.map((name) => [name, []]));
    // CPU time each proxy spends per request (its processes' user + system time over its slices,
    // /proc): unlike req/s, it does not depend on how much of the shared cores the others took.
    const pids = {
      nginx: [children[0].pid, ...childPids(children[0].pid)],
      bare: [children[1].pid],
      gateway: [children[2].pid],
    };
    const cpu = { nginx: 0, bare: 0, gateway: 0 };
    for (let slice = 0; slice < SLICES; slice++) {
      for (const name of targets) {
        const before = pids[name] && cpuSeconds(pids[name]);
        slices[name].push(await load(ports[name], seconds / SLICES));
        if (pids[name]) cpu[name] += cpuSeconds(pids[name]) - before;
      }
    }
    const results = Object.fromEntries(
      targets.map((name) => [
        name,
        {
          rps: mean(slices[name], (r) => r.requests.average),
          p50: mean(slices[name], (r) => r.latency.p50),
          p99: mean(slices[name], (r) => r.latency.p99),
          errors: slices[name].reduce((sum, r) => sum + r.errors + r.non2xx, 0),
          cpuPerRequest: cpu[name] / slices[name].reduce((sum, r) => sum + r.requests.total, 0),
        },
      ]),
    );
    const row = (name) => {
      const r = results[name];
      return `  ${name.padEnd(8)} ${String(Math.round(r.rps)).padStart(7)} req/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   errors ${r.errors}`;
    };
    console.log(
      `GET ${path}, 32 connections, ${seconds} s each in ${SLICES} slices taken in turn, ${MACHINE} (load generator included)`,
    );
    for (const name of targets) console.log(row(name));
    const ratio = (a, b) => (results[a].rps / results[b].rps).toFixed(2);
    const added = (name) => (results[name].p50 - results.backend.p50).toFixed(1);
    console.log(
      `  throughput: gateway/bare ${ratio('gateway', 'bare')} (target 0.90), gateway/nginx ${ratio('gateway', 'nginx')}, ` +
        `bare/nginx ${ratio('bare', 'nginx')}`,
    );
    const micros = (name) => Math.round(results[name].cpuPerRequest * 1e6);
    console.log(
      `  CPU per request: nginx ${micros('nginx')} µs, bare ${micros('bare')} µs, gateway ${micros('gateway')} µs; ` +
        `requests per CPU-second, gateway/bare ${(results.bare.cpuPerRequest / results.gateway.cpuPerRequest).toFixed(2)}`,
    );
    console.log(
      `  added p50 latency over the backend: nginx ${added('nginx')} ms, bare ${added('bare')} ms, gateway ${added('gateway')} ms ` +
        `(target: gateway ≤ nginx)`,
    );
  } finally {
    await stop();
  }
}
