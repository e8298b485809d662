import { Logger } from '@nestjs/common';
import { ConfigResourceTypes, ConfigSource, Kafka, logLevel, type Admin, type LogEntry } from 'kafkajs';
import { z } from 'zod';

export const kafkaConfigSchema = z.object({
  /** Prepended to every topic name, so tests and a local stack can share one broker. */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9._-]*$/)
    .default(''),
});

export const KAFKA = Symbol('KAFKA');
export const TOPIC_PREFIX = Symbol('TOPIC_PREFIX');

const logger = new Logger('kafka');

const levels: Record<number, 'error' | 'warn' | 'log' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'log',
  [logLevel.DEBUG]: 'debug',
};

/** kafkajs client whose logs go through Nest's logger (and so pino). */
export function createKafka(brokers: string, clientId: string): Kafka {
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

/**
 * How long a segment of the platform's topics stays open: a message leaves Kafka at most its
 * topic's retention plus this after it was appended (the broker deletes a whole segment once its
 * newest message is past the retention, rolling the active one to do so).
 */
const SEGMENT_HOURS = 24;
/**
 * How long a consumer's inbox keeps an applied event's row beyond the topics' retention: a segment
 * (above) and a day for the broker's retention check and clocks. Past that the event cannot come
 * again from Kafka, so its row can no longer turn a redelivery away and is deleted.
 */
export const INBOX_MARGIN_HOURS = SEGMENT_HOURS + 24;

const HOUR_MS = 3_600_000;

/** The configs the platform sets on each of its topics (the rest are the broker's defaults). */
export function topicConfigs(retentionHours: number): Record<string, string> {
  return {
    'retention.ms': String(retentionHours * HOUR_MS),
    'segment.ms': String(Math.min(SEGMENT_HOURS, retentionHours) * HOUR_MS),
  };
}

/**
 * Creates missing topics (the broker never auto-creates them) with the platform's retention
 * (`topicConfigs`), and sets it on existing topics that differ: a consumer's inbox forgets an event
 * once Kafka can no longer deliver it again (`INBOX_MARGIN_HOURS`), so the topics must not keep
 * events longer than the setting says. An existing topic's other configs set by ops are kept.
 */
export async function ensureTopics(admin: Admin, topics: string[], retentionHours: number): Promise<void> {
  const wanted = topicConfigs(retentionHours);
  const existing = new Set(await admin.listTopics());
  const missing = topics.filter((topic) => !existing.has(topic));
  if (missing.length > 0) {
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({
        topic,
        numPartitions: 3,
        replicationFactor: 1,
        configEntries: Object.entries(wanted).map(([name, value]) => ({ name, value })),
      })),
    });
  }
  const present = topics.filter((topic) => existing.has(topic));
  if (present.length === 0) return;
  try {
    await alignRetention(admin, present, wanted);
  } catch (error) {
    // The topics work as they are: a broker that refuses (its ACLs) leaves the retention to ops.
    logger.warn(`topics ${present.join(', ')} keep their retention: ${(error as Error).message}`);
  }
}

/** Sets the platform's retention on existing topics whose configs differ, keeping their other own configs. */
async function alignRetention(admin: Admin, topics: string[], wanted: Record<string, string>): Promise<void> {
  const { resources } = await admin.describeConfigs({
    includeSynonyms: false,
    resources: topics.map((name) => ({ type: ConfigResourceTypes.TOPIC, name })),
  });
  const differing = resources.flatMap((resource) => {
    // The topic's own configs: AlterConfigs replaces them all, so those set by ops go along.
    const own = new Map(
      resource.configEntries
        .filter((entry) => entry.configSource === ConfigSource.TOPIC_CONFIG)
        .map((entry) => [entry.configName, entry.configValue] as const),
    );
    const current = new Map(resource.configEntries.map((entry) => [entry.configName, entry.configValue] as const));
    if (Object.entries(wanted).every(([name, value]) => current.get(name) === value)) return [];
    if ([...own.values()].some((value) => value === null)) {
      // A sensitive config reads back empty and would be lost: left for ops (docs/operations.md).
      logger.warn(`topic ${resource.resourceName} keeps its retention: it has a config that cannot be read back`);
      return [];
    }
    for (const [name, value] of Object.entries(wanted)) own.set(name, value);
    return [
      {
        type: ConfigResourceTypes.TOPIC,
        name: resource.resourceName,
        configEntries: [...own].map(([name, value]) => ({ name, value: value! })),
      },
    ];
  });
  if (differing.length > 0) await admin.alterConfigs({ validateOnly: false, resources: differing });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
