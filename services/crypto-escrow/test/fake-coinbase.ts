import { FakeServerProcess } from '../../../test-support/fake-server';

export interface FakeCharge {
  id: string;
  code: string;
  timeline: { status: string; context?: string }[];
  metadata: Record<string, unknown>;
  pricing: { local?: { amount: string; currency: string } };
}

/** The fake Coinbase Commerce API (a test double, tools/fake-coinbase) in a child process on a free port. */
export class FakeCoinbaseProcess extends FakeServerProcess {
  static async start(options: {
    webhookSecret: string;
    apiKey: string;
    webhookUrl?: string;
  }): Promise<FakeCoinbaseProcess> {
    const args = ['--webhook-secret', options.webhookSecret, '--api-key', options.apiKey];
    if (options.webhookUrl) args.push('--webhook-url', options.webhookUrl);
    const { child, url } = await FakeServerProcess.launch('fake-coinbase', args);
    return new FakeCoinbaseProcess(child, url);
  }

  async requests(): Promise<{ method: string; path: string; body: Record<string, unknown> }[]> {
    return ((await (await fetch(`${this.url}/__fake/requests`)).json()) as { data: never[] }).data;
  }

  /**
   * Moves a charge to a status (UNRESOLVED with a context: DELAYED is a payment after expiry). The
   * fake records the event Commerce would send; with webhookUrl it posts it there signed and the
   * answer carries the webhook's HTTP status; with deliver false nothing is posted.
   */
  async resolve(
    chargeId: string,
    body: { status: string; context?: string; cryptoCurrency?: string; deliver?: boolean; webhookUrl?: string },
  ): Promise<{ data: FakeCharge; event: { id: string; type: string }; webhookStatus: number | null }> {
    const response = await fetch(`${this.url}/__fake/charges/${chargeId}/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`fake Coinbase resolve failed: ${response.status}`);
    return (await response.json()) as {
      data: FakeCharge;
      event: { id: string; type: string };
      webhookStatus: number | null;
    };
  }

  /** The events recorded for a charge, oldest first, each with the charge as it was then. */
  async events(chargeId: string): Promise<{ id: string; type: string; data: FakeCharge; attempts: number }[]> {
    const response = await fetch(`${this.url}/__fake/events?charge=${encodeURIComponent(chargeId)}`);
    return ((await response.json()) as { data: never[] }).data;
  }

  /** Delivers a recorded event (again), signed, unchanged: Commerce's retries, late and in any order. */
  async deliver(eventId: string, webhookUrl: string): Promise<number> {
    const response = await fetch(`${this.url}/__fake/events/${eventId}/deliver`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ webhookUrl }),
    });
    if (!response.ok) throw new Error(`fake Coinbase deliver failed: ${response.status}`);
    return ((await response.json()) as { webhookStatus: number }).webhookStatus;
  }

  async outage(on: boolean): Promise<void> {
    await fetch(`${this.url}/__fake/outage`, { method: 'POST', body: JSON.stringify({ on }) });
  }
}
