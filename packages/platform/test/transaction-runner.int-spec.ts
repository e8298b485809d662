import { randomUUID } from 'node:crypto';
import { Logger, Module, type INestApplicationContext } from '@nestjs/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { baseConfigSchema, PlatformModule, TransactionRunner, type Transaction } from '@app/platform';
import { query, startWorker } from '../../../test-support';

// The platform's after-commit hook on the real Postgres: what a service queues for a row (a
// webhook delivery's job) runs once another connection can see the row, and never for a row that
// was rolled back.

class CreateProbe1764892800600 implements MigrationInterface {
  name = 'CreateProbe1764892800600';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE tx_probe.rows (id uuid PRIMARY KEY)');
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE tx_probe.rows');
  }
}

@Module({
  imports: [
    PlatformModule.forService({
      config: baseConfigSchema,
      database: { schema: 'tx_probe', entities: [], migrations: [CreateProbe1764892800600] },
      env: { ...process.env, SERVICE_NAME: 'tx-probe', PORT: '0' },
    }),
  ],
})
class ProbeModule {}

/** Whether a connection other than the transaction's sees the row (that is, it has committed). */
const committed = async (id: string) => (await query('SELECT 1 FROM tx_probe.rows WHERE id = $1', [id])).length === 1;

const insert = (tx: Transaction, id: string) => tx.query('INSERT INTO tx_probe.rows (id) VALUES ($1)', [id]);

describe('TransactionRunner.afterCommit', () => {
  let app: INestApplicationContext;
  let transactions: TransactionRunner;

  beforeAll(async () => {
    await query('DROP SCHEMA IF EXISTS tx_probe CASCADE');
    app = await startWorker(ProbeModule);
    transactions = app.get(TransactionRunner);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('runs the work once the transaction has committed, and only then', async () => {
    const id = randomUUID();
    const seen: boolean[] = [];
    await transactions.run(async (tx) => {
      await insert(tx, id);
      transactions.afterCommit(tx, async () => {
        seen.push(await committed(id));
      });
      // Registered, not run: the row is still the transaction's own.
      expect(await committed(id)).toBe(false);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([true]);
  });

  it('drops the work when the transaction rolls back', async () => {
    const id = randomUUID();
    const ran = jest.fn();
    await expect(
      transactions.run(async (tx) => {
        await insert(tx, id);
        transactions.afterCommit(tx, ran);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ran).not.toHaveBeenCalled();
    expect(await committed(id)).toBe(false);
  });

  it('drops only the work of a savepoint that rolls back; the rest runs once the transaction commits', async () => {
    const [kept, undone, released] = [randomUUID(), randomUUID(), randomUUID()];
    const ran: string[] = [];
    await transactions.run(async (tx) => {
      await insert(tx, kept);
      transactions.afterCommit(tx, () => void ran.push(kept));
      await expect(
        tx.transaction(async (savepoint) => {
          await insert(savepoint, undone);
          transactions.afterCommit(savepoint, () => void ran.push(undone));
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      await tx.transaction(async (savepoint) => {
        await insert(savepoint, released);
        transactions.afterCommit(savepoint, () => void ran.push(released));
      });
      // A released savepoint commits nothing yet.
      expect(ran).toEqual([]);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ran).toEqual([kept, released]);
    expect(await committed(undone)).toBe(false);
  });

  it('keeps the commit when the work fails, and runs the next transaction’s work as usual', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    const ran = jest.fn();
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      await transactions.run(async (tx) => {
        await insert(tx, first);
        transactions.afterCommit(tx, () => {
          throw new Error('queue away');
        });
      });
      await transactions.run(async (tx) => {
        await insert(tx, second);
        transactions.afterCommit(tx, ran);
      });
      expect(await committed(first)).toBe(true);
      expect(ran).toHaveBeenCalledTimes(1);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('queue away'));
    } finally {
      logged.mockRestore();
    }
  });

  it('refuses work outside a transaction (there is no commit to wait for)', () => {
    expect(() => transactions.afterCommit(transactions.autocommit, jest.fn())).toThrow(/needs a transaction/);
  });
});
