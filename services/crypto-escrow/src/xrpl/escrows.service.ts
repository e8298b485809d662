import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  cryptoMessages,
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
import type { z } from 'zod';
import type { CryptoConfig } from '../config';
import { XrpKycGate } from '../kyc/xrp-kyc-gate';
import type { EscrowRecord } from './escrow.entity';
import { EscrowMonitorSchedules } from './escrow-monitor.schedules';
import { pendingOutcome } from './escrow-pending';
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
import { escrowView, isListed, xrpOfDrops } from './escrow-views';
import { EscrowsRepository, type NewEscrow } from './escrows.repository';
import { ledgerError, LedgerRejection, type LedgerOperation } from './ledger-errors';
import { rippleTimeToDate } from './ripple-time';
import { walletOf } from './wallets';
import { XrplLedger, type SignedTx } from './xrpl-ledger';

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
    private readonly transactions: TransactionRunner,
    private readonly repository: EscrowsRepository,
    private readonly outbox: OutboxService,
    private readonly schedules: EscrowMonitorSchedules,
    @Inject(APP_CONFIG) private readonly config: CryptoConfig,
    private readonly kyc: XrpKycGate,
  ) {}

  /**
   * EscrowCreate, signed first so its hash and sequence are known, stored `pending` with them, then
   * submitted: a process that dies mid-submit leaves a row the monitor settles (created, or failed
   * when it never made it to the ledger). The answer is the created escrow, as before. An amount over
   * the KYC threshold needs a verified identity, checked before anything reaches the ledger or the table.
   */
  async create(userId: string, body: CreateEscrow): Promise<Escrow> {
    const wallet = walletOf(body.senderSeed);
    const destinationTag = this.destinationTagOf(body);
    await this.kyc.requireClearedOver(userId, body.amount, 'escrow');
    // Counted from the ledger's own clock (its last close), which is what FinishAfter is checked against.
    const validated = await this.ledgerNow();
    const tx: EscrowCreate = {
      TransactionType: 'EscrowCreate',
      Account: wallet.classicAddress,
      Destination: body.destinationAddress,
      Amount: xrpToDrops(body.amount),
      FinishAfter: validated.closeTime + body.finishAfterSeconds,
      CancelAfter: validated.closeTime + body.cancelAfterSeconds,
      ...(body.condition ? { Condition: body.condition } : {}),
      ...(destinationTag !== undefined ? { DestinationTag: destinationTag } : {}),
    };
    const signed = await this.submitOrFail('escrowCreate', () => this.ledger.sign(tx, wallet));
    const pending = await this.recordPending({
      id: randomUUID(),
      userId,
      owner: wallet.classicAddress,
      sequence: String(signed.tx.Sequence),
      destination: body.destinationAddress,
      amountDrops: tx.Amount as string,
      finishAfter: String(tx.FinishAfter),
      cancelAfter: String(tx.CancelAfter),
      condition: body.condition ?? null,
      destinationTag: destinationTag === undefined ? null : String(destinationTag),
      createHash: signed.hash,
      createFirstLedger: String(validated.index),
      createLastLedger: signed.tx.LastLedgerSequence === undefined ? null : String(signed.tx.LastLedgerSequence),
      monitorUntil: new Date(Date.now() + this.config.ESCROW_MONITOR_WINDOW_MS),
    });
    // Scheduled before the submit, so the monitor settles the row if this process goes no further.
    await this.schedules
      .start(pending.id, pending.monitorUntil)
      .catch((error: Error) => this.logger.error(`escrow ${pending.id} monitor not scheduled: ${error.message}`));
    await this.submitCreate(pending, signed);
    const row =
      (await this.repository.markCreated(this.transactions.autocommit, pending.id)) ??
      (await this.repository.byId(this.transactions.autocommit, pending.id));
    this.logger.log(`escrow ${pending.id} created: ${pending.owner}#${pending.sequence} (${signed.hash})`);
    if (!row || !isListed(row)) throw ledgerError('escrowCreate', new Error(`escrow ${pending.id} is ${row?.status}`));
    return escrowView(row);
  }

  /**
   * Stores the pending row. When a row not failed holds the owner + sequence already, it is an
   * earlier EscrowCreate of this account with the same sequence: settled now when the ledger can say
   * it never made it (then the sequence is free again), otherwise the request is refused.
   */
  private async recordPending(escrow: NewEscrow): Promise<EscrowRecord> {
    const row = await this.repository.insertPending(this.transactions.autocommit, escrow);
    if (row) return row;
    const holder = await this.repository.byLedgerId(
      this.transactions.autocommit,
      escrow.owner,
      Number(escrow.sequence),
    );
    if (holder?.status === 'pending' && (await this.settlePending(holder, false)) === 'failed') {
      const retried = await this.repository.insertPending(this.transactions.autocommit, escrow);
      if (retried) return retried;
    }
    this.logger.warn(`escrowCreate refused: ${escrow.owner}#${escrow.sequence} is held by escrow ${holder?.id}`);
    throw new AppError(ErrorCode.Conflict, cryptoMessages.escrowCreateFailed.description, [
      {
        path: 'ledger',
        message: `sequence ${escrow.sequence} of this account belongs to an earlier EscrowCreate not settled yet; try again in a minute`,
      },
    ]);
  }

  /**
   * Submits the stored EscrowCreate. A result code means it is not on the ledger and never will be:
   * the row fails with it. Anything else (the ledger unreachable, no answer in time) leaves the row
   * pending for the monitor, which reads its fate from the ledger.
   */
  private async submitCreate(row: EscrowRecord, signed: SignedTx): Promise<void> {
    try {
      await this.ledger.submitSigned(signed);
    } catch (error) {
      if (error instanceof LedgerRejection && error.hash) {
        await this.repository.markFailed(this.transactions.autocommit, row.id, `EscrowCreate ${error.code}`);
        await this.schedules
          .stop(row.id)
          .catch((stopError: Error) => this.logger.warn(`monitor not removed: ${stopError.message}`));
      } else {
        this.logger.warn(`escrow ${row.id} pending: EscrowCreate ${signed.hash} not settled; the monitor will read it`);
      }
      throw this.refused('escrowCreate', error);
    }
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
    return {
      escrows: (await this.repository.ofUser(this.transactions.autocommit, userId)).filter(isListed).map(escrowView),
    };
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
    const records = await this.repository.ofOwner(this.transactions.autocommit, address);
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
    const row = await this.repository.byId(this.transactions.autocommit, escrowId);
    if (!row || (row.status !== 'created' && row.status !== 'pending')) {
      await this.schedules.stop(escrowId);
      return { status: row?.status ?? 'unknown' };
    }
    // The job scheduler ends at monitorUntil: this is the last run when the next would come after it
    // (or a run after the window, for one the worker missed while it was down).
    const lastRun = row.monitorUntil.getTime() - Date.now() < this.config.ESCROW_MONITOR_INTERVAL_MS;
    let result: { status: string };
    if (row.status === 'pending') {
      const status = await this.settlePending(row, lastRun);
      // Once on the ledger it is watched like any created escrow, from this run on.
      result = status === 'created' ? await this.monitorOpen({ ...row, status }, lastRun) : { status };
    } else {
      result = await this.monitorOpen(row, lastRun);
    }
    await this.repository.recordMonitorCheck(this.transactions.autocommit, row.id);
    return result;
  }

  /**
   * A pending row: its EscrowCreate was signed and stored, and maybe submitted, by a call that did
   * not finish (or not yet). The ledger says whether it made it (escrow-pending.ts): created, failed
   * (with the reason), or not yet known; still not known when the window ends, it becomes unknown.
   */
  private async settlePending(
    row: EscrowRecord,
    lastRun: boolean,
  ): Promise<'created' | 'failed' | 'pending' | 'unknown'> {
    const lookup = await this.ledger.lookup(row.createHash);
    const settled = lookup.found && lookup.validated;
    const [onLedger, validated, completeLedgers] = settled
      ? [false, { index: 0 }, []]
      : await Promise.all([this.createdOnLedger(row), this.ledger.validatedLedger(), this.ledger.completeLedgers()]);
    const outcome = pendingOutcome({
      lookup,
      onLedger,
      validatedLedger: validated.index,
      firstLedger: row.createFirstLedger === null ? null : Number(row.createFirstLedger),
      lastLedger: row.createLastLedger === null ? null : Number(row.createLastLedger),
      completeLedgers,
    });
    if (outcome.kind === 'created') {
      await this.repository.markCreated(this.transactions.autocommit, row.id);
      this.logger.log(`escrow ${row.id} pending -> created: ${row.owner}#${row.sequence} (${row.createHash})`);
      return 'created';
    }
    if (outcome.kind === 'failed') {
      if (await this.repository.markFailed(this.transactions.autocommit, row.id, outcome.reason)) {
        this.logger.warn(`escrow ${row.id} pending -> failed: ${outcome.reason}`);
      }
      await this.schedules.stop(row.id);
      return 'failed';
    }
    if (!lastRun) return 'pending';
    this.logger.warn(`escrow ${row.id} still pending when monitoring ends, recorded as unknown: ${outcome.reason}`);
    await this.repository.markUnknown(this.transactions.autocommit, row.id, outcome.reason);
    await this.schedules.stop(row.id);
    return 'unknown';
  }

  /** Whether the owner's objects hold the escrow this row's EscrowCreate made (a server without its tx still shows it). */
  private async createdOnLedger(row: EscrowRecord): Promise<boolean> {
    try {
      return (await this.escrowObjects(row.owner)).some((o) => o.PreviousTxnID === row.createHash);
    } catch (error) {
      if (error instanceof LedgerRejection && error.code === 'actNotFound') return false;
      throw error;
    }
  }

  private async monitorOpen(row: EscrowRecord, lastRun: boolean): Promise<{ status: string }> {
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
    await this.repository.markUnknown(this.transactions.autocommit, row.id, outcome.reason);
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
      (await this.repository.byLedgerId(this.transactions.autocommit, owner, sequence));
    return {
      hash: submitted.hash,
      result: submitted.result,
      ledgerIndex: submitted.ledgerIndex,
      escrow: row && row.userId === userId && isListed(row) ? escrowView(row) : null,
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

  private async ledgerNow(): Promise<{ index: number; closeTime: number }> {
    try {
      return await this.ledger.validatedLedger();
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
      throw this.refused(operation, error);
    }
  }

  /** The API error for a failed ledger call, logged with its code or class name only (nothing that could carry a seed). */
  private refused(operation: LedgerOperation, error: unknown): AppError {
    if (error instanceof AppError) return error;
    this.logger.warn(`${operation} refused: ${error instanceof LedgerRejection ? error.code : (error as Error).name}`);
    return ledgerError(operation, error);
  }
}
