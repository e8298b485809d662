import { FakeServerProcess } from '../../../test-support/fake-server';

export interface FakeLedgerView {
  ledger_index: number;
  close_time: number;
  accounts: { address: string; balanceXrp: string; sequence: number; ownerCount: number }[];
  escrows: Record<string, unknown>[];
  held: number;
}

/** The fake rippled (a test double, tools/fake-rippled) in a child process on a free port. */
export class FakeRippledProcess extends FakeServerProcess {
  static async start(extraArgs: string[] = []): Promise<FakeRippledProcess> {
    const { child, url } = await FakeServerProcess.launch('fake-rippled', extraArgs);
    return new FakeRippledProcess(child, url);
  }

  private get http(): string {
    return this.url.replace(/^ws/, 'http');
  }

  private async post<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(`${this.http}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`fake rippled ${path} failed: ${response.status}`);
    return (await response.json()) as T;
  }

  /** Credits an account (creating it on the fake ledger). */
  fund(address: string, xrp = 1000): Promise<{ address: string; balanceXrp: string }> {
    return this.post('/__fake/fund', { address, xrp });
  }

  /** Moves the ledger clock forward (FinishAfter / CancelAfter pass) and closes a ledger (or `ledgers`). */
  advance(seconds: number, ledgers = 1): Promise<FakeLedgerView> {
    return this.post('/__fake/advance', { seconds, ledgers });
  }

  /** While on, submitted transactions are answered terQUEUED and held out of every ledger. */
  hold(on: boolean): Promise<{ hold: boolean; held: number }> {
    return this.post('/__fake/hold', { on });
  }

  /** The held transactions: applied now, or dropped as if they never got in. */
  releaseHeld(action: 'apply' | 'drop') {
    return this.post<{ applied?: { hash: string; engine_result: string }[]; dropped?: number }>('/__fake/held', {
      action,
    });
  }

  /** Finishes or cancels an escrow behind the service's back (history false: no trace in account_tx). */
  closeEscrow(body: { owner: string; sequence: number; type?: 'EscrowFinish' | 'EscrowCancel'; history?: boolean }) {
    return this.post<{ hash: string | null }>('/__fake/escrows/close', body);
  }

  async view(): Promise<FakeLedgerView> {
    return (await (await fetch(`${this.http}/__fake/ledger`)).json()) as FakeLedgerView;
  }
}
