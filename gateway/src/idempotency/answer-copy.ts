import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { isKeptStatus, keptHeaders, type KeptAnswer, MAX_KEPT_BODY_BYTES } from './idempotency-key';

/**
 * Where the service's answer to a keyed request goes (forward.ts's `answerSink`): to the client's
 * response, as it would without a key, and into a copy kept for the key's retries.
 *
 * `settle` is called once: with the answer when the service's answer is complete and worth
 * keeping (isKeptStatus, body within MAX_KEPT_BODY_BYTES), before the client's response ends, so a
 * retry sent once the client has the whole answer finds it; with nothing when it is not worth
 * keeping or the service broke off mid-answer (the key is released: a retry runs again).
 *
 * A client that goes away does not stop the copy: the service's answer is read to its end and
 * kept, for the retry that client will make (one too large to keep is aborted as without a key).
 */
export class AnswerCopy extends Writable {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private tooLarge = false;
  private settled = false;
  /** The client's response closed (the client went away; or, after its end, finished). */
  private clientClosed: boolean;

  constructor(
    private readonly res: ServerResponse,
    private readonly status: number,
    private readonly headers: IncomingHttpHeaders,
    private readonly settle: (answer: KeptAnswer | undefined) => Promise<void>,
  ) {
    super();
    this.clientClosed = res.destroyed || res.closed;
    res.once('close', () => (this.clientClosed = true));
  }

  private get clientGone(): boolean {
    return this.clientClosed || this.res.writableEnded;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (!this.tooLarge) {
      this.size += chunk.length;
      if (this.size > MAX_KEPT_BODY_BYTES) {
        this.tooLarge = true;
        this.chunks.length = 0;
      } else {
        this.chunks.push(chunk);
      }
    }
    if (this.clientGone) {
      // Nobody to answer and nothing to keep: stop the service's answer, as without a key.
      return this.tooLarge ? callback(new Error('client went away')) : callback();
    }
    if (this.res.write(chunk)) return callback();
    const resume = () => {
      this.res.off('drain', resume);
      this.res.off('close', resume);
      callback();
    };
    this.res.on('drain', resume);
    this.res.on('close', resume);
  }

  override _final(callback: (error?: Error | null) => void): void {
    const keep = isKeptStatus(this.status) && !this.tooLarge;
    const answer = keep
      ? { status: this.status, headers: keptHeaders(this.headers), body: Buffer.concat(this.chunks) }
      : undefined;
    this.settled = true;
    void this.settle(answer).then(() => {
      if (this.clientGone) return callback();
      // The response's own end ('finish'), or its close if the client goes away meanwhile.
      const ended = () => {
        this.res.off('finish', ended);
        this.res.off('close', ended);
        callback();
      };
      this.res.on('finish', ended);
      this.res.on('close', ended);
      this.res.end();
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // Broken off before its end (the service, or a client gone during a body too large to keep).
    if (!this.settled) {
      this.settled = true;
      // Released before the client sees its answer cut, so that its retry, whichever replica it reaches, runs again.
      void this.settle(undefined).finally(() => {
        if (!this.res.writableFinished) this.res.destroy();
      });
    }
    callback(error);
  }
}
