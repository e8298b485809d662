import { Inject, Injectable } from '@nestjs/common';
import { nativeCurrencies, type TokenChainStatus, type TokenChainStatusList } from '@app/contracts';
import { APP_CONFIG } from '@app/platform';
import { createPublicClient, http, type PublicClient } from 'viem';
import type { TokenizationConfig } from '../config';
import type { EvmBlockchain } from '../deployment/token-chains';

/** How long one reading is reused (the wizard asks as the user picks a chain). */
const CACHE_MS = 10_000;

/**
 * The chains tokens deploy on, read from the same endpoints the worker deploys with: whether each
 * answers, its chain id and its gas price now (the cost estimate's). Read only; no key.
 */
@Injectable()
export class ChainStatusService {
  private readonly clients = new Map<EvmBlockchain, PublicClient>();
  private cached?: { at: number; value: Promise<TokenChainStatusList> };

  constructor(@Inject(APP_CONFIG) private readonly config: TokenizationConfig) {}

  status(): Promise<TokenChainStatusList> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at >= CACHE_MS) {
      this.cached = { at: now, value: this.read() };
    }
    return this.cached.value;
  }

  private async read(): Promise<TokenChainStatusList> {
    const chains = await Promise.all((['polygon', 'ethereum'] as const).map((chain) => this.readOne(chain)));
    return { chains };
  }

  private async readOne(blockchain: EvmBlockchain): Promise<TokenChainStatus> {
    const checkedAt = new Date().toISOString();
    const offline: TokenChainStatus = {
      blockchain,
      status: 'offline',
      chainId: null,
      gasPriceWei: null,
      nativeCurrency: nativeCurrencies[blockchain],
      checkedAt,
    };
    const client = this.clientOf(blockchain);
    if (!client) return offline;
    try {
      const [chainId, gasPrice] = await Promise.all([client.getChainId(), client.getGasPrice()]);
      return { ...offline, status: 'online', chainId, gasPriceWei: gasPrice.toString() };
    } catch {
      return offline;
    }
  }

  private clientOf(blockchain: EvmBlockchain): PublicClient | null {
    const url = blockchain === 'polygon' ? this.config.POLYGON_RPC_URL : this.config.ETHEREUM_RPC_URL;
    if (!url) return null;
    let client = this.clients.get(blockchain);
    if (!client) {
      client = createPublicClient({
        transport: http(url, { retryCount: 0, timeout: this.config.CHAIN_STATUS_TIMEOUT_MS }),
      });
      this.clients.set(blockchain, client);
    }
    return client;
  }
}
