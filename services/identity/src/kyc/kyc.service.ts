import { Inject, Injectable, Logger } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  ErrorCode,
  kycMessages,
  kycReturnPath,
  kycStatusOfSession,
  kycWebhookEventTypes,
  normalizedKybNumber,
  type KycAdminVerificationsResponse,
  type KycSessionStatus,
  type KycStatus,
  type KycStatusResponse,
  type StartKycVerificationRequest,
  type StartKycVerificationResponse,
} from '@app/contracts';
import {
  APP_CONFIG,
  AppError,
  MailService,
  OutboxService,
  TransactionRunner,
  type AuthUser,
  type Transaction,
} from '@app/platform';
import type Stripe from 'stripe';
import type { IdentityConfig } from '../config';
import { kycResultMail, kycResultMailId, mailedKycResult } from '../mail/kyc-result-mail';
import type { User } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { IdentityVerificationProvider } from './identity-verification.provider';
import type { KycVerification } from './kyc-verification.entity';
import { KycVerificationsRepository } from './kyc-verifications.repository';
import { toKycAdminVerification, toKycVerification } from './kyc.mapper';

/**
 * What a webhook did: applied, or why it changed nothing (`mismatch`: the provider's session, fetched
 * back by id, is not in the state the event's type claims).
 */
export type KycWebhookOutcome = 'applied' | 'ignored' | 'unknown_session' | 'stale' | 'mismatch';

/** How far a session has got; a late event never moves a session back. */
const progressOf = (status: string, hasError: boolean): number =>
  status === 'verified' || status === 'canceled' ? 3 : status === 'requires_input' ? (hasError ? 2 : 0) : 1;
const isFinal = (status: string) => status === 'verified' || status === 'canceled';

const sessionStatusOfEvent: Record<(typeof kycWebhookEventTypes)[number], KycSessionStatus> = {
  'identity.verification_session.processing': 'processing',
  'identity.verification_session.verified': 'verified',
  'identity.verification_session.requires_input': 'requires_input',
  'identity.verification_session.canceled': 'canceled',
};
const isKycEvent = (type: string): type is (typeof kycWebhookEventTypes)[number] => type in sessionStatusOfEvent;

/** How many verifications the ops list shows. */
const ADMIN_LIST_LIMIT = 500;

/**
 * KYC: starts identity verifications at the provider (Stripe Identity), applies its webhooks to the
 * session and the account's status (users.kyc_status), and publishes KycStatusChanged whenever the
 * account's status moves. Only the user's newest session decides the account's status.
 */
@Injectable()
export class KycService {
  private readonly logger = new Logger(KycService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    private readonly provider: IdentityVerificationProvider,
    private readonly verifications: KycVerificationsRepository,
    private readonly users: UsersRepository,
    private readonly transactions: TransactionRunner,
    private readonly outbox: OutboxService,
    private readonly mail: MailService,
  ) {}

  async status(user: AuthUser): Promise<KycStatusResponse> {
    const account = await this.account(user.id);
    const latest = await this.verifications.latestOf(user.id);
    return { kycStatus: account.kycStatus as KycStatus, verification: latest ? toKycVerification(latest) : null };
  }

  /**
   * Starts (or, after a failed check, restarts) verification: a new provider session whose hosted
   * page the user is sent to. A previous session still waiting for input is cancelled first, so
   * only one can ever be completed. Repeating the request gives the same session.
   */
  async start(
    user: AuthUser,
    request: StartKycVerificationRequest & { returnTo: 'dashboard' | 'settings' },
    requestId?: string,
  ): Promise<StartKycVerificationResponse> {
    const account = await this.account(user.id);
    this.assertCanStart(account.kycStatus);
    const previous = await this.verifications.latestOf(user.id);
    if (previous?.status === 'requires_input' && !(await this.provider.cancel(previous.providerSessionId))) {
      // The provider moved it on (the user submitted meanwhile): its webhook will say how it ended.
      throw new AppError(ErrorCode.Conflict, kycMessages.processing);
    }
    const session = await this.provider.create(
      {
        userId: account.id,
        email: account.email,
        returnUrl: `${this.config.PUBLIC_URL}${kycReturnPath(request.returnTo)}`,
      },
      `kyc-start-${account.id}-${previous?.id ?? 'first'}`,
    );
    if (!session.url) throw new AppError(ErrorCode.ServiceUnavailable, kycMessages.providerUnavailable);
    const business = request.business;
    return this.transactions.run(async (manager) => {
      // Locks in the webhook's order (the session, then the account), so the two never deadlock.
      if (previous?.status === 'requires_input') {
        const stale = await this.verifications.bySession(manager, previous.providerSessionId);
        if (stale && !isFinal(stale.status))
          await this.verifications.save(manager, Object.assign(stale, { status: 'canceled' }));
      }
      const locked = (await this.users.lockById(manager, account.id))!;
      const verification = await this.verifications.insert(manager, {
        userId: account.id,
        providerSessionId: session.id,
        status: session.status,
        businessCountry: business?.country ?? null,
        nzbn: normalizedKybNumber(business?.nzbn),
        businessNumber: normalizedKybNumber(business?.businessNumber),
        taxNumber: normalizedKybNumber(business?.taxNumber),
      });
      const kycStatus = await this.moveAccount(manager, locked, verification, requestId);
      return { url: session.url!, kycStatus, verification: toKycVerification(verification) };
    });
  }

  async adminList(): Promise<KycAdminVerificationsResponse> {
    const rows = await this.verifications.recent(ADMIN_LIST_LIMIT);
    return { verifications: rows.map(toKycAdminVerification) };
  }

  /**
   * Applies a verified Stripe Identity event. A signature proves only who holds the webhook secret, so
   * the event decides nothing by itself: the session is fetched back from the provider by id (with our
   * API key) and only its state, name, checks and error are applied. An event whose type disagrees with
   * the fetched session changes nothing and is logged, except that a session the provider reports
   * finished (verified, cancelled) ends so, as that can never change again. Deliveries come late, twice
   * and out of order, so an event moves its session only forward (by the event's time, then by how far
   * the state has got) and a finished session never changes again.
   */
  async handleWebhook(event: Stripe.Event, requestId?: string): Promise<KycWebhookOutcome> {
    if (!isKycEvent(event.type)) return 'ignored';
    const object = event.data.object as Stripe.Identity.VerificationSession;
    // A signed event without a session id names nothing (never match "any row" by an undefined id).
    if (typeof object?.id !== 'string' || !object.id) return 'ignored';
    if (!(await this.verifications.hasSession(object.id))) {
      this.logger.warn(`Stripe Identity event ${event.id} for a session this platform did not start (${object.id})`);
      return 'unknown_session';
    }
    const claimed = sessionStatusOfEvent[event.type];
    const session = await this.provider.retrieve(object.id);
    const agrees = session.id === object.id && session.status === claimed;
    // The provider's word is final once it says finished: applied even when a late event claims otherwise.
    const finished = session.id === object.id && isFinal(session.status);
    if (!agrees) {
      this.logger.warn(
        `Stripe Identity event ${event.id} (${event.type}) disagrees with the provider's session ${object.id}, ` +
          `which is ${session.status}: ${finished ? "applying the provider's state" : 'nothing changed'}`,
      );
      if (!finished) return 'mismatch';
    }
    const status = session.status;
    const hasError = status === 'requires_input' && session.lastError !== null;
    const at = new Date(event.created * 1000);
    return this.transactions.run(async (manager) => {
      const verification = await this.verifications.bySession(manager, object.id);
      if (!verification) {
        this.logger.warn(`Stripe Identity event ${event.id} for a session this platform did not start (${object.id})`);
        return 'unknown_session';
      }
      // A finished session fetched back is the end whatever the event's time; anything else goes by it.
      if (agrees ? !this.moves(verification, status, hasError, at) : isFinal(verification.status)) return 'stale';
      const storedAt = verification.providerEventAt?.getTime() ?? -Infinity;
      Object.assign(verification, {
        status,
        providerEventAt: agrees || at.getTime() > storedAt ? at : verification.providerEventAt,
        lastErrorCode: hasError ? session.lastError!.code : null,
        lastErrorReason: hasError ? session.lastError!.reason : null,
        checks: session.checks,
        ...(status === 'verified' ? { verifiedName: session.verifiedName, verifiedAt: agrees ? at : new Date() } : {}),
      });
      await this.verifications.save(manager, verification);
      const latest = await this.verifications.latestOf(verification.userId, manager);
      if (latest?.id === verification.id) {
        const account = await this.users.lockById(manager, verification.userId);
        if (account) await this.moveAccount(manager, account, verification, requestId);
      }
      return 'applied';
    });
  }

  private moves(verification: KycVerification, status: string, hasError: boolean, at: Date): boolean {
    if (isFinal(verification.status)) return false;
    const storedAt = verification.providerEventAt?.getTime() ?? -Infinity;
    if (at.getTime() !== storedAt) return at.getTime() > storedAt;
    return progressOf(status, hasError) >= progressOf(verification.status, verification.lastErrorCode !== null);
  }

  /** Sets the account's status from its newest session; publishes KycStatusChanged when it moved. */
  private async moveAccount(
    manager: Transaction,
    account: User,
    verification: KycVerification,
    requestId?: string,
  ): Promise<KycStatus> {
    const previous = account.kycStatus as KycStatus;
    const hasError = verification.status === 'requires_input' && verification.lastErrorReason !== null;
    const next = kycStatusOfSession(verification.status as KycSessionStatus, hasError);
    if (next === previous) return next;
    await this.users.setKycStatus(manager, account.id, next);
    await this.outbox.publish(
      manager,
      'KycStatusChanged',
      account.id,
      {
        userId: account.id,
        status: next,
        previousStatus: previous,
        verificationSessionId: verification.providerSessionId,
        reason: next === 'requires_input' ? (verification.lastErrorReason ?? '').slice(0, 1000) : '',
        changedAt: timestampFromDate(new Date()),
      },
      requestId,
    );
    this.mailResult(manager, account, verification, next);
    return next;
  }

  /** Once the move commits, the member is mailed a result (verified, or needs input with the reason). */
  private mailResult(manager: Transaction, account: User, verification: KycVerification, next: KycStatus): void {
    if (!mailedKycResult(next)) return;
    const reason = next === 'requires_input' ? (verification.lastErrorReason ?? '') : '';
    const mail = kycResultMail(account.email, account.firstName, this.config.PUBLIC_URL, next, reason);
    this.transactions.afterCommit(manager, async () => {
      await this.mail.send(kycResultMailId(verification.providerSessionId, next), mail);
    });
  }

  private assertCanStart(status: string): void {
    if (status === 'verified') throw new AppError(ErrorCode.AlreadyVerified, kycMessages.alreadyVerified);
    if (status === 'processing') throw new AppError(ErrorCode.Conflict, kycMessages.processing);
  }

  private async account(id: string): Promise<User> {
    const account = await this.users.findById(id);
    if (!account) throw new AppError(ErrorCode.NotFound, kycMessages.notFound);
    return account;
  }
}
