import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const script = resolve(__dirname, '../../../tools/fake-coinbase/server.mjs');

export interface FakeCharge {
  id: string;
  code: string;
  timeline: { status: string }[];
  metadata: Record<string, unknown>;
  pricing: { local?: { amount: string; currency: string } };
}

/** The fake Coinbase Commerce API (a test double, tools/fake-coinbase) in a child process on a free port. */
export class FakeCoinbaseProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static start(options: { webhookSecret: string; apiKey: string; webhookUrl?: string }): Promise<FakeCoinbaseProcess> {
    const args = ['--port', '0', '--webhook-secret', options.webhookSecret, '--api-key', options.apiKey];
    if (options.webhookUrl) args.push('--webhook-url', options.webhookUrl);
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    return new Promise((resolvePromise, reject) => {
      let output = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = output.match(/listening on (http:\/\/[\d.]+:\d+)/);
        if (match) resolvePromise(new FakeCoinbaseProcess(child, match[1]!));
      });
      child.once('exit', (code) => reject(new Error(`fake Coinbase exited with ${code}: ${output}`)));
    });
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

  stop(): Promise<void> {
    return new Promise((done) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return done();
      this.child.removeAllListeners('exit');
      this.child.once('exit', () => done());
      this.child.kill('SIGTERM');
    });
  }
}
