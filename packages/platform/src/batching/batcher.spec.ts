import { Batcher, type ItemResult } from './batcher';

/** A batch's work that the test finishes by hand, recording what each call took. */
function controlledWork() {
  const calls: { items: number[]; finish: () => void }[] = [];
  const work = (items: number[]) =>
    new Promise<ItemResult<string>[]>((resolve) => {
      calls.push({
        items,
        finish: () =>
          resolve(
            items.map((item) =>
              item < 0
                ? { status: 'rejected', reason: new Error(`bad ${item}`) }
                : { status: 'fulfilled', value: `ok ${item}` },
            ),
          ),
      });
    });
  return { calls, work };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher (group commit)', () => {
  it('sends an item that arrives alone at once, and the items that arrive while a call runs together in the next', async () => {
    const { calls, work } = controlledWork();
    const batcher = new Batcher(work, { maxBatch: 10, maxInFlight: 1 });
    const alone = batcher.add(1);
    await turn();
    expect(calls.map((call) => call.items)).toEqual([[1]]);

    const waiting = [2, 3, 4].map((item) => batcher.add(item));
    await turn();
    expect(calls).toHaveLength(1);
    calls[0]!.finish();
    await expect(alone).resolves.toBe('ok 1');
    await turn();
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3, 4]]);
    calls[1]!.finish();
    await expect(Promise.all(waiting)).resolves.toEqual(['ok 2', 'ok 3', 'ok 4']);
  });

  it('runs at most maxInFlight calls of at most maxBatch items', async () => {
    const { calls, work } = controlledWork();
    const batcher = new Batcher(work, { maxBatch: 3, maxInFlight: 2 });
    const all = Array.from({ length: 8 }, (_, i) => batcher.add(i));
    await turn();
    await turn();
    expect(calls.map((call) => call.items)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    calls[1]!.finish();
    await turn();
    await turn();
    expect(calls.map((call) => call.items)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7],
    ]);
    calls[0]!.finish();
    calls[2]!.finish();
    await expect(Promise.all(all)).resolves.toHaveLength(8);
  });

  it("settles each item with its own result: one item's failure is its caller's alone", async () => {
    const { calls, work } = controlledWork();
    const batcher = new Batcher(work, { maxBatch: 10, maxInFlight: 1 });
    const results = Promise.allSettled([5, -6, 7].map((item) => batcher.add(item)));
    await turn();
    calls[0]!.finish();
    expect((await results).map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'ok 5',
      'bad -6',
      'ok 7',
    ]);
  });

  it('fails every item of a call whose work throws, and goes on with the next items', async () => {
    let fail = true;
    const batcher = new Batcher<number, number>(
      async (items) => {
        if (fail) throw new Error('database away');
        return items.map((value) => ({ status: 'fulfilled', value }));
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    const failed = Promise.allSettled([1, 2].map((item) => batcher.add(item)));
    expect((await failed).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(batcher.add(3)).resolves.toBe(3);
  });
});
