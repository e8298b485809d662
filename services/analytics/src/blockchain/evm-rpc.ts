import type { EvmNetworkStatus } from '@app/contracts';

interface Block {
  number: string;
  timestamp: string;
}

/** Blocks back the average block time is measured over. */
const SPAN = 10;

async function rpc<T>(url: string, method: string, params: unknown[], timeoutMs: number): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`${method}: HTTP ${response.status}`);
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error || body.result === undefined || body.result === null)
    throw new Error(`${method}: ${body.error?.message ?? 'no result'}`);
  return body.result;
}

/** Wei (hex) as gwei with up to 2 decimals, computed in integers. */
export function weiHexToGwei(hex: string): string {
  const centiGwei = (BigInt(hex) + 5_000_000n) / 10_000_000n;
  const whole = centiGwei / 100n;
  const fraction = centiGwei % 100n;
  return fraction === 0n ? whole.toString() : `${whole}.${fraction.toString().padStart(2, '0').replace(/0$/, '')}`;
}

/** Gas price, latest block and the average block time over the last 10 blocks (fewer on a young chain), from JSON-RPC. */
export async function evmStatus(url: string, timeoutMs: number, now = new Date()): Promise<EvmNetworkStatus> {
  const checkedAt = now.toISOString();
  try {
    const [gasPrice, latest] = await Promise.all([
      rpc<string>(url, 'eth_gasPrice', [], timeoutMs),
      rpc<Block>(url, 'eth_getBlockByNumber', ['latest', false], timeoutMs),
    ]);
    const latestNumber = Number(BigInt(latest.number));
    // A young chain (a local node a few blocks old) has fewer than SPAN blocks behind the latest.
    const span = Math.min(SPAN, latestNumber);
    const latestTime = Number(BigInt(latest.timestamp));
    let blockTime: number | null = null;
    if (span > 0) {
      const earlier = await rpc<Block>(
        url,
        'eth_getBlockByNumber',
        [`0x${(latestNumber - span).toString(16)}`, false],
        timeoutMs,
      );
      blockTime = Math.round(((latestTime - Number(BigInt(earlier.timestamp))) / span) * 100) / 100;
    }
    return {
      status: 'online',
      gasPrice: weiHexToGwei(gasPrice),
      blockTime,
      latestBlock: latestNumber,
      latestBlockAt: new Date(latestTime * 1000).toISOString(),
      checkedAt,
    };
  } catch {
    return { status: 'offline', gasPrice: null, blockTime: null, latestBlock: null, latestBlockAt: null, checkedAt };
  }
}
