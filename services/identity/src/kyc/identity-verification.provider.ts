import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, kycMessages, kycSessionStatuses, type KycSessionStatus } from '@app/contracts';
import { APP_CONFIG, AppError, STRIPE_CLIENT } from '@app/platform';
import Stripe from 'stripe';
import type { IdentityConfig } from '../config';

/** A verification session as the platform needs it from the provider. */
export interface ProviderSession {
  id: string;
  status: KycSessionStatus;
  /** The hosted page the user completes the check on (only while it waits for input). */
  url: string | null;
  lastError: { code: string | null; reason: string } | null;
  /** The name on the verified document (only once verified). */
  verifiedName: string | null;
  /** Each check of the latest report and its outcome (verified or unverified). */
  checks: Record<string, string>;
}

export interface NewProviderSession {
  userId: string;
  email: string;
  returnUrl: string;
}

/** The port to the identity verification provider; Stripe Identity is the one we run. */
export abstract class IdentityVerificationProvider {
  abstract create(input: NewProviderSession, idempotencyKey: string): Promise<ProviderSession>;
  /** The session with its verified outputs and latest report. */
  abstract retrieve(id: string): Promise<ProviderSession>;
  /** Cancels a session still waiting for input; false when it has moved on and cannot be. */
  abstract cancel(id: string): Promise<boolean>;
}

const statusOf = (status: string): KycSessionStatus =>
  (kycSessionStatuses as readonly string[]).includes(status) ? (status as KycSessionStatus) : 'requires_input';

/** The outcome of each check in a Stripe Identity report. */
export function checksOf(report: Stripe.Identity.VerificationReport | null): Record<string, string> {
  if (!report) return {};
  const checks: Record<string, string> = {};
  if (report.document?.status) checks.document = report.document.status;
  if (report.selfie?.status) checks.selfie = report.selfie.status;
  if (report.id_number?.status) checks.id_number = report.id_number.status;
  return checks;
}

/** A Stripe Identity VerificationSession (expanded or not) in the provider-neutral shape. */
export function providerSessionOf(session: Stripe.Identity.VerificationSession): ProviderSession {
  const outputs = session.verified_outputs;
  const name = outputs ? [outputs.first_name, outputs.last_name].filter(Boolean).join(' ').trim() : '';
  const report =
    session.last_verification_report && typeof session.last_verification_report === 'object'
      ? session.last_verification_report
      : null;
  return {
    id: session.id,
    status: statusOf(session.status),
    url: session.url ?? null,
    lastError: session.last_error
      ? {
          code: session.last_error.code ?? null,
          reason: session.last_error.reason ?? 'The provider could not verify the document.',
        }
      : null,
    verifiedName: name || null,
    checks: checksOf(report),
  };
}

/** Stripe Identity through the stripe SDK (STRIPE_API_* point it at the local fake in tests). */
@Injectable()
export class StripeIdentityProvider extends IdentityVerificationProvider {
  private readonly logger = new Logger(StripeIdentityProvider.name);

  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe,
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
  ) {
    super();
  }

  async create(input: NewProviderSession, idempotencyKey: string): Promise<ProviderSession> {
    const session = await this.call(() =>
      this.stripe.identity.verificationSessions.create(
        {
          type: 'document',
          options: {
            document: {
              allowed_types: ['driving_license', 'passport', 'id_card'],
              require_matching_selfie: this.config.KYC_REQUIRE_MATCHING_SELFIE,
            },
          },
          client_reference_id: input.userId,
          metadata: { user_id: input.userId },
          provided_details: { email: input.email },
          return_url: input.returnUrl,
        },
        { idempotencyKey },
      ),
    );
    return providerSessionOf(session);
  }

  async retrieve(id: string): Promise<ProviderSession> {
    const session = await this.call(() =>
      this.stripe.identity.verificationSessions.retrieve(id, {
        expand: ['verified_outputs', 'last_verification_report'],
      }),
    );
    return providerSessionOf(session);
  }

  async cancel(id: string): Promise<boolean> {
    try {
      await this.stripe.identity.verificationSessions.cancel(id);
      return true;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        // Already cancelled, or it moved on (processing, verified): the caller reads its state.
        return (await this.retrieve(id)).status === 'canceled';
      }
      throw this.unavailable(error);
    }
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  private unavailable(error: unknown): AppError {
    this.logger.error(`Stripe Identity call failed: ${error instanceof Error ? error.message : String(error)}`);
    return new AppError(ErrorCode.ServiceUnavailable, kycMessages.providerUnavailable);
  }
}
