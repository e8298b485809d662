/** What a batch's work answers for one of its items, in the items' order. */
export type ItemResult<O> = PromiseSettledResult<O>;

export interface BatcherOptions {
  /** Most items one call of the work takes. */
  maxBatch: number;
  /** Most calls of the work running at once (each holds, say, one pooled connection). */
  maxInFlight: number;
}

/**
 * Group commit: callers add items one by one, and the work runs over many of them at once. Nothing
 * waits on a timer: a call of the work starts in the turn after the first item arrives while fewer
 * than `maxInFlight` run, and items that arrive meanwhile wait for a call to finish, then go
 * together. Alone, an item goes at once; under load, one transaction (one commit, one round trip
 * per statement) serves many. The work settles each item on its own, so one item's failure is
 * that caller's alone; if the work itself throws, every item of that call gets the error.
 */
export class Batcher<I, O> {
  private queue: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly work: (items: I[]) => Promise<ItemResult<O>[]>,
    private readonly options: BatcherOptions,
  ) {}

  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // The rest of this turn's arrivals (requests read from the same socket reads) join the call.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.inFlight >= this.options.maxInFlight || this.queue.length === 0) return;
    const taken = this.queue.splice(0, this.options.maxBatch);
    this.inFlight++;
    // More than one call's worth waiting: the next call may start too.
    this.schedule();
    try {
      const results = await this.work(taken.map((entry) => entry.item));
      taken.forEach((entry, index) => {
        const result = results[index];
        if (!result) entry.reject(new Error('The batch answered no result for this item'));
        else if (result.status === 'fulfilled') entry.resolve(result.value);
        else entry.reject(result.reason);
      });
    } catch (error) {
      for (const entry of taken) entry.reject(error);
    } finally {
      this.inFlight--;
      this.schedule();
    }
  }
}
