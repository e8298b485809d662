import type { IntegrationsConfig } from '../config';
import type { Credentials } from '../integrations/credentials';
import type { IntegrationsRepository } from '../integrations/integrations.repository';
import type { PosIntegration } from '../integrations/pos-integration.entity';
import type { IngestionService } from '../transactions/ingestion.service';
import type { TransactionRunner } from '@app/platform';
import { PosSyncService } from './pos-sync.service';
import type { SquarePayment } from './square';

// The sync's position: webhooks move lastSync, so the sync keeps its own (synced_through).

const pos = (overrides: Partial<PosIntegration> = {}) =>
  ({
    id: 'pos-1',
    userId: 'user-1',
    posSystem: 'square',
    isActive: true,
    apiKey: 'sealed',
    locationId: 'LOC1',
    createdAt: new Date('2026-01-01T00:00:00Z'),
    lastSync: new Date('2026-11-21T12:00:00Z'),
    syncedThrough: new Date('2026-11-20T08:00:00Z'),
    ...overrides,
  }) as PosIntegration;

const payment = (id: string, createdAt: string): SquarePayment => ({
  id,
  created_at: createdAt,
  status: 'COMPLETED',
  source_type: 'CARD',
  amount_money: { amount: 1000, currency: 'USD' },
});

function serviceFor(entry: PosIntegration, pages: { payments: SquarePayment[]; cursor?: string }[]) {
  const requested: URL[] = [];
  const recorded: unknown[] = [];
  jest.spyOn(global, 'fetch').mockImplementation(async (input) => {
    requested.push(new URL(String(input)));
    return new Response(JSON.stringify(pages[requested.length - 1] ?? { payments: [] }), { status: 200 });
  });
  const service = new PosSyncService(
    { SQUARE_API_BASE: 'https://square.test', SYNC_HTTP_TIMEOUT_MS: 1000 } as IntegrationsConfig,
    { run: (work: (manager: unknown) => unknown) => work(null) } as unknown as TransactionRunner,
    {
      pos: async () => entry,
      recordSyncAttempt: async (_manager: unknown, _id: string, outcome: unknown) => void recorded.push(outcome),
    } as unknown as IntegrationsRepository,
    { open: () => 'sq-key' } as unknown as Credentials,
    {
      ingest: async () => ({ received: true, outcome: 'recorded', transactionId: 't' }),
    } as unknown as IngestionService,
  );
  return { service, requested, recorded };
}

describe('POS sync position', () => {
  afterEach(() => jest.restoreAllMocks());

  it('reads from just before synced_through, not from lastSync, and moves it to the run start when all pages are read', async () => {
    const before = Date.now();
    const { service, requested, recorded } = serviceFor(pos(), [
      { payments: [payment('p1', '2026-11-20T09:00:00Z')], cursor: 'c1' },
      { payments: [payment('p2', '2026-11-20T10:00:00Z')] },
    ]);
    const result = await service.sync('pos-1');
    expect(result).toMatchObject({ outcome: 'synced', payments: 2, recorded: 2 });
    expect(requested[0]?.searchParams.get('begin_time')).toBe('2026-11-20T07:50:00.000Z');
    expect(requested[1]?.searchParams.get('cursor')).toBe('c1');
    const [outcome] = recorded as { syncedThrough: Date }[];
    expect(outcome!.syncedThrough.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('stops at the page cap with synced_through at the last payment read, so the next run resumes there', async () => {
    const pages = Array.from({ length: 50 }, (_, page) => ({
      payments: [payment(`p${page}`, new Date(Date.UTC(2026, 10, 1, page)).toISOString())],
      cursor: `c${page}`,
    }));
    const { service, recorded } = serviceFor(pos(), pages);
    await service.sync('pos-1');
    expect(recorded).toEqual([{ syncedThrough: new Date(Date.UTC(2026, 10, 1, 49)) }]);
  });
});
