import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  destinationTagFromPropertyId,
  ErrorCode,
  type cancelEscrowRequestSchema,
  type createEscrowRequestSchema,
  type Escrow,
  type EscrowActionResult,
  type EscrowList,
  type finishEscrowRequestSchema,
  type LedgerEscrow,
} from '@app/contracts';
import { APP_CONFIG, AppError, OutboxService, TransactionRunner } from '@app/platform';
import { isValidClassicAddress, xrpToDrops, type EscrowCreate, type EscrowFinish, type LedgerEntry } from 'xrpl';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { CryptoConfig } from '../config';
import type { EscrowRecord } from './escrow.entity';
import { EscrowMonitorSchedules } from './escrow-monitor.schedules';
import {
  escrowOutcome,
  searchHistory,
  txOf,
  type ClosedStatus,
  type ClosingTx,
  type EscrowOutcome,
  OWNER_NOT_ON_LEDGER,
  type ListedTx,
} from './escrow-outcome';
import { escrowView, xrpOfDrops } from './escrow-views';
import { EscrowsRepository } from './escrows.repository';
import { ledgerError, LedgerRejection, type LedgerOperation } from './ledger-errors';
import { rippleTimeToDate } from './ripple-time';
import { walletOf } from './wallets';
import { XrplLedger } from './xrpl-ledger';

export type CreateEscrow = z.output<typeof createEscrowRequestSchema>;
export type FinishEscrow = z.output<typeof finishEscrowRequestSchema>;
export type CancelEscrow = z.output<typeof cancelEscrowRequestSchema>;

export const badAddress = (path: string) =>
  new AppError(ErrorCode.ValidationFailed, 'Address must be an XRP Ledger address (r...)', [
    { path, message: 'Address must be an XRP Ledger address (r...)' },
  ]);

/** account_tx pages of 400 read per run at most while looking for an escrow's closing transaction. */
const HISTORY_PAGE_CAP = 10;

/**
 * XRP Ledger escrows (spec 3, 4, 7): create, finish and cancel signed in memory with the
 * sender's seed, the public facts stored for the monitor and the lists, and EscrowFinished /
 * EscrowCancelled published once, by whichever of the finish/cancel call or the monitor
 * records the close first.
 */
@Injectable()
export class EscrowsService {
  private readonly logger = new Logger(EscrowsService.name);

  constructor(
    private readonly ledger: XrplLedger,
    @InjectEntityManager() private readonly manager: EntityManager,
    private readonly transactions: TransactionRunner,
    private readonly repository: EscrowsRepository,
    private readonly outbox: OutboxService,
    private readonly schedules: EscrowMonitorSchedules,
    @Inject(APP_CONFIG) private readonly config: CryptoConfig,
  ) {}

  async create(userId: string, body: CreateEscrow): Promise<Escrow> {
    const wallet = walletOf(body.senderSeed);
    const destinationTag = this.destinationTagOf(body);
    // Counted from the ledger's own clock (its last close), which is what FinishAfter is checked against.
    const now = await this.ledgerNow();
    const tx: EscrowCreate = {
      TransactionType: 'EscrowCreate',
      Account: wallet.classicAddress,
      Destination: body.destinationAddress,
      Amount: xrpToDrops(body.amount),
      FinishAfter: now + body.finishAfterSeconds,
      CancelAfter: now + body.cancelAfterSeconds,
      ...(body.condition ? { Condition: body.condition } : {}),
      ...(destinationTag !== undefined ? { DestinationTag: destinationTag } : {}),
    };
    const submitted = await this.submitOrFail('escrowCreate', () => this.ledger.submit(tx, wallet));
    const row = await this.repository.insert(this.manager, {
      id: randomUUID(),
      userId,
      owner: wallet.classicAddress,
      sequence: String(submitted.tx.Sequence),
      destination: body.destinationAddress,
      amountDrops: tx.Amount as string,
      finishAfter: String(tx.FinishAfter),
      cancelAfter: String(tx.CancelAfter),
      condition: body.condition ?? null,
      destinationTag: destinationTag === undefined ? null : String(destinationTag),
      createHash: submitted.hash,
      monitorUntil: new Date(Date.now() + this.config.ESCROW_MONITOR_WINDOW_MS),
    });
    this.logger.log(`escrow ${row.id} created: ${row.owner}#${row.sequence} (${submitted.hash})`);
    await this.schedules
      .start(row.id, row.monitorUntil)
      .catch((error: Error) => this.logger.error(`escrow ${row.id} monitor not scheduled: ${error.message}`));
    return escrowView(row);
  }

  async finish(userId: string, body: FinishEscrow, requestId?: string): Promise<EscrowActionResult> {
    const wallet = walletOf(body.senderSeed);
    const tx: EscrowFinish = {
      TransactionType: 'EscrowFinish',
      Account: wallet.classicAddress,
      Owner: body.owner,
      OfferSequence: body.offerSequence,
      ...(body.condition && body.fulfillment ? { Condition: body.condition, Fulfillment: body.fulfillment } : {}),
    };
    const submitted = await this.submitOrFail('escrowFinish', () => this.ledger.submit(tx, wallet));
    return this.closed(userId, body.owner, body.offerSequence, 'finished', submitted, requestId);
  }

  async cancel(userId: string, body: CancelEscrow, requestId?: string): Promise<EscrowActionResult> {
    const wallet = walletOf(body.senderSeed);
    const submitted = await this.submitOrFail('escrowCancel', () =>
      this.ledger.submit(
        {
          TransactionType: 'EscrowCancel',
          Account: wallet.classicAddress,
          Owner: body.owner,
          OfferSequence: body.offerSequence,
        },
        wallet,
      ),
    );
    return this.closed(userId, body.owner, body.offerSequence, 'cancelled', submitted, requestId);
  }

  /** The user's escrows created here, newest first. */
  async mine(userId: string): Promise<{ escrows: Escrow[] }> {
    return { escrows: (await this.repository.ofUser(this.manager, userId)).map(escrowView) };
  }

  /** GET /api/crypto/xrp/escrows/{address}: the ledger's escrows of an account (owner or destination), with sequence. */
  async onLedger(userId: string, address: string): Promise<EscrowList> {
    if (!isValidClassicAddress(address)) throw badAddress('address');
    let objects: LedgerEntry.Escrow[];
    try {
      objects = await this.escrowObjects(address);
    } catch (error) {
      if (error instanceof LedgerRejection && error.code === 'actNotFound') return { address, escrows: [] };
      throw ledgerError('read', error);
    }
    const records = await this.repository.ofOwner(this.manager, address);
    const escrows: LedgerEscrow[] = [];
    for (const object of objects) {
      const record = records.find((r) => r.createHash === object.PreviousTxnID);
      const sequence = record ? Number(record.sequence) : await this.createSequenceOf(object.PreviousTxnID);
      escrows.push({
        account: object.Account,
        destination: object.Destination,
        amount: xrpOfDrops(object.Amount),
        sequence,
        finishAfter: object.FinishAfter ?? null,
        cancelAfter: object.CancelAfter ?? null,
        finishAfterIso: object.FinishAfter ? rippleTimeToDate(object.FinishAfter).toISOString() : null,
        cancelAfterIso: object.CancelAfter ? rippleTimeToDate(object.CancelAfter).toISOString() : null,
        condition: object.Condition ?? null,
        destinationTag: object.DestinationTag ?? null,
        hash: object.PreviousTxnID,
        id: record && record.userId === userId ? record.id : null,
      });
    }
    return { address, escrows };
  }

  /**
   * One monitor run (every 30 s, spec 9). Once the escrow has left the owner's list, its closing
   * transaction in the history decides finished or cancelled; without it, the ledger's time rules
   * decide when only one outcome was possible (escrow-outcome.ts). Otherwise nothing is published:
   * the row stays created for the next run, and when the window ends it is recorded as unknown.
   */
  async monitor(escrowId: string): Promise<{ status: string }> {
    const row = await this.repository.byId(this.manager, escrowId);
    if (!row || row.status !== 'created') {
      await this.schedules.stop(escrowId);
      return { status: row?.status ?? 'unknown' };
    }
    const result = await this.monitorOpen(row);
    await this.repository.recordMonitorCheck(this.manager, row.id);
    return result;
  }

  private async monitorOpen(row: EscrowRecord): Promise<{ status: string }> {
    // The job scheduler ends at monitorUntil: this is the last run when the next would come after it
    // (or a run after the window, for one the worker missed while it was down).
    const lastRun = row.monitorUntil.getTime() - Date.now() < this.config.ESCROW_MONITOR_INTERVAL_MS;
    const presence = await this.presenceOf(row);
    if (presence === 'on-ledger') {
      if (lastRun) await this.schedules.stop(row.id);
      return { status: 'created' };
    }
    // Without the owner's account the ledger has neither the escrow nor its history, and its time
    // rules say nothing about an escrow it never held (a reset test network, another network).
    const outcome: EscrowOutcome =
      presence === 'no-account' ? { decided: false, reason: OWNER_NOT_ON_LEDGER } : await this.outcomeOf(row, lastRun);
    if (outcome.decided) {
      await this.closeAndPublish(row.owner, Number(row.sequence), outcome.status, outcome.hash, {
        reason: outcome.reason,
      });
      return { status: outcome.status };
    }
    this.logger.warn(
      `escrow ${row.id} gone from the ledger, outcome not known: ${outcome.reason}; ${
        lastRun ? 'monitoring ends, recorded as unknown' : 'trying again next run'
      }`,
    );
    if (!lastRun) return { status: 'created' };
    await this.repository.markUnknown(this.manager, row.id, outcome.reason);
    await this.schedules.stop(row.id);
    return { status: 'unknown' };
  }

  private async presenceOf(row: EscrowRecord): Promise<'on-ledger' | 'gone' | 'no-account'> {
    let objects: LedgerEntry.Escrow[];
    try {
      objects = await this.escrowObjects(row.owner);
    } catch (error) {
      if (error instanceof LedgerRejection && error.code === 'actNotFound') return 'no-account';
      throw error;
    }
    const present = objects.some(
      (o) =>
        o.Account === row.owner &&
        (o.PreviousTxnID === row.createHash ||
          (o.Destination === row.destination &&
            o.Amount === row.amountDrops &&
            o.FinishAfter === Number(row.finishAfter) &&
            o.CancelAfter === Number(row.cancelAfter))),
    );
    return present ? 'on-ledger' : 'gone';
  }

  /** The closing transaction from the history, else the time rules; an unreadable history waits for the next run. */
  private async outcomeOf(row: EscrowRecord, lastRun: boolean): Promise<EscrowOutcome> {
    let closing: ClosingTx | null = null;
    let unavailable: string | null = null;
    try {
      closing = await this.closingTxOf(row);
    } catch (error) {
      unavailable = `account_tx unavailable (${(error as Error).message})`;
      // A later run may still find the closing hash; on the last run the time rules decide without it.
      if (!lastRun) return { decided: false, reason: unavailable };
    }
    const ledgerCloseTime = await this.ledger.closeTime();
    const outcome = escrowOutcome({ closing, cancelAfter: Number(row.cancelAfter), ledgerCloseTime });
    return !outcome.decided && unavailable ? { decided: false, reason: unavailable } : outcome;
  }

  /** The escrow's EscrowFinish / EscrowCancel in the owner's account_tx, read back to the create's ledger. */
  private async closingTxOf(row: EscrowRecord): Promise<ClosingTx | null> {
    const escrow = {
      owner: row.owner,
      sequence: Number(row.sequence),
      createLedger: await this.ledgerIndexOf(row.createHash),
    };
    try {
      const search = await searchHistory(
        async (marker) => {
          const response = await this.ledger.request({
            command: 'account_tx',
            account: row.owner,
            ledger_index_min: -1,
            ledger_index_max: -1,
            limit: 400,
            forward: false,
            ...(marker ? { marker } : {}),
          });
          return {
            transactions: response.result.transactions as unknown as ListedTx[],
            marker: response.result.marker,
          };
        },
        escrow,
        HISTORY_PAGE_CAP,
      );
      if (search.kind === 'not-found' && !search.complete) {
        this.logger.debug(`escrow ${row.id}: no closing transaction in the first ${search.pages} account_tx pages`);
      }
      return search.kind === 'found' ? search.closing : null;
    } catch (error) {
      // An account the ledger does not know has no history to search.
      if (error instanceof LedgerRejection && error.code === 'actNotFound') return null;
      throw error;
    }
  }

  /** The ledger a transaction was validated in, null when the server cannot tell. */
  private async ledgerIndexOf(hash: string): Promise<number | null> {
    try {
      const response = await this.ledger.request({ command: 'tx', transaction: hash });
      return Number((response.result as { ledger_index?: number }).ledger_index) || null;
    } catch {
      return null;
    }
  }

  private async escrowObjects(address: string): Promise<LedgerEntry.Escrow[]> {
    const objects: LedgerEntry.Escrow[] = [];
    let marker: unknown;
    for (let page = 0; page < 10; page += 1) {
      const response = await this.ledger.request({
        command: 'account_objects',
        account: address,
        type: 'escrow',
        ledger_index: 'validated',
        limit: 400,
        ...(marker ? { marker } : {}),
      });
      objects.push(...(response.result.account_objects as LedgerEntry.Escrow[]));
      marker = response.result.marker;
      if (!marker) break;
    }
    return objects.filter((object) => object.LedgerEntryType === 'Escrow');
  }

  /** The Sequence (or TicketSequence) of the EscrowCreate that made an escrow, null when the ledger cannot tell. */
  private async createSequenceOf(hash: string): Promise<number | null> {
    try {
      const response = await this.ledger.request({ command: 'tx', transaction: hash });
      const tx = txOf(response.result as unknown as ListedTx);
      if (tx.TransactionType !== 'EscrowCreate') return null;
      return Number(tx.Sequence) || Number(tx.TicketSequence) || null;
    } catch {
      return null;
    }
  }

  private async closed(
    userId: string,
    owner: string,
    sequence: number,
    status: ClosedStatus,
    submitted: { hash: string; result: string; ledgerIndex: number | null },
    requestId?: string,
  ): Promise<EscrowActionResult> {
    const row =
      (await this.closeAndPublish(owner, sequence, status, submitted.hash, { requestId })) ??
      (await this.repository.byLedgerId(this.manager, owner, sequence));
    return {
      hash: submitted.hash,
      result: submitted.result,
      ledgerIndex: submitted.ledgerIndex,
      escrow: row && row.userId === userId ? escrowView(row) : null,
    };
  }

  /** The conditional close and its event in one transaction: only the caller that moved the row publishes. */
  private async closeAndPublish(
    owner: string,
    sequence: number,
    status: ClosedStatus,
    hash: string | null,
    { requestId, reason = null }: { requestId?: string; reason?: string | null } = {},
  ): Promise<EscrowRecord | null> {
    const row = await this.transactions.run(async (manager) => {
      const closed = await this.repository.close(manager, owner, sequence, status, hash, reason);
      if (!closed) return null;
      const data = {
        userId: closed.userId,
        escrowId: closed.id,
        owner: closed.owner,
        offerSequence: Number(closed.sequence),
        destination: closed.destination,
        amount: xrpOfDrops(closed.amountDrops),
        currency: 'XRP',
        txHash: hash ?? '',
        occurredAt: timestampFromDate(new Date()),
      };
      if (status === 'finished') await this.outbox.publish(manager, 'EscrowFinished', closed.id, data, requestId);
      else await this.outbox.publish(manager, 'EscrowCancelled', closed.id, data, requestId);
      return closed;
    });
    if (row) {
      this.logger.log(`escrow ${row.id} ${status}${hash ? ` (${hash})` : ''}`);
      await this.schedules
        .stop(row.id)
        .catch((error: Error) => this.logger.warn(`monitor not removed: ${error.message}`));
    }
    return row;
  }

  private async ledgerNow(): Promise<number> {
    try {
      return await this.ledger.closeTime();
    } catch (error) {
      throw ledgerError('escrowCreate', error);
    }
  }

  private destinationTagOf(body: CreateEscrow): number | undefined {
    if (body.destinationTag !== undefined) return body.destinationTag;
    if (body.propertyId === undefined) return undefined;
    const tag = destinationTagFromPropertyId(body.propertyId);
    if (tag === null) {
      const message = 'Property id must end in 8 hexadecimal characters';
      throw new AppError(ErrorCode.ValidationFailed, message, [{ path: 'propertyId', message }]);
    }
    return tag;
  }

  private async submitOrFail<T>(operation: LedgerOperation, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      // Codes and class names only: nothing that could carry the request's seed.
      this.logger.warn(
        `${operation} refused: ${error instanceof LedgerRejection ? error.code : (error as Error).name}`,
      );
      throw ledgerError(operation, error);
    }
  }
}
