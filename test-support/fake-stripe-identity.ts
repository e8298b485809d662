import { FakeStripeProcess } from './fake-stripe-process';

export type { FakeStripeRequest, FakeWebhookDelivery } from './fake-stripe-process';

/** A VerificationSession as the fake's controls show it (verified_outputs expanded). */
export interface FakeVerificationSession {
  id: string;
  object: 'identity.verification_session';
  type: 'document' | 'id_number';
  status: 'requires_input' | 'processing' | 'verified' | 'canceled';
  client_reference_id: string | null;
  metadata: Record<string, string>;
  options: Record<string, unknown>;
  last_error: { code: string; reason: string } | null;
  last_verification_report: string | null;
  url: string | null;
  verified_outputs: {
    first_name: string;
    last_name: string;
    dob: { day: number; month: number; year: number };
    email: string | null;
    id_number_type: string | null;
  } | null;
}

export interface FakeIdentityCompletion {
  session: FakeVerificationSession;
  /** The events delivered, in order: processing (unless the check was already pending), then the outcome. */
  events: string[];
  /** Each event's webhook answer (null: not delivered). */
  webhookStatuses: (number | null)[];
}

/**
 * The fake Stripe API (a test double, tools/fake-stripe) in a child process on a free port, for the
 * services that use Stripe Identity: Identity's events go to their own endpoint with their own secret.
 */
export class FakeStripeIdentityProcess extends FakeStripeProcess {
  /**
   * `webhookUrl`/`webhookSecret`: identity's endpoint (or later, with useWebhook); `delayMs`: how long a
   * check submitted on the hosted page takes (the fake's default 1500 ms).
   */
  static async start(
    options: { webhookUrl?: string; webhookSecret?: string; delayMs?: number; args?: string[] } = {},
  ): Promise<FakeStripeIdentityProcess> {
    const args = [...(options.args ?? [])];
    if (options.webhookUrl) args.push('--identity-webhook-url', options.webhookUrl);
    if (options.webhookSecret) args.push('--identity-webhook-secret', options.webhookSecret);
    if (options.delayMs !== undefined) args.push('--identity-delay-ms', String(options.delayMs));
    const { child, url } = await FakeStripeProcess.launch('fake-stripe', args);
    return new FakeStripeIdentityProcess(child, url);
  }

  /** Settings that point a service's Stripe SDK here. */
  env(): Record<string, string> {
    return { STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(this.port), STRIPE_API_PROTOCOL: 'http' };
  }

  /** Sends Identity's events to this endpoint, signed with this secret, from now on. */
  async useWebhook(url: string, secret: string): Promise<void> {
    await this.post('/__fake/identity/webhook_endpoint', { url, secret });
  }

  /**
   * What the user and the provider would do: the session is submitted (processing, delivered), then
   * checked at once: verified, or failed with a Stripe last_error code the session's checks can give.
   */
  complete(
    sessionId: string,
    outcome: 'verified' | 'failed',
    options: { code?: string; firstName?: string; lastName?: string } = {},
  ): Promise<FakeIdentityCompletion> {
    return this.post(`/__fake/identity/verification_sessions/${sessionId}/complete`, {
      outcome,
      ...(options.code ? { code: options.code } : {}),
      ...(options.firstName ? { first_name: options.firstName } : {}),
      ...(options.lastName ? { last_name: options.lastName } : {}),
    });
  }

  /** Every verification session the fake holds. */
  async sessions(): Promise<FakeVerificationSession[]> {
    return (await this.get<{ data: FakeVerificationSession[] }>('/__fake/identity/verification_sessions')).data;
  }
}
