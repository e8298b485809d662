import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@app/platform';
import type { BlockchainStatus } from '@app/contracts';
import type { AnalyticsConfig } from '../config';
import { evmStatus } from './evm-rpc';
import { serverInfo } from './xrpl-server-info';

/**
 * Reads Polygon, Avalanche and the XRP Ledger through the configured endpoints, each bounded by
 * BLOCKCHAIN_TIMEOUT_MS, and reuses an answer for BLOCKCHAIN_CACHE_MS. A network that does not
 * answer shows offline with null figures, never a made-up number.
 */
@Injectable()
export class BlockchainStatusService {
  private cached?: { at: number; value: Promise<BlockchainStatus> };

  constructor(@Inject(APP_CONFIG) private readonly config: AnalyticsConfig) {}

  status(): Promise<BlockchainStatus> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at >= this.config.BLOCKCHAIN_CACHE_MS) {
      this.cached = { at: now, value: this.read() };
    }
    return this.cached.value;
  }

  private async read(): Promise<BlockchainStatus> {
    const timeout = this.config.BLOCKCHAIN_TIMEOUT_MS;
    const [polygon, avalanche, xrp] = await Promise.all([
      evmStatus(this.config.POLYGON_RPC_URL, timeout),
      evmStatus(this.config.AVALANCHE_RPC_URL, timeout),
      this.xrpl(timeout),
    ]);
    return { polygon, avalanche, xrp };
  }

  private async xrpl(timeout: number): Promise<BlockchainStatus['xrp']> {
    const checkedAt = new Date().toISOString();
    try {
      return { status: 'online', ...(await serverInfo(this.config.XRPL_SERVER_URL, timeout)), checkedAt };
    } catch {
      return { status: 'offline', serverState: null, ledgerIndex: null, baseFee: null, checkedAt };
    }
  }
}
