import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const script = resolve(__dirname, '../../../tools/fake-stripe/server.mjs');

export interface FakeStripeRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

/** The fake Stripe API (a test double, tools/fake-stripe) in a child process on a free port. */
export class FakeStripeProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static start(extraArgs: string[] = []): Promise<FakeStripeProcess> {
    const child = spawn(process.execPath, [script, '--port', '0', ...extraArgs], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return new Promise((resolvePromise, reject) => {
      let output = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = output.match(/listening on (http:\/\/[\d.]+:\d+)/);
        if (match) resolvePromise(new FakeStripeProcess(child, match[1]));
      });
      child.once('exit', (code) => reject(new Error(`fake Stripe exited with ${code}: ${output}`)));
    });
  }

  get port(): number {
    return Number(new URL(this.url).port);
  }

  /** Settings that point the billing service's Stripe SDK here. */
  env(): Record<string, string> {
    return { STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(this.port), STRIPE_API_PROTOCOL: 'http' };
  }

  async requests(): Promise<FakeStripeRequest[]> {
    return ((await (await fetch(`${this.url}/__fake/requests`)).json()) as { data: FakeStripeRequest[] }).data;
  }

  /** What confirming the card would do: the first invoice is paid; returns the invoice.paid event. */
  async pay(subscriptionId: string): Promise<{ event: { id: string; type: string; data: { object: unknown } } }> {
    const response = await fetch(`${this.url}/__fake/subscriptions/${subscriptionId}/pay`, { method: 'POST' });
    if (!response.ok) throw new Error(`fake Stripe pay failed: ${response.status}`);
    return (await response.json()) as { event: { id: string; type: string; data: { object: unknown } } };
  }

  /** The PaymentIntent behind an invoice (charges name it; Stripe's invoice payments link the two). */
  async paymentIntentOf(invoiceId: string): Promise<string> {
    const response = await fetch(`${this.url}/__fake/invoices/${invoiceId}`);
    return ((await response.json()) as { payment_intent: string }).payment_intent;
  }

  stop(): Promise<void> {
    return new Promise((done) => {
      if (this.child.exitCode !== null) return done();
      this.child.removeAllListeners('exit');
      this.child.once('exit', () => done());
      this.child.kill('SIGTERM');
    });
  }
}
