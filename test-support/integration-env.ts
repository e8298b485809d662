// Integration specs share the machine's Postgres, Redis and Kafka with a running `make up`, so
// they use their own database, topic prefix and queue prefix. Set before any module reads them.
import { TEST_PUBLIC_KEYS, TEST_SIGNING_KEY } from './access-tokens';

process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'silent';
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/platform_test';
process.env.REDIS_URL ??= 'redis://127.0.0.1:6379/1';
process.env.KAFKA_BROKERS ??= '127.0.0.1:9092';
process.env.KAFKA_TOPIC_PREFIX ??= 'test.';
process.env.QUEUE_PREFIX ??= 'test';
process.env.SMTP_URL ??= 'smtp://127.0.0.1:1025';
process.env.MAIL_SINK_URL ??= 'http://127.0.0.1:1080';
process.env.KAFKAJS_NO_PARTITIONER_WARNING = '1';
// Identity signs with the test key pair, which test-support's accessToken mints with too (always:
// a key from the shell would make every minted token a forgery).
process.env.JWT_SIGNING_KEY = TEST_SIGNING_KEY;
process.env.JWT_PUBLIC_KEYS = TEST_PUBLIC_KEYS;
