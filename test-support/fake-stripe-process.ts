import { FakeServerProcess } from './fake-server';

export interface FakeStripeRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey?: string;
}

/** One webhook delivery: the event, where it went (null: no endpoint for it) and the answer's status (null: failed). */
export interface FakeWebhookDelivery {
  event: string;
  type: string;
  url: string | null;
  status: number | null;
  error: string | null;
}

/** The fake Stripe API (tools/fake-stripe) in a child process: the controls every use of it shares. */
export abstract class FakeStripeProcess extends FakeServerProcess {
  get port(): number {
    return Number(new URL(this.url).port);
  }

  /** Every Stripe API call received. */
  async requests(): Promise<FakeStripeRequest[]> {
    return (await this.get<{ data: FakeStripeRequest[] }>('/__fake/requests')).data;
  }

  /** Every webhook delivery, oldest first. */
  async deliveries(): Promise<FakeWebhookDelivery[]> {
    return (await this.get<{ data: FakeWebhookDelivery[] }>('/__fake/deliveries')).data;
  }

  protected async get<T>(path: string): Promise<T> {
    const response = await fetch(`${this.url}${path}`);
    if (!response.ok) throw new Error(`fake Stripe ${path} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  protected async post<T>(path: string, form: Record<string, string>): Promise<T> {
    const response = await fetch(`${this.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    if (!response.ok) throw new Error(`fake Stripe ${path} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
}
