#!/usr/bin/env node
// The native launcher: runs the platform's processes on this machine without containers.
//   node scripts/launch.mjs up [dev|test]     start in the background, wait until healthy, print the URL
//   node scripts/launch.mjs up test --only mail-sink   start only the named processes (the integration
//                                             tests need the mail sink alone)
//   node scripts/launch.mjs down [dev|test]   stop them
//   node scripts/launch.mjs status [dev|test]
// "dev" is what `make up` runs; "test" is a second copy on other ports, database and topic prefix
// that the end-to-end tests drive, so both can run side by side.
// Each process also has an internal port (METRICS_PORT: /metrics, /health/*): an API's is its port
// + 100, a worker's its API's port + 200, the gateway's its port + 100, the mail worker's (it has no
// API) 3200. Each service connects to Postgres as its own role (named after its schema; trust auth
// locally); the API migrates at start as postgres (DATABASE_ADMIN_URL), which also creates the role;
// its worker waits for that.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [command = 'up', profileName = 'dev', ...options] = process.argv.slice(2);
const only = options[0] === '--only' && options[1] ? new Set(options[1].split(',')) : undefined;

const MAIL = { smtp: 1025, web: 1080 };
const profiles = {
  dev: {
    gateway: 8080,
    identity: 3001,
    profile: 3002,
    chatSupport: 3003,
    billing: 3004,
    integrations: 3005,
    affiliate: 3006,
    analytics: 3007,
    cryptoEscrow: 3008,
    reportsAi: 3009,
    tokenization: 3010,
    mailWorker: 3200,
    fakeStripe: 12111,
    fakeCoinbase: 12121,
    fakeRippled: 12131,
    evmNode: 8545,
    database: 'platform',
    redisDb: 0,
    prefix: '',
    limits: {},
    cryptoTiming: {},
    passwordHash: {},
  },
  test: {
    gateway: 18080,
    identity: 13001,
    profile: 13002,
    chatSupport: 13003,
    billing: 13004,
    integrations: 13005,
    affiliate: 13006,
    analytics: 13007,
    cryptoEscrow: 13008,
    reportsAi: 13009,
    tokenization: 13010,
    mailWorker: 13200,
    fakeStripe: 12112,
    fakeCoinbase: 12122,
    fakeRippled: 12132,
    evmNode: 18545,
    database: 'platform_e2e',
    redisDb: 2,
    prefix: 'e2e.',
    limits: {
      RATE_LIMIT_REGISTER_PER_HOUR: '1000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_SEND_VERIFICATION_PER_HOUR: '1000',
      RATE_LIMIT_REPORTS_PER_MINUTE: '1000',
      RATE_LIMIT_KYC_START_PER_HOUR: '1000',
      RATE_LIMIT_TOKENIZATION_UPLOAD_PER_HOUR: '1000',
      // api-robustness sends every route its malformed bodies; later specs still create keys.
      RATE_LIMIT_API_KEY_MANAGEMENT_PER_HOUR: '1000',
      RATE_LIMIT_WEBHOOK_ENDPOINTS_PER_HOUR: '1000',
    },
    // The worker asks Coinbase and the ledger every second rather than every 10 and 30 s (spec 9),
    // so a payment or an escrow the tests settle shows at the browser's next poll.
    cryptoTiming: { CHARGE_POLL_INTERVAL_MS: '1000', ESCROW_MONITOR_INTERVAL_MS: '1000' },
    // argon2id at 1 MiB and 1 pass instead of 64 MiB and 3: the e2e tests register and sign in a
    // user or more each (production refuses less than the default).
    passwordHash: { PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_PASSES: '1' },
  },
};
const profile = profiles[profileName];
if (!profile) fail(`unknown profile ${profileName} (dev or test)`);

const runDir = join(root, '.local/run', profileName);
const logDir = join(root, '.local/logs', profileName);
const publicUrl = `http://localhost:${profile.gateway}`;

/**
 * The access-token key pair of this profile (Ed25519, `kid:<base64url>`), made on the first `up`
 * and kept in .local/keys so sessions survive restarts: identity signs with the private key, every
 * process verifies with the public one. Never the repository's local default key.
 */
function signingKeys() {
  const file = join(root, '.local/keys', `${profileName}-signing-key.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const kid = `${profileName}-${new Date().toISOString().slice(0, 10)}`;
  const keys = {
    JWT_SIGNING_KEY: `${kid}:${privateKey.export({ format: 'jwk' }).d}`,
    JWT_PUBLIC_KEYS: `${kid}:${publicKey.export({ format: 'jwk' }).x}`,
  };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
const { JWT_SIGNING_KEY, JWT_PUBLIC_KEYS } = signingKeys();

const common = {
  NODE_ENV: profileName === 'test' ? 'test' : 'development',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  REDIS_URL: `redis://127.0.0.1:6379/${profile.redisDb}`,
  KAFKA_BROKERS: '127.0.0.1:9092',
  KAFKA_TOPIC_PREFIX: profile.prefix,
  QUEUE_PREFIX: profile.prefix ? profile.prefix.replace(/\.$/, '') : 'bull',
  KAFKAJS_NO_PARTITIONER_WARNING: '1',
  PUBLIC_URL: publicUrl,
  JWT_PUBLIC_KEYS,
};

// The billing, identity and tokenization services talk to the local fake Stripe with obviously local
// keys; each of their webhook endpoints has its own signing secret, as in Stripe.
const stripeLocal = {
  STRIPE_SECRET_KEY: 'sk_test_local',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
  STRIPE_WEBHOOK_SECRET: 'whsec_local_development_only',
  STRIPE_IDENTITY_WEBHOOK_SECRET: 'whsec_local_identity_development_only',
  STRIPE_TOKENIZATION_WEBHOOK_SECRET: 'whsec_local_tokenization_development_only',
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(profile.fakeStripe),
  STRIPE_API_PROTOCOL: 'http',
};
// The browser loads the fake's stand-in for Stripe.js (tools/fake-stripe/stripe-js.js), so cards pay
// offline: billing's GET /api/billing/config names it, the gateway's Content-Security-Policy allows it.
const stripeJsLocal = { STRIPE_JS_URL: `http://127.0.0.1:${profile.fakeStripe}/v3` };

// The crypto service talks to local test doubles of Coinbase Commerce and an XRP Ledger server.
const cryptoLocal = {
  COINBASE_COMMERCE_API_URL: `http://127.0.0.1:${profile.fakeCoinbase}`,
  COINBASE_COMMERCE_API_KEY: 'local-coinbase-key',
  COINBASE_COMMERCE_WEBHOOK_SECRET: 'local-coinbase-webhook-secret',
  XRPL_SERVER_URL: `ws://127.0.0.1:${profile.fakeRippled}`,
  ...profile.cryptoTiming,
};

// Tokenization's API places loopback and private client addresses in New Zealand and takes
// investments' payments on the fake Stripe. Its worker, the only process that signs on chain and so
// the only one given the deployer key, deploys and mints on the local EVM node (as both its Polygon
// and its Ethereum) with Hardhat's well-known account #0 (refused in production), and checks names
// against the sanctions fixture (OFAC SDN format).
const evmNodeUrl = `http://127.0.0.1:${profile.evmNode}`;
const tokenizationLocal = {
  TOKENIZATION_LOCAL_COUNTRY: 'NZ',
  // Read only by the API (gas price and status for the cost estimate); it has no key.
  POLYGON_RPC_URL: evmNodeUrl,
  ETHEREUM_RPC_URL: evmNodeUrl,
  ...stripeLocal,
};
const tokenizationWorkerLocal = {
  POLYGON_RPC_URL: evmNodeUrl,
  ETHEREUM_RPC_URL: evmNodeUrl,
  EVM_DEPLOYER_PRIVATE_KEY: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  SANCTIONS_LIST_PATH: join(root, 'services/tokenization/fixtures/sdn.csv'),
};

const database = (role) => `postgres://${role}@127.0.0.1:5432/${profile.database}`;

/** The loopback ports merchants' webhook receivers may listen on here (integrations' default too). */
const webhookReceivers = { WEBHOOK_LOOPBACK_PORTS: '9000-9099' };

/**
 * A service's API on `port` (`role`: its schema): it connects as its role and migrates at start as
 * postgres, which also creates the role. Ready when its public and internal ports answer.
 */
const serviceApi = (name, role, port, env = {}) => ({
  name,
  command: ['node', `services/${name}/dist/src/main.js`],
  env: {
    SERVICE_NAME: name,
    PORT: String(port),
    METRICS_PORT: String(port + 100),
    DATABASE_URL: database(role),
    DATABASE_ADMIN_URL: database('postgres'),
    ...env,
  },
  ready: [`http://127.0.0.1:${port}/health/live`, `http://127.0.0.1:${port + 100}/health/live`],
});

/** A service's worker: its role only (it waits for its API's migrations), no public port. */
const serviceWorker = (service, role, apiPort, env = {}) => ({
  name: `${service}-worker`,
  command: ['node', `services/${service}/dist/src/worker.js`],
  env: {
    SERVICE_NAME: `${service}-worker`,
    PORT: '0',
    METRICS_PORT: String(apiPort + 200),
    DATABASE_URL: database(role),
    ...env,
  },
  ready: `http://127.0.0.1:${apiPort + 200}/health/live`,
});

const processes = [
  {
    name: 'mail-sink',
    shared: true,
    port: MAIL.web,
    command: [
      join(root, 'node_modules/.bin/maildev'),
      '--smtp',
      String(MAIL.smtp),
      '--web',
      String(MAIL.web),
      '--ip',
      '127.0.0.1',
      '--silent',
    ],
    ready: `http://127.0.0.1:${MAIL.web}/email`,
  },
  {
    // Sends every service's mail (the shared BullMQ `mail` queue) to the sink above. Redis is all
    // it needs: no database, no Kafka, no identity. Its internal port is its only one.
    name: 'mail-worker',
    command: ['node', 'services/mail/dist/src/worker.js'],
    env: {
      SERVICE_NAME: 'mail-worker',
      METRICS_PORT: String(profile.mailWorker),
      SMTP_URL: `smtp://127.0.0.1:${MAIL.smtp}`,
    },
    ready: `http://127.0.0.1:${profile.mailWorker}/health/live`,
  },
  // Identity alone holds the private key access tokens are signed with; it runs identity
  // verification (KYC) on Stripe Identity, the local fake Stripe here.
  serviceApi('identity', 'identity', profile.identity, { JWT_SIGNING_KEY, ...stripeLocal, ...profile.passwordHash }),
  serviceWorker('identity', 'identity', profile.identity, { JWT_SIGNING_KEY, ...stripeLocal, ...profile.passwordHash }),
  serviceApi('profile', 'profile', profile.profile),
  // The chat assistant and sentiment use OpenAI only when OPENAI_API_KEY is set in the environment
  // (OPENAI_BASE_URL: a local OpenAI-compatible server such as Ollama); otherwise the built-in engines.
  // SLA breaches of escalated chats are mailed to SUPPORT_EMAIL (the local mail sink shows them).
  serviceApi('chat-support', 'chat_support', profile.chatSupport, {
    SUPPORT_EMAIL: process.env.SUPPORT_EMAIL ?? 'support@paymentsplatform.co.nz',
    SUPPORT_FIRST_RESPONSE_BUSINESS_MINUTES: process.env.SUPPORT_FIRST_RESPONSE_BUSINESS_MINUTES ?? '540',
  }),
  {
    // A test double of the Stripe API (tools/fake-stripe), so the stack runs offline; it signs and
    // delivers invoice.paid through the gateway to billing when /__fake/subscriptions/:id/pay is called,
    // Identity's events to identity's endpoint and PaymentIntents' events (investments in tokens) to
    // tokenization's. Its hosted verification page plays Stripe Identity (the check ends 1.5 s after
    // it is submitted, 1 s in the test profile); /__fake/payment_intents/:id/pay plays a card payment.
    name: 'fake-stripe',
    command: [
      'node',
      'tools/fake-stripe/server.mjs',
      '--port',
      String(profile.fakeStripe),
      '--public-url',
      `http://127.0.0.1:${profile.fakeStripe}`,
      '--webhook-url',
      `http://127.0.0.1:${profile.gateway}/api/webhooks/stripe`,
      '--identity-webhook-url',
      `http://127.0.0.1:${profile.gateway}/api/webhooks/stripe-identity`,
      '--payments-webhook-url',
      `http://127.0.0.1:${profile.gateway}/api/webhooks/stripe-tokenization`,
      ...(profileName === 'test' ? ['--identity-delay-ms', '1000'] : []),
    ],
    env: {
      STRIPE_WEBHOOK_SECRET: stripeLocal.STRIPE_WEBHOOK_SECRET,
      STRIPE_IDENTITY_WEBHOOK_SECRET: stripeLocal.STRIPE_IDENTITY_WEBHOOK_SECRET,
      STRIPE_TOKENIZATION_WEBHOOK_SECRET: stripeLocal.STRIPE_TOKENIZATION_WEBHOOK_SECRET,
    },
    ready: `http://127.0.0.1:${profile.fakeStripe}/__fake/requests`,
  },
  serviceApi('billing', 'billing', profile.billing, { ...stripeLocal, ...stripeJsLocal }),
  serviceWorker('billing', 'billing', profile.billing, stripeLocal),
  // Merchants' webhook endpoints may be on this machine on ports 9000-9099 only (a local receiver),
  // never on the platform's own ports (the services', Postgres, Redis, Kafka) nor private ranges.
  serviceApi('integrations', 'integrations', profile.integrations, webhookReceivers),
  // Pulls POS transactions from provider APIs (Square) on each entry's schedule; without
  // internet the attempts fail and are recorded on the entries. Sends the merchants' webhooks.
  serviceWorker('integrations', 'integrations', profile.integrations, webhookReceivers),
  // Affiliate programme; the toolkit uses OpenAI only when OPENAI_API_KEY is set in the environment.
  serviceApi('affiliate', 'affiliate', profile.affiliate),
  // Fed by events only; blockchain status reads the XRPL server, the Polygon tokens deploy on (the
  // local EVM node, as tokenization's worker) and Avalanche, which show offline when unreachable.
  serviceApi('analytics', 'analytics', profile.analytics, {
    XRPL_SERVER_URL: cryptoLocal.XRPL_SERVER_URL,
    POLYGON_RPC_URL: evmNodeUrl,
  }),
  {
    // Test doubles (tools/fake-coinbase, tools/fake-rippled) so charges and escrows work offline.
    name: 'fake-coinbase',
    command: [
      'node',
      'tools/fake-coinbase/server.mjs',
      '--port',
      String(profile.fakeCoinbase),
      '--webhook-url',
      `http://127.0.0.1:${profile.gateway}/api/crypto/coinbase/webhook`,
    ],
    env: { COINBASE_COMMERCE_WEBHOOK_SECRET: cryptoLocal.COINBASE_COMMERCE_WEBHOOK_SECRET },
    ready: `http://127.0.0.1:${profile.fakeCoinbase}/__fake/requests`,
  },
  {
    name: 'fake-rippled',
    // In dev an unknown account is funded with 1000 (test) XRP on first sight, so a generated
    // wallet can be used at once; the end-to-end tests fund accounts explicitly.
    command: [
      'node',
      'tools/fake-rippled/server.mjs',
      '--port',
      String(profile.fakeRippled),
      ...(profileName === 'dev' ? ['--auto-fund'] : []),
    ],
    ready: `http://127.0.0.1:${profile.fakeRippled}/__fake/ledger`,
  },
  serviceApi('crypto-escrow', 'crypto', profile.cryptoEscrow, cryptoLocal),
  // Polls open charges every 10 s and watches open escrows every 30 s (BullMQ).
  serviceWorker('crypto-escrow', 'crypto', profile.cryptoEscrow, cryptoLocal),
  // Reports from its own read model of the events; the analysis uses OpenAI only when OPENAI_API_KEY
  // is set in the environment (as chat-support), otherwise the built-in analyst answers.
  serviceApi('reports-ai', 'reports', profile.reportsAi),
  // Renders the queued reports (BullMQ report-generation), REPORT_GENERATION_CONCURRENCY at a time.
  serviceWorker('reports-ai', 'reports', profile.reportsAi),
  {
    // A local EVM chain, Hardhat's node (tools/evm-node/hardhat.config.cjs: chain id 31337, the test
    // mnemonic's funded accounts), in memory: a restart starts an empty chain. Up before the
    // tokenization processes start, which deploy and read on it.
    name: 'evm-node',
    cwd: 'tools/evm-node',
    command: [
      join(root, 'node_modules/.bin/hardhat'),
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(profile.evmNode),
    ],
    env: { HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
    ready: {
      url: evmNodeUrl,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      },
    },
    readyFirst: true,
  },
  // Real-estate tokenization: property submissions and documents, KYC from identity's
  // KycStatusChanged (consumed by the API), the region gate on the gateway's x-client-address.
  serviceApi('tokenization', 'tokenization', profile.tokenization, tokenizationLocal),
  // Compliance checks, token deployments and mints (BullMQ), on the local EVM node.
  serviceWorker('tokenization', 'tokenization', profile.tokenization, tokenizationWorkerLocal),
  {
    name: 'gateway',
    command: ['node', 'gateway/dist/main.js'],
    env: {
      SERVICE_NAME: 'gateway',
      PORT: String(profile.gateway),
      METRICS_PORT: String(profile.gateway + 100),
      IDENTITY_URL: `http://127.0.0.1:${profile.identity}`,
      PROFILE_URL: `http://127.0.0.1:${profile.profile}`,
      CHAT_SUPPORT_URL: `http://127.0.0.1:${profile.chatSupport}`,
      BILLING_URL: `http://127.0.0.1:${profile.billing}`,
      INTEGRATIONS_URL: `http://127.0.0.1:${profile.integrations}`,
      AFFILIATE_URL: `http://127.0.0.1:${profile.affiliate}`,
      ANALYTICS_URL: `http://127.0.0.1:${profile.analytics}`,
      CRYPTO_ESCROW_URL: `http://127.0.0.1:${profile.cryptoEscrow}`,
      REPORTS_AI_URL: `http://127.0.0.1:${profile.reportsAi}`,
      TOKENIZATION_URL: `http://127.0.0.1:${profile.tokenization}`,
      // Its Content-Security-Policy allows the fake Stripe's stand-in for Stripe.js (billing's STRIPE_JS_URL).
      ...stripeJsLocal,
      ...profile.limits,
    },
    ready: [`http://127.0.0.1:${profile.gateway}/health/live`, `http://127.0.0.1:${profile.gateway + 100}/health/live`],
  },
];

function fail(message) {
  console.error(`launch: ${message}`);
  process.exit(1);
}

const pidFile = (p) => join(p.shared ? join(root, '.local/run') : runDir, `${p.name}.pid`);
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const pidOf = (p) => (existsSync(pidFile(p)) ? Number(readFileSync(pidFile(p), 'utf8')) : 0);
const portOpen = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** A readiness probe: a URL to GET, or `{ url, init }` for another request (e.g. a JSON-RPC POST). */
const probe = (ready) => (typeof ready === 'string' ? fetch(ready) : fetch(ready.url, ready.init));

async function waitReady(p, timeoutMs = 60000) {
  if (!p.ready) return;
  const probes = [].concat(p.ready);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await Promise.all(probes.map(probe))).every((response) => response.ok)) return;
    } catch {
      /* not up yet */
    }
    if (p.pid && !alive(p.pid)) fail(`${p.name} exited; see ${join(logDir, `${p.name}.log`)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  fail(`${p.name} not ready after ${timeoutMs / 1000} s; see ${join(logDir, `${p.name}.log`)}`);
}

async function up() {
  mkdirSync(runDir, { recursive: true });
  mkdirSync(logDir, { recursive: true });
  const chosen = only ? processes.filter((p) => only.has(p.name)) : processes;
  if (only && chosen.length !== only.size) fail(`--only: no process named ${[...only].join(', ')} in ${profileName}`);
  for (const p of chosen) {
    const running = pidOf(p);
    if (running && alive(running)) continue;
    if (p.shared && p.port && (await portOpen(p.port))) continue;
    const log = openSync(join(logDir, `${p.name}.log`), 'a');
    const [bin, ...args] = p.command;
    // `node` is the Node running this script (the project's, .local/node), not whichever is first on PATH.
    const child = spawn(bin === 'node' ? process.execPath : bin, args, {
      cwd: join(root, p.cwd ?? ''),
      env: { ...process.env, ...common, ...p.env },
      detached: true,
      stdio: ['ignore', log, log],
    });
    child.unref();
    p.pid = child.pid;
    writeFileSync(pidFile(p), String(child.pid));
    // The processes after it need it at start: wait before starting them.
    if (p.readyFirst) await waitReady(p);
  }
  for (const p of chosen) await waitReady(p);
  if (only) return console.log(`Up (${profileName}): ${[...only].join(', ')}`);
  console.log(`Platform is up (${profileName}): ${publicUrl}`);
  console.log(`Mail inbox (verification and reset e-mails): http://localhost:${MAIL.web}`);
  console.log(`Logs: ${logDir}`);
}

/** Stops every process of the profile at once (SIGTERM, then SIGKILL after 10 s), not one by one. */
async function down() {
  const stopping = processes.filter((p) => !p.shared).map((p) => ({ p, pid: pidOf(p) }));
  const running = stopping.filter(({ pid }) => pid && alive(pid));
  for (const { pid } of running) process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 40 && running.some(({ pid }) => alive(pid)); i++) await new Promise((r) => setTimeout(r, 250));
  for (const { pid } of running) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const { p } of stopping) rmSync(pidFile(p), { force: true });
  console.log(`Platform stopped (${profileName}).`);
}

function status() {
  for (const p of processes) {
    const pid = pidOf(p);
    console.log(`${p.name.padEnd(16)} ${pid && alive(pid) ? `running (pid ${pid})` : 'stopped'}`);
  }
}

if (command === 'up') await up();
else if (command === 'down') await down();
else if (command === 'status') status();
else fail(`unknown command ${command} (up, down, status)`);
