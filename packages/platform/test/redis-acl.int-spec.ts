import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { redisOptions } from '../src/queue/redis';

// The Redis users of the charts (issue 38): the dev umbrella renders an ACL file (redis-acl.yaml,
// from the umbrella's redisAcl) and one <service>-redis Secret per service with its REDIS_URL. Here
// a real redis-server runs with that very file, and each service's URL, read through platform's
// redisOptions (user and password from the URL), must do what its code does (its BullMQ queues,
// its keys, the revocation list) and nothing of another's.

const root = join(__dirname, '../../..');
const PREFIX = 'bull';

interface User {
  url: string;
  keys: string[];
  readKeys: string[];
  queues: string[];
  channels: string[];
}

/** The dev umbrella's ACL file and each service's REDIS_URL, as helm renders them. */
function rendered(): { acl: string; users: Map<string, User> } {
  const yaml = execFileSync(
    'bash',
    [
      join(root, 'scripts/delivery/helm.sh'),
      'template',
      'platform',
      join(root, 'charts/platform'),
      '-f',
      join(root, 'charts/platform/values-dev.yaml'),
      '-s',
      'templates/redis-acl.yaml',
      '-s',
      'templates/dev-secret.yaml',
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const acl = [...yaml.matchAll(/^ {4}(user .*)$/gm)].map((m) => m[1]).join('\n') + '\n';
  const users = new Map<string, User>();
  for (const [, url] of yaml.matchAll(/REDIS_URL: "(redis:\/\/[^"]+)"/g)) {
    const name = decodeURIComponent(new URL(url!).username);
    const rules = new RegExp(`^user ${name} on (.*)$`, 'm').exec(acl)?.[1]?.split(' ') ?? [];
    const patterns = (prefix: string) => rules.filter((r) => r.startsWith(prefix)).map((r) => r.slice(prefix.length));
    const written = patterns('~');
    users.set(name, {
      url: url!,
      keys: written.filter((p) => !p.startsWith(`${PREFIX}:`)),
      readKeys: patterns('%R~'),
      queues: written.filter((p) => p.startsWith(`${PREFIX}:`)).map((p) => p.slice(PREFIX.length + 1, -2)),
      channels: patterns('&'),
    });
  }
  return { acl, users };
}

const sample = (pattern: string) => pattern.replace(/\*/g, 'acl-test');
const refused = async (call: Promise<unknown>) => {
  await expect(call).rejects.toThrow(/NOPERM|NOAUTH|WRONGPASS/);
};

describe('the charts’ Redis users against a real Redis', () => {
  const { acl, users } = rendered();
  const dir = mkdtempSync(join(tmpdir(), 'redis-acl-'));
  const socket = join(dir, 'redis.sock');
  let server: ChildProcess;
  const clients: Redis[] = [];
  /** A connection as the service's REDIS_URL gives it (user and password), over the test server's socket. */
  const as = (name: string) => {
    const client = new Redis({ ...redisOptions(users.get(name)!.url), path: socket, maxRetriesPerRequest: 1 });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    writeFileSync(join(dir, 'users.acl'), acl);
    server = spawn(
      'redis-server',
      ['--port', '0', '--unixsocket', socket, '--save', '', '--appendonly', 'no', '--aclfile', join(dir, 'users.acl')],
      { cwd: dir, stdio: 'ignore' },
    );
    for (let i = 0; i < 100; i++) {
      const probe = new Redis({ path: socket, username: 'probe', password: 'probe', lazyConnect: true });
      try {
        await probe.connect();
        await probe.ping();
        probe.disconnect();
        return;
      } catch {
        probe.disconnect();
        await delay(100);
      }
    }
    throw new Error('redis-server did not start with the rendered ACL file');
  });

  afterAll(() => {
    for (const client of clients) client.disconnect();
    server?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has a user, with its own Secret and password, for every service and the gateway', () => {
    expect([...users.keys()].sort()).toEqual(
      [
        'affiliate',
        'analytics',
        'billing',
        'chat-support',
        'crypto-escrow',
        'gateway',
        'identity',
        'integrations',
        'mail',
        'profile',
        'reports-ai',
        'tokenization',
      ].sort(),
    );
    const passwords = [...users.values()].map((user) => new URL(user.url).password);
    expect(new Set(passwords).size).toBe(passwords.length);
  });

  it('lets nobody in without a password, nor with another service’s', async () => {
    const once = { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableReadyCheck: false };
    const anonymous = new Redis({ path: socket, ...once });
    clients.push(anonymous);
    await anonymous.connect();
    await refused(anonymous.get('session-revoked:acl-test'));
    // Another service's password does not open a user; its own does.
    const password = (name: string) => decodeURIComponent(new URL(users.get(name)!.url).password);
    await refused(anonymous.call('AUTH', 'tokenization', password('gateway')));
    await expect(anonymous.call('AUTH', 'tokenization', password('tokenization'))).resolves.toBe('OK');
    await refused(anonymous.get('ratelimit:acl-test'));
  });

  it('runs every service’s BullMQ queues as its own user, and no other service’s', async () => {
    for (const [name, user] of users) {
      const connection = { ...redisOptions(user.url), path: socket };
      for (const queueName of user.queues) {
        const queue = new Queue(queueName, { connection, prefix: PREFIX });
        const done = new Promise<unknown>((resolve, reject) => {
          const worker = new Worker(queueName, async (job) => ({ echoed: job.data as unknown }), {
            connection,
            prefix: PREFIX,
          });
          worker.on('completed', (_job, result) => void worker.close().then(() => resolve(result)));
          worker.on('failed', (_job, error) => reject(error));
        });
        await queue.add('acl-test', { service: name }, { delay: 5, attempts: 2, backoff: 10 });
        await expect(done).resolves.toEqual({ echoed: { service: name } });
        await queue.close();
      }
      // Another service's queue (tokenization's for everyone else) is out of reach.
      const foreign = name === 'tokenization' ? 'report-generation' : 'tokenization-mint';
      const queue = new Queue(foreign, { connection, prefix: PREFIX });
      await refused(queue.add('acl-test', {}));
      await queue.close().catch(() => undefined);
    }
  });

  it('gives each user its own keys, the revocation list to read, and no dangerous command', async () => {
    for (const [name, user] of users) {
      const redis = as(name);
      for (const pattern of user.keys) {
        const key = sample(pattern);
        await redis.multi().incr(key).expire(key, 60).exec();
        expect(await redis.get(key)).toBe('1');
        await redis.del(key);
      }
      for (const pattern of user.readKeys) {
        expect(await redis.exists(sample(pattern))).toBe(0);
        await refused(redis.set(sample(pattern), '1'));
      }
      if (name !== 'gateway') await refused(redis.get('ratelimit:acl-test'));
      if (name !== 'identity') await refused(redis.set('session-revoked:acl-test', '1'));
      await refused(redis.keys('*'));
      await refused(redis.flushall());
      await refused(redis.config('GET', '*'));
      expect(await redis.ping()).toBe('PONG');
    }
    // The revocation list identity writes is what the gateway and the services read.
    await as('identity').set('session-revoked:acl-test', '1', 'EX', 60);
    expect(await as('gateway').mget('session-revoked:acl-test')).toEqual(['1']);
    expect(await as('profile').exists('session-revoked:acl-test')).toBe(1);
  });

  it('lets chat-support publish and hear its live channels, and no one else', async () => {
    const channel = `${PREFIX}:live:chat:acl-test`;
    const subscriber = as('chat-support');
    await subscriber.subscribe(channel);
    const heard = new Promise((resolve) => subscriber.on('message', (_channel, message) => resolve(message)));
    await as('chat-support').publish(channel, 'hello');
    await expect(heard).resolves.toBe('hello');
    await refused(as('chat-support').publish('elsewhere', 'x'));
    await refused(as('tokenization').publish(channel, 'x'));
  });
});
