import { Inject, Injectable, Logger } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  ErrorCode,
  normalizedKybNumber,
  type affiliateVisitorApplicationSchema,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '@app/contracts';
import {
  APP_CONFIG,
  AppError,
  isUniqueViolation,
  MailService,
  OutboxService,
  TransactionRunner,
  type AuthUser,
  type Transaction,
} from '@app/platform';
import type { z } from 'zod';
import type { IdentityConfig } from '../config';
import {
  accountLockedMail,
  passwordResetMail,
  registrationAttemptMail,
  verificationMail,
} from '../mail/mail-templates';
import { SessionsService } from '../sessions/sessions.service';
import { OneTimeTokensRepository, type ConsumeResult } from '../tokens/one-time-tokens.repository';
import { hashToken } from '../tokens/secret-token.util';
import type { User } from '../users/user.entity';
import { UsersRepository, type NewUser } from '../users/users.repository';
import { PasswordHasher } from './password.util';
import { RetryLaterError } from './retry-later.error';
import { SignInThrottle, signInThrottle, type ThrottleVerdict } from './sign-in-throttle';

export const messages = {
  registered: 'Registration successful. Please check your email for verification instructions.',
  affiliateApplied:
    'Application submitted. Please check your email to verify your address, then sign in to your affiliate dashboard.',
  invalidCredentials: 'Invalid email or password. Please try again.',
  verified: 'Email verified successfully. You can now sign in.',
  linkUnknown: 'This verification link is invalid. Please request a new verification email.',
  linkUsed: 'This verification link has already been used. Please sign in.',
  linkExpired: 'This verification link has expired. Please request a new verification email.',
  alreadyVerified: 'Your email address is already verified.',
  verificationSent: 'Verification email sent. Please check your inbox.',
  resetRequested: 'If an account exists for that email, a password reset link has been sent.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordReset: 'Your password has been reset. You can now sign in.',
  signedOut: 'Please sign in to continue.',
  signedOutNow: 'You have been signed out.',
  resetUnavailable: 'Your password could not be reset right now. Please try again.',
  signInDelayed: (seconds: number) =>
    `Too many failed sign-in attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  accountLocked: (minutes: number) =>
    `This account is temporarily locked after too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`,
} as const;

export type AffiliateVisitorApplicationInput = z.output<typeof affiliateVisitorApplicationSchema>;

/** Which form tried to open an account with a taken address (the owner's notice names it). */
type RegistrationAttempt = Parameters<typeof registrationAttemptMail>[3];

/**
 * The business's registration numbers (issue 39): identity keeps none of them, it hands them to the
 * profile (which owns the business details) in UserRegistered.
 */
type BusinessNumbers = { nzbn: string; businessNumber: string; taxNumber: string; gstRegistered: boolean };
const noBusinessNumbers: BusinessNumbers = { nzbn: '', businessNumber: '', taxNumber: '', gstRegistered: false };

/** What a new account is made of: the stored fields (no hash yet), the password to hash, the numbers to pass on. */
type NewAccount = Omit<NewUser, 'username' | 'passwordHash'> & { password: string; businessNumbers?: BusinessNumbers };

const verificationFailure: Record<Exclude<ConsumeResult, { ok: true }>['reason'], string> = {
  unknown: messages.linkUnknown,
  used: messages.linkUsed,
  expired: messages.linkExpired,
};

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);
  private readonly passwords: PasswordHasher;

  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    private readonly users: UsersRepository,
    private readonly oneTimeTokens: OneTimeTokensRepository,
    private readonly sessions: SessionsService,
    private readonly throttle: SignInThrottle,
    private readonly transactions: TransactionRunner,
    private readonly outbox: OutboxService,
    private readonly mail: MailService,
  ) {
    this.passwords = new PasswordHasher({
      memoryKib: config.PASSWORD_HASH_MEMORY_KIB,
      passes: config.PASSWORD_HASH_PASSES,
    });
  }

  /**
   * A new address gets its account; a taken one (in any case) gets nothing created and its owner a
   * notice. The caller answers both the same, so registration does not tell who has an account.
   */
  async register(input: RegisterRequest, requestId?: string): Promise<void> {
    await this.createAccount(
      {
        email: input.email,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        businessName: input.businessName,
        businessType: input.businessType,
        industryType: input.industryType,
        country: input.country,
        businessAddress: input.businessAddress,
        position: input.position,
        expectedVolume: input.expectedVolume,
        businessPurpose: input.businessPurpose,
        marketingConsent: input.marketingConsent,
        policiesAcceptedAt: new Date(),
        referralCode: input.referralCode || null,
        businessNumbers: {
          nzbn: normalizedKybNumber(input.nzbn) ?? '',
          businessNumber: normalizedKybNumber(input.businessNumber) ?? '',
          taxNumber: normalizedKybNumber(input.taxNumber) ?? '',
          gstRegistered: input.gstRegistered,
        },
      },
      'registration',
      requestId,
    );
  }

  /**
   * Spec 6, a visitor applies as affiliate: one submission makes the account (verification mail as
   * for a registration) and the application. Both are in one transaction: the user row, its
   * UserRegistered and an AffiliateApplicationSubmitted (same key, so it follows it) that the
   * affiliate service turns into the pending profile linked to the new user id. A taken e-mail
   * creates nothing and is answered the same (its owner is mailed, as for a registration).
   */
  async registerAffiliateApplicant(input: AffiliateVisitorApplicationInput, requestId?: string): Promise<void> {
    const [firstName = '', ...rest] = input.contactName.trim().split(/\s+/);
    await this.createAccount(
      {
        email: input.contactEmail,
        password: input.password,
        firstName,
        lastName: rest.join(' '),
        phone: input.phoneNumber,
        businessName: input.companyName,
        businessType: input.businessType,
        industryType: '',
        country: '',
        businessAddress: '',
        position: '',
        expectedVolume: '',
        businessPurpose: input.businessDescription,
        marketingConsent: false,
        policiesAcceptedAt: null,
        referralCode: null,
      },
      'affiliateApplication',
      requestId,
      async (manager, user) => {
        await this.outbox.publish(
          manager,
          'AffiliateApplicationSubmitted',
          user.id,
          {
            userId: user.id,
            email: user.email,
            companyName: input.companyName,
            website: input.website ?? '',
            businessType: input.businessType,
            contactName: input.contactName,
            phoneNumber: input.phoneNumber,
            businessDescription: input.businessDescription,
            marketingExperience: input.marketingExperience,
            expectedReferrals: input.expectedReferrals,
            additionalInfo: input.additionalInfo ?? '',
            submittedAt: timestampFromDate(user.createdAt),
          },
          requestId,
        );
      },
    );
  }

  /**
   * Creates the account, its verification token and UserRegistered (then `alsoInTransaction`'s
   * writes) in one transaction, and queues the verification mail. A taken e-mail (found first, or
   * taken by a concurrent registration) creates nothing: its owner is mailed instead. Registered or
   * not, an address gets the same answer in about the same time: the password is hashed either way
   * and either way one mail is queued.
   */
  private async createAccount(
    account: NewAccount,
    attempt: RegistrationAttempt,
    requestId: string | undefined,
    alsoInTransaction?: (manager: Transaction, user: User) => Promise<void>,
  ): Promise<void> {
    const email = account.email.toLowerCase();
    const { password, businessNumbers = noBusinessNumbers, ...fields } = account;
    const passwordHash = await this.passwords.hash(password);
    const owner = await this.users.findByEmail(email);
    if (owner) return this.mailRegistrationAttempt(owner, attempt);
    try {
      const { user, token } = await this.transactions.run(async (manager) => {
        const user = await this.users.create(manager, { ...fields, username: email, email, passwordHash });
        const token = await this.oneTimeTokens.issue(manager, user.id, 'verify_email');
        await this.outbox.publish(
          manager,
          'UserRegistered',
          user.id,
          {
            userId: user.id,
            email,
            firstName: user.firstName,
            lastName: user.lastName,
            phone: user.phone,
            businessName: user.businessName,
            businessType: user.businessType,
            industryType: user.industryType,
            country: user.country,
            businessAddress: user.businessAddress,
            position: user.position,
            expectedVolume: user.expectedVolume,
            businessPurpose: user.businessPurpose,
            marketingConsent: user.marketingConsent,
            referralCode: user.referralCode ?? '',
            registeredAt: timestampFromDate(user.createdAt),
            ...businessNumbers,
          },
          requestId,
        );
        if (alsoInTransaction) await alsoInTransaction(manager, user);
        return { user, token };
      });
      await this.sendVerificationMail(user, token);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.users.findByEmail(email);
      if (winner) await this.mailRegistrationAttempt(winner, attempt);
    }
  }

  /**
   * The owner's notice that someone tried to open an account with their address. At most one an
   * hour per account (the job id repeats within the hour and the queue keeps finished jobs), so
   * repeated attempts cannot flood the mailbox; a queue that is down loses the notice, not the answer.
   */
  private async mailRegistrationAttempt(owner: User, attempt: RegistrationAttempt): Promise<void> {
    const hour = Math.floor(Date.now() / 3_600_000);
    await this.mail.send(
      `register-attempt-${owner.id}-${hour}`,
      registrationAttemptMail(owner.email, owner.firstName, this.config.PUBLIC_URL, attempt),
    );
  }

  /**
   * Checks the password, under the per-account throttle (`sign-in-throttle.ts`): while the account
   * waits or is locked the password is not even checked. Registered or not, an address gets the
   * same answers in the same time; only a registered owner is e-mailed when the lock starts.
   */
  async login(email: string, password: string): Promise<User> {
    const account = email.toLowerCase();
    const verdict = await this.throttle.attempt(account);
    if (verdict.state !== 'proceed') throw this.throttled(account, verdict);
    const user = await this.users.findByEmail(account);
    if (!(await this.passwords.verify(user?.passwordHash, password)) || !user) {
      const after = await this.throttle.fail(account);
      if (after.state === 'locked') throw this.throttled(account, after);
      throw new AppError(ErrorCode.InvalidCredentials, messages.invalidCredentials);
    }
    await this.throttle.clear(account);
    return user;
  }

  /** The signed-in user as stored now (the token's claims may be older). */
  async currentUser(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError(ErrorCode.Unauthenticated, messages.signedOut);
    return user;
  }

  async verifyEmail(token: string, requestId?: string): Promise<void> {
    const result = await this.transactions.run(async (manager) => {
      const consumed = await this.oneTimeTokens.consume(manager, token, 'verify_email');
      if (!consumed.ok) return consumed;
      const user = await this.users.lockById(manager, consumed.token.userId);
      if (user && !user.emailVerified) {
        await this.users.markEmailVerified(manager, user.id);
        await this.outbox.publish(
          manager,
          'UserVerified',
          user.id,
          { userId: user.id, email: user.email, verifiedAt: timestampFromDate(new Date()) },
          requestId,
        );
      }
      return consumed;
    });
    if (!result.ok) throw new AppError(ErrorCode.InvalidToken, verificationFailure[result.reason]);
  }

  async resendVerification(auth: AuthUser): Promise<void> {
    const user = await this.currentUser(auth.id);
    if (user.emailVerified) throw new AppError(ErrorCode.AlreadyVerified, messages.alreadyVerified);
    const token = await this.transactions.run((manager) => this.oneTimeTokens.issue(manager, user.id, 'verify_email'));
    if (!(await this.sendVerificationMail(user, token))) {
      throw new AppError(ErrorCode.ServiceUnavailable, 'Email could not be sent right now. Please try again later.');
    }
  }

  async forgotPassword(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const token = await this.transactions.run((manager) =>
      this.oneTimeTokens.issue(manager, user.id, 'reset_password'),
    );
    await this.mail.send(
      `reset-${user.id}-${hashToken(token).slice(0, 16)}`,
      passwordResetMail(user.email, user.firstName, this.config.PUBLIC_URL, token),
    );
  }

  /**
   * Sets the new password and ends every session of the account, access tokens included; the
   * owner proved control of the mailbox, so a sign-in lock ends too.
   */
  async resetPassword(input: ResetPasswordRequest): Promise<void> {
    const passwordHash = await this.passwords.hash(input.password);
    const userId = await this.transactions.run(async (manager) => {
      const consumed = await this.oneTimeTokens.consume(manager, input.token, 'reset_password');
      if (!consumed.ok) return null;
      await this.users.setPasswordHash(manager, consumed.token.userId, passwordHash);
      await this.sessions.endAllOfUser(manager, consumed.token.userId, messages.resetUnavailable);
      return consumed.token.userId;
    });
    if (!userId) throw new AppError(ErrorCode.InvalidToken, messages.resetLinkInvalid);
    const user = await this.users.findById(userId);
    if (user) await this.throttle.clear(user.email);
  }

  /** The refusal for a waiting or locked account; the attempt that started a lock also mails the owner. */
  private throttled(account: string, verdict: ThrottleVerdict): RetryLaterError {
    if (verdict.state === 'locked') {
      if (verdict.lockedNow) void this.mailLockNotice(account, verdict.retryAfterMs);
      const minutes = Math.max(1, Math.ceil(verdict.retryAfterMs / 60_000));
      return new RetryLaterError(messages.accountLocked(minutes), Math.ceil(verdict.retryAfterMs / 1000));
    }
    const seconds = verdict.state === 'delayed' ? Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)) : 1;
    return new RetryLaterError(messages.signInDelayed(seconds), seconds);
  }

  /** Not awaited by the sign-in: the answer must not take longer for a registered address. */
  private async mailLockNotice(account: string, lockedForMs: number): Promise<void> {
    try {
      const user = await this.users.findByEmail(account);
      if (!user) return;
      const until = Date.now() + lockedForMs;
      await this.mail.send(
        `locked-${user.id}-${until}`,
        accountLockedMail(
          user.email,
          user.firstName,
          this.config.PUBLIC_URL,
          Math.round(signInThrottle.lockMs / 60_000),
          signInThrottle.lockAfterFailures,
        ),
      );
    } catch (error) {
      this.logger.error(`lock notice not queued: ${(error as Error).message}`);
    }
  }

  private sendVerificationMail(user: User, token: string): Promise<boolean> {
    return this.mail.send(
      `verify-${user.id}-${hashToken(token).slice(0, 16)}`,
      verificationMail(user.email, user.firstName, this.config.PUBLIC_URL, token),
    );
  }
}
