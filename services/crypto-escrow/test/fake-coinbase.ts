import { FakeServerProcess } from '../../../test-support/fake-server';

export interface FakeCharge {
  id: string;
  code: string;
  timeline: { status: string }[];
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
   * Moves a charge to a status. With webhookUrl the fake posts the signed event there and the
   * answer carries the webhook's HTTP status; with deliver false nothing is posted.
   */
  async resolve(
    chargeId: string,
    body: { status: string; cryptoCurrency?: string; deliver?: boolean; webhookUrl?: string },
  ): Promise<{ data: FakeCharge; webhookStatus: number | null }> {
    const response = await fetch(`${this.url}/__fake/charges/${chargeId}/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`fake Coinbase resolve failed: ${response.status}`);
    return (await response.json()) as { data: FakeCharge; webhookStatus: number | null };
  }

  async outage(on: boolean): Promise<void> {
    await fetch(`${this.url}/__fake/outage`, { method: 'POST', body: JSON.stringify({ on }) });
  }
}
