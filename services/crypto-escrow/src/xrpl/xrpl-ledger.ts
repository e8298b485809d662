import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG } from '@app/platform';
import { Client, RippledError, ValidationError, type Request, type SubmittableTransaction, type Wallet } from 'xrpl';
import type { CryptoConfig } from '../config';
import { LedgerRejection, LedgerUnavailable } from './ledger-errors';

export interface SubmitResult {
  hash: string;
  /** tesSUCCESS (anything else throws LedgerRejection). */
  result: string;
  ledgerIndex: number | null;
  /** The signed transaction as submitted (Sequence, Fee, LastLedgerSequence filled in by autofill). */
  tx: Record<string, unknown>;
}

/** A transaction autofilled and signed, not yet submitted: its hash and sequence are known. */
export interface SignedTx {
  hash: string;
  blob: string;
  /** The transaction as signed (Sequence, Fee, LastLedgerSequence filled in by autofill). */
  tx: SubmittableTransaction;
}

/** What the ledger says of a transaction by its hash. */
export type TxLookup =
  | { found: false }
  | { found: true; validated: false }
  | { found: true; validated: true; result: string; ledgerIndex: number | null };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Preliminary results that mean the transaction will never be in a ledger. */
const neverApplied = /^(tem|tef|tel)/;

/**
 * The one connection to the configured rippled (XRPL_SERVER_URL), opened on first use and again
 * after it drops. Fees, sequence and LastLedgerSequence are filled in by xrpl.js (autofill).
 */
@Injectable()
export class XrplLedger implements OnModuleDestroy {
  private readonly logger = new Logger(XrplLedger.name);
  private client: Client | undefined;
  private connecting: Promise<Client> | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: CryptoConfig) {}

  async onModuleDestroy(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.disconnect().catch(() => undefined);
  }

  private async connected(): Promise<Client> {
    if (this.client?.isConnected()) return this.client;
    this.connecting ??= (async () => {
      await this.client?.disconnect().catch(() => undefined);
      const client = new Client(this.config.XRPL_SERVER_URL, {
        timeout: this.config.CRYPTO_HTTP_TIMEOUT_MS,
        connectionTimeout: this.config.CRYPTO_HTTP_TIMEOUT_MS,
      });
      client.on('error', (...args: unknown[]) => this.logger.warn(`XRPL connection error: ${String(args[0])}`));
      await client.connect();
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = undefined;
    });
    try {
      return await this.connecting;
    } catch (error) {
      throw new LedgerUnavailable(`XRPL server unreachable: ${(error as Error).message}`);
    }
  }

  /** One request; rippled's own errors (actNotFound, txnNotFound, ...) become LedgerRejection. */
  async request<R extends Request>(request: R) {
    const client = await this.connected();
    try {
      return await client.request(request);
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** Close time (Ripple-epoch seconds) of the latest validated ledger. */
  async closeTime(): Promise<number> {
    const response = await this.request({ command: 'ledger', ledger_index: 'validated' });
    return Number(response.result.ledger.close_time);
  }

  /**
   * Autofills, signs in memory, submits and waits until the transaction is validated. Throws
   * LedgerRejection for any result other than tesSUCCESS. The wallet (and its seed) goes no
   * further than wallet.sign.
   */
  async submit(transaction: SubmittableTransaction, wallet: Wallet): Promise<SubmitResult> {
    return this.submitSigned(await this.sign(transaction, wallet));
  }

  /** Autofills and signs in memory, submitting nothing: the hash and sequence are known before the ledger sees it. */
  async sign(transaction: SubmittableTransaction, wallet: Wallet): Promise<SignedTx> {
    const client = await this.connected();
    try {
      const prepared = await client.autofill(transaction);
      const signed = wallet.sign(prepared);
      return { hash: signed.hash, blob: signed.tx_blob, tx: prepared };
    } catch (error) {
      throw this.translate(error);
    }
  }

  /**
   * Submits a signed transaction and waits until it is validated. LedgerRejection: it is not (and
   * will never be) applied with tesSUCCESS; LedgerUnavailable: its fate is not known yet.
   */
  async submitSigned(signed: SignedTx): Promise<SubmitResult> {
    let preliminary: string;
    try {
      const response = await (await this.connected()).request({ command: 'submit', tx_blob: signed.blob });
      preliminary = response.result.engine_result;
    } catch (error) {
      throw this.translate(error);
    }
    if (neverApplied.test(preliminary)) throw new LedgerRejection(preliminary, signed.hash);
    const outcome = await this.awaitValidated(signed.hash, signed.tx.LastLedgerSequence ?? 0);
    if (outcome.result !== 'tesSUCCESS') throw new LedgerRejection(outcome.result, signed.hash);
    return {
      hash: signed.hash,
      result: outcome.result,
      ledgerIndex: outcome.ledgerIndex,
      tx: signed.tx as unknown as Record<string, unknown>,
    };
  }

  /** A transaction by hash: unknown to the server, seen but not validated, or validated with its result. */
  async lookup(hash: string): Promise<TxLookup> {
    try {
      const response = await this.request({ command: 'tx', transaction: hash });
      const result = response.result as { validated?: boolean; meta?: unknown; ledger_index?: number };
      if (!result.validated) return { found: true, validated: false };
      const meta = result.meta as { TransactionResult?: string } | string | undefined;
      const code = typeof meta === 'object' && meta?.TransactionResult ? meta.TransactionResult : 'tesSUCCESS';
      return { found: true, validated: true, result: code, ledgerIndex: result.ledger_index ?? null };
    } catch (error) {
      if (error instanceof LedgerRejection && error.code === 'txnNotFound') return { found: false };
      throw error;
    }
  }

  /** The latest validated ledger: its index and close time (Ripple-epoch seconds). */
  async validatedLedger(): Promise<{ index: number; closeTime: number }> {
    const response = await this.request({ command: 'ledger', ledger_index: 'validated' });
    return { index: Number(response.result.ledger_index), closeTime: Number(response.result.ledger.close_time) };
  }

  /** The ledger ranges the server holds (server_info complete_ledgers, e.g. "32570-6595042"). */
  async completeLedgers(): Promise<[number, number][]> {
    const response = await this.request({ command: 'server_info' });
    const ranges = String(response.result.info.complete_ledgers ?? '');
    return ranges
      .split(',')
      .map((range) => range.trim().split('-').map(Number))
      .filter((pair) => pair.length >= 1 && pair.every(Number.isFinite) && pair[0]! > 0)
      .map((pair) => [pair[0]!, pair[1] ?? pair[0]!]);
  }

  private async awaitValidated(
    hash: string,
    lastLedger: number,
  ): Promise<{ result: string; ledgerIndex: number | null }> {
    const deadline = Date.now() + this.config.XRPL_SUBMIT_TIMEOUT_MS;
    for (;;) {
      const seen = await this.lookup(hash);
      if (seen.found && seen.validated) return { result: seen.result, ledgerIndex: seen.ledgerIndex };
      const validated = await this.request({ command: 'ledger', ledger_index: 'validated' });
      if (lastLedger && Number(validated.result.ledger_index) > lastLedger) {
        throw new LedgerRejection('tefMAX_LEDGER', hash);
      }
      if (Date.now() > deadline) throw new LedgerUnavailable(`transaction ${hash} not validated in time`);
      await sleep(500);
    }
  }

  private translate(error: unknown): Error {
    if (error instanceof LedgerRejection || error instanceof LedgerUnavailable) return error;
    if (error instanceof RippledError) {
      const data = error.data as { error?: string } | undefined;
      return new LedgerRejection(data?.error ?? 'rippledError');
    }
    if (error instanceof ValidationError) return new LedgerRejection('temMALFORMED');
    // Only the class name: a library message could echo its input.
    return new LedgerUnavailable(`XRPL call failed (${(error as Error)?.name ?? 'error'})`);
  }
}
