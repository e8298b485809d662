import { Inject, Injectable } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ErrorCode, type RegisterRequest, type ResetPasswordRequest } from '@app/contracts';
import {
  APP_CONFIG,
  AppError,
  isUniqueViolation,
  MailService,
  OutboxService,
  TransactionRunner,
  type AuthUser,
} from '@app/platform';
import type { IdentityConfig } from '../config';
import { passwordResetMail, verificationMail } from '../mail/mail-templates';
import { OneTimeTokensRepository, type ConsumeResult } from '../tokens/one-time-tokens.repository';
import { RefreshTokensRepository } from '../sessions/refresh-tokens.repository';
import type { User } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { hashPassword, verifyPassword } from './password.util';

export const messages = {
  registered: 'Registration successful. Please check your email for verification instructions.',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
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
} as const;

const verificationFailure: Record<Exclude<ConsumeResult, { ok: true }>['reason'], string> = {
  unknown: messages.linkUnknown,
  used: messages.linkUsed,
  expired: messages.linkExpired,
};

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    private readonly users: UsersRepository,
    private readonly oneTimeTokens: OneTimeTokensRepository,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly transactions: TransactionRunner,
    private readonly outbox: OutboxService,
    private readonly mail: MailService,
  ) {}

  async register(input: RegisterRequest, requestId?: string): Promise<{ userId: string }> {
    const email = input.email.toLowerCase();
    if (await this.users.findByEmail(email)) throw new AppError(ErrorCode.EmailTaken, messages.emailTaken);
    const passwordHash = await hashPassword(input.password);
    try {
      const { user, token } = await this.transactions.run(async (manager) => {
        const user = await this.users.create(manager, {
          username: email,
          email,
          passwordHash,
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
        });
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
          },
          requestId,
        );
        return { user, token };
      });
      await this.sendVerificationMail(user, token);
      return { userId: user.id };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.EmailTaken, messages.emailTaken);
      throw error;
    }
  }

  async login(email: string, password: string): Promise<User> {
    const user = await this.users.findByEmail(email);
    if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
      throw new AppError(ErrorCode.InvalidCredentials, messages.invalidCredentials);
    }
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
      `reset-${user.id}-${token.slice(0, 16)}`,
      passwordResetMail(user.email, user.firstName, this.config.PUBLIC_URL, token),
    );
  }

  /** Sets the new password and ends every session of the account. */
  async resetPassword(input: ResetPasswordRequest): Promise<void> {
    const passwordHash = await hashPassword(input.password);
    const done = await this.transactions.run(async (manager) => {
      const consumed = await this.oneTimeTokens.consume(manager, input.token, 'reset_password');
      if (!consumed.ok) return false;
      await this.users.setPasswordHash(manager, consumed.token.userId, passwordHash);
      await this.refreshTokens.revokeAllOfUser(manager, consumed.token.userId);
      return true;
    });
    if (!done) throw new AppError(ErrorCode.InvalidToken, messages.resetLinkInvalid);
  }

  private sendVerificationMail(user: User, token: string): Promise<boolean> {
    return this.mail.send(
      `verify-${user.id}-${token.slice(0, 16)}`,
      verificationMail(user.email, user.firstName, this.config.PUBLIC_URL, token),
    );
  }
}
