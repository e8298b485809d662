// Integration specs share the machine's Postgres, Redis and Kafka with a running `make up`, so
// they use their own databases, topic prefixes and queue prefixes. Each jest worker has its own
// (JEST_WORKER_ID: 1, 2, …), so test files run on every core without seeing each other's rows,
// jobs or events; integration-setup.ts creates the databases. Set before any module reads them.
import { TEST_PUBLIC_KEYS, TEST_SIGNING_KEY } from './access-tokens';
import { integrationWorker, workerOffset } from './integration-workers';

const worker = integrationWorker(Number(process.env.JEST_WORKER_ID ?? 1) + workerOffset());
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'silent';
process.env.DATABASE_URL ??= worker.databaseUrl;
process.env.REDIS_URL ??= worker.redisUrl;
process.env.KAFKA_BROKERS ??= '127.0.0.1:9092';
process.env.KAFKA_TOPIC_PREFIX ??= worker.topicPrefix;
process.env.QUEUE_PREFIX ??= worker.queuePrefix;
process.env.SMTP_URL ??= 'smtp://127.0.0.1:1025';
process.env.MAIL_SINK_URL ??= 'http://127.0.0.1:1080';
process.env.KAFKAJS_NO_PARTITIONER_WARNING = '1';
// A stopping consumer waits for its fetch in flight: the test apps, closed after every file, wait
// 100 ms instead of kafkajs's 5 s. Failed jobs retry after 50 ms, 100 ms, … instead of 1 s, 2 s, ….
process.env.KAFKA_FETCH_WAIT_MS ??= '100';
process.env.QUEUE_RETRY_DELAY_MS ??= '50';
// Identity hashes new passwords with argon2id at 1 MiB and 1 pass, not production's 64 MiB and 3
// (services/identity's password unit test checks those).
process.env.PASSWORD_HASH_MEMORY_KIB ??= '1024';
process.env.PASSWORD_HASH_PASSES ??= '1';
// Identity signs with the test key pair, which test-support's accessToken mints with too (always:
// a key from the shell would make every minted token a forgery).
process.env.JWT_SIGNING_KEY = TEST_SIGNING_KEY;
process.env.JWT_PUBLIC_KEYS = TEST_PUBLIC_KEYS;
