import { Client } from 'xrpl';

export interface ServerInfo {
  serverState: string | null;
  ledgerIndex: number | null;
  baseFee: string | null;
}

/** rippled's `server_info` through xrpl.js, connecting and asking within `timeoutMs` each. */
export async function serverInfo(url: string, timeoutMs: number): Promise<ServerInfo> {
  const client = new Client(url, { connectionTimeout: timeoutMs, timeout: timeoutMs });
  try {
    await client.connect();
    const { result } = await client.request({ command: 'server_info' });
    const ledger = result.info.validated_ledger;
    return {
      serverState: result.info.server_state ?? null,
      ledgerIndex: ledger?.seq ?? null,
      baseFee: ledger?.base_fee_xrp === undefined ? null : String(ledger.base_fee_xrp),
    };
  } finally {
    await client.disconnect().catch(() => undefined);
  }
}
