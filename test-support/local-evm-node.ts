import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { FakeServerProcess } from './fake-server';
import { waitFor } from './index';

const root = resolve(__dirname, '..');

/**
 * A Hardhat node (tools/evm-node: chain 31337, the "test … junk" mnemonic's accounts) in a child
 * process on a free port, empty at every start. Ready once `eth_chainId` answers.
 */
export class LocalEvmNode extends FakeServerProcess {
  /** Account #0 of the mnemonic (10,000 ETH): what the tests deploy with. */
  static readonly deployerPrivateKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
  /** Accounts #1 and #2: holders that sign their own transfers. */
  static readonly holderPrivateKeys = [
    '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  ] as const;

  static async start(): Promise<LocalEvmNode> {
    const child = spawn(
      process.execPath,
      [resolve(root, 'node_modules/.bin/hardhat'), 'node', '--hostname', '127.0.0.1', '--port', '0'],
      {
        cwd: resolve(root, 'tools/evm-node'),
        env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    // Port 0: hardhat prints the port it got ("Started HTTP and WebSocket JSON-RPC server at http://127.0.0.1:<port>/").
    const url = await new Promise<string>((resolvePromise, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = output.match(/JSON-RPC server at (http:\/\/[\d.]+:\d+)/);
        if (match) resolvePromise(match[1]!);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`hardhat node exited with ${code}: ${output}`)));
    });
    // It logs every request on stdout: keep reading so the pipe never fills.
    child.stdout!.resume();
    const node = new LocalEvmNode(child, url);
    await waitFor(() => node.chainId(), 30_000, `eth_chainId from ${url}`);
    return node;
  }

  async chainId(): Promise<number> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return Number(((await response.json()) as { result: string }).result);
  }
}
