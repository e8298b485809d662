import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * A test double from tools/ (fake Stripe, Coinbase, rippled) in a child process on a free port:
 * started with `--port 0`, ready once it prints "listening on <url>" on stderr.
 */
export abstract class FakeServerProcess {
  protected constructor(
    private readonly child: ChildProcess,
    /** Where it listens, as it printed it: http://127.0.0.1:port, or ws:// for the fake rippled. */
    readonly url: string,
  ) {}

  /** Starts `tools/<tool>/server.mjs` and resolves with the child and its URL. */
  protected static launch(tool: string, args: string[] = []): Promise<{ child: ChildProcess; url: string }> {
    const script = resolve(__dirname, `../tools/${tool}/server.mjs`);
    const child = spawn(process.execPath, [script, '--port', '0', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    return new Promise((resolvePromise, reject) => {
      let output = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = output.match(/listening on ((?:http|ws):\/\/[\d.]+:\d+)/);
        if (match) resolvePromise({ child, url: match[1]! });
      });
      child.once('exit', (code) => reject(new Error(`${tool} exited with ${code}: ${output}`)));
    });
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
