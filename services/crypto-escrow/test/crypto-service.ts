import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../../..');

/**
 * The crypto-escrow API and worker as the launcher runs them: `node dist/src/main.js` and
 * `node dist/src/worker.js`, as `make build` (a step of `make test` and `make test-integration`)
 * left them: nothing is built here. (Jest cannot load xrpl's ESM dependencies on Node 20; node
 * itself can, so the service runs as it does in production.) All output is kept, so tests can read
 * every log line.
 */
export class CryptoServiceProcesses {
  readonly output: string[] = [];
  private readonly children: ChildProcess[] = [];
  private env: NodeJS.ProcessEnv = {};
  private api: ChildProcess | undefined;
  url = '';

  /** A clear failure when the service was never built (tsc -b writes its buildinfo last). */
  static checkBuilt(): void {
    if (!existsSync(resolve(root, 'services/crypto-escrow/dist/.tsbuildinfo'))) {
      throw new Error('services/crypto-escrow is not built: run make build (make test-integration does)');
    }
  }

  /**
   * Starts the API (and the worker unless worker is false; startWorker() adds it later) with these
   * settings on top of the test env.
   */
  static async start(env: Record<string, string>, options: { worker?: boolean } = {}): Promise<CryptoServiceProcesses> {
    CryptoServiceProcesses.checkBuilt();
    const processes = new CryptoServiceProcesses();
    processes.env = { ...process.env, LOG_LEVEL: 'debug', ...env };
    await processes.startApi();
    if (options.worker !== false) await processes.startWorker();
    return processes;
  }

  /** The API (again, after killApi), on a new port: url changes. */
  async startApi(): Promise<void> {
    const before = this.text().length;
    this.api = this.spawn('dist/src/main.js', { ...this.env, SERVICE_NAME: 'crypto-escrow', PORT: '0' });
    const url = await this.waitFor(this.api, /listening on (http:\/\/[^\s"]+)/, 60_000, before);
    this.url = url.replace('[::1]', '127.0.0.1');
  }

  /** Kills the API at once (SIGKILL), as a crash would: whatever it was doing stops where it was. */
  killApi(): Promise<void> {
    const api = this.api;
    if (!api || api.exitCode !== null || api.signalCode !== null) return Promise.resolve();
    api.removeAllListeners('exit');
    return new Promise((done) => {
      api.once('exit', () => done());
      api.kill('SIGKILL');
    });
  }

  /** The worker (job processors) with the same settings as the API. */
  async startWorker(): Promise<void> {
    const before = this.text().length;
    const worker = this.spawn('dist/src/worker.js', { ...this.env, SERVICE_NAME: 'crypto-escrow-worker', PORT: '0' });
    await this.waitFor(worker, /worker started/, 60_000, before);
  }

  private spawn(script: string, env: NodeJS.ProcessEnv): ChildProcess {
    const child = spawn(process.execPath, [resolve(root, 'services/crypto-escrow', script)], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => this.output.push(chunk.toString());
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.children.push(child);
    return child;
  }

  /** Waits for a line matching pattern in the output written after `from` (characters). */
  private waitFor(child: ChildProcess, pattern: RegExp, timeoutMs = 60_000, from = 0): Promise<string> {
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`timed out waiting for ${pattern}:\n${this.text()}`)), timeoutMs);
      const check = () => {
        const match = this.text().slice(from).match(pattern);
        if (!match) return;
        clearTimeout(timer);
        child.stdout!.off('data', check);
        done(match[1] ?? match[0]);
      };
      child.stdout!.on('data', check);
      child.stderr!.on('data', check);
      child.once('exit', (code) => fail(new Error(`exited with ${code}:\n${this.text()}`)));
    });
  }

  text(): string {
    return this.output.join('');
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.removeAllListeners('exit');
            const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(timer);
              done();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  }
}
