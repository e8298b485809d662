#!/usr/bin/env node
// Gateway throughput and added latency against nginx, in one run on this machine:
//   backend (a tiny Node HTTP server) ← nginx (1 worker, keep-alive upstream)
//   backend ← gateway (Fastify + undici pool, session verified on every request)
// Each target gets the same autocannon load; the report prints the gateway/nginx ratios.
//   node bench/gateway.mjs [seconds]
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { generateSigningKey, parseSigningKey, signAccessToken } from '@app/platform/tokens';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.argv[2] ?? 10);
const ports = { backend: 19090, nginx: 19091, gateway: 19092 };
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
const children = [
  spawn('nginx', ['-c', join(work, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' }),
  spawn('node', [join(root, 'gateway/dist/main.js')], {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(ports.gateway),
      LOG_LEVEL: 'warn',
      JWT_PUBLIC_KEYS: keys.publicKey,
      REDIS_URL: 'redis://127.0.0.1:6379/3',
      PROFILE_URL: `http://127.0.0.1:${ports.backend}`,
      WEB_DIST: join(work, 'no-web'),
    },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
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

const cookie = `access_token=${signAccessToken(
  { id: '00000000-0000-4000-8000-000000000001', email: 'bench@example.test', emailVerified: true, role: 'user' },
  parseSigningKey(keys.signingKey),
  3600,
)}`;

function load(port) {
  return autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: 32,
    duration: seconds,
    headers: { cookie },
  });
}

try {
  await waitFor(`http://127.0.0.1:${ports.nginx}${path}`);
  await waitFor(`http://127.0.0.1:${ports.gateway}/health/live`);
  const check = await fetch(`http://127.0.0.1:${ports.gateway}${path}`, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`gateway answered ${check.status}`);

  await load(ports.gateway); // warm-up: JIT and connection pools
  const direct = await load(ports.backend);
  const nginx = await load(ports.nginx);
  const gateway = await load(ports.gateway);
  const row = (name, r) =>
    `  ${name.padEnd(8)} ${String(Math.round(r.requests.average)).padStart(7)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   errors ${r.errors + r.non2xx}`;
  console.log(`GET ${path}, 32 connections, ${seconds} s each, 2-core machine (load generator included)`);
  console.log(row('backend', direct));
  console.log(row('nginx', nginx));
  console.log(row('gateway', gateway));
  console.log(
    `  gateway/nginx throughput ratio ${(gateway.requests.average / nginx.requests.average).toFixed(2)} (target 0.80); ` +
      `added p50 latency over the backend: nginx ${nginx.latency.p50 - direct.latency.p50} ms, gateway ${gateway.latency.p50 - direct.latency.p50} ms`,
  );
} finally {
  stop();
}
