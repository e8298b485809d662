import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { evmStatus, weiHexToGwei } from './evm-rpc';

describe('gas price in gwei', () => {
  it('converts wei to gwei with up to 2 decimals', () => {
    expect(weiHexToGwei('0x' + 30_000_000_000n.toString(16))).toBe('30');
    expect(weiHexToGwei('0x' + 25_123_456_789n.toString(16))).toBe('25.12');
    expect(weiHexToGwei('0x' + 1_500_000_000n.toString(16))).toBe('1.5');
  });
});

describe('EVM status', () => {
  let server: Server;
  let url: string;
  /** A node whose chain has `latest` blocks, one every 2 s from t=1000; a negative block number is an error. */
  let latest = 3;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const { method, params } = JSON.parse(raw) as { method: string; params: unknown[] };
        const block = (number: number) => ({
          number: `0x${number.toString(16)}`,
          timestamp: `0x${(1000 + number * 2).toString(16)}`,
        });
        let body: unknown;
        if (method === 'eth_gasPrice') body = { result: `0x${(1_000_000_000).toString(16)}` };
        else if (params[0] === 'latest') body = { result: block(latest) };
        else if (/^0x[0-9a-f]+$/.test(String(params[0]))) body = { result: block(parseInt(String(params[0]), 16)) };
        else body = { error: { code: -32602, message: 'invalid block number' } };
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, ...(body as object) }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('shows a young chain (fewer than 10 blocks, a local node after a deploy) online', async () => {
    latest = 3;
    expect(await evmStatus(url, 2000)).toMatchObject({ status: 'online', latestBlock: 3, blockTime: 2, gasPrice: '1' });
    latest = 0;
    expect(await evmStatus(url, 2000)).toMatchObject({ status: 'online', latestBlock: 0, blockTime: null });
  });

  it('averages the block time over the last 10 blocks', async () => {
    latest = 50;
    expect(await evmStatus(url, 2000)).toMatchObject({ status: 'online', latestBlock: 50, blockTime: 2 });
  });
});
