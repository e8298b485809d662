import { Logger } from '@nestjs/common';
import { Kafka, logLevel, type Admin, type LogEntry } from 'kafkajs';
import { z } from 'zod';
// Every client made here gets kafkajs's request queue without its idle timer loop.
import './kafkajs-request-queue';

export const kafkaConfigSchema = z.object({
  /** Prepended to every topic name, so tests and a local stack can share one broker. */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9._-]*$/)
    .default(''),
});

export const KAFKA = Symbol('KAFKA');
export const TOPIC_PREFIX = Symbol('TOPIC_PREFIX');

const levels: Record<number, 'error' | 'warn' | 'log' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'log',
  [logLevel.DEBUG]: 'debug',
};

/** kafkajs client whose logs go through Nest's logger (and so pino). */
export function createKafka(brokers: string, clientId: string): Kafka {
  const logger = new Logger('kafka');
  return new Kafka({
    clientId,
    brokers: brokers.split(',').map((broker) => broker.trim()),
    connectionTimeout: 3000,
    requestTimeout: 10000,
    retry: { initialRetryTime: 300, retries: 5, maxRetryTime: 5000 },
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ namespace, level, log }: LogEntry) => {
        const method = levels[level] ?? 'log';
        logger[method](`${namespace}: ${log.message}`);
      },
  });
}

/** Creates missing topics (the broker never auto-creates them). */
export async function ensureTopics(admin: Admin, topics: string[]): Promise<void> {
  const existing = new Set(await admin.listTopics());
  const missing = topics.filter((topic) => !existing.has(topic));
  if (missing.length === 0) return;
  await admin.createTopics({
    waitForLeaders: true,
    topics: missing.map((topic) => ({ topic, numPartitions: 3, replicationFactor: 1 })),
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
