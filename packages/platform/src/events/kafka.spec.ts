import type { Admin } from 'kafkajs';
import { ensureTopics, topicConfigs } from './kafka';

describe('topicConfigs', () => {
  it('keeps an event the retention and a segment of a day at most', () => {
    expect(topicConfigs(168)).toEqual({ 'retention.ms': '604800000', 'segment.ms': '86400000' });
    expect(topicConfigs(6)).toEqual({ 'retention.ms': '21600000', 'segment.ms': '21600000' });
  });
});

describe('ensureTopics', () => {
  it('creates the missing topics with the retention, and runs on when the broker refuses to change an existing one', async () => {
    const created: unknown[] = [];
    const admin = {
      listTopics: async () => ['orders'],
      createTopics: async ({ topics }: { topics: unknown[] }) => {
        created.push(...topics);
        return true;
      },
      describeConfigs: async () => {
        throw new Error('Cluster authorization failed');
      },
    } as unknown as Admin;

    await expect(ensureTopics(admin, ['orders', 'payments'], 168)).resolves.toBeUndefined();
    expect(created).toEqual([
      {
        topic: 'payments',
        numPartitions: 3,
        replicationFactor: 1,
        configEntries: [
          { name: 'retention.ms', value: '604800000' },
          { name: 'segment.ms', value: '86400000' },
        ],
      },
    ]);
  });
});
