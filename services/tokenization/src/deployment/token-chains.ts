import { Inject, Injectable } from '@nestjs/common';
import type { TokenBlockchain } from '@app/contracts';
import { APP_CONFIG } from '@app/platform';
import type { TokenChain } from '../chain/token-chain';
import { ViemTokenChain } from '../chain/viem-token-chain';
import type { TokenizationWorkerConfig } from '../config';

/** Blockchains with an EVM adapter; Algorand has none yet (refused with that reason). */
export type EvmBlockchain = Exclude<TokenBlockchain, 'algorand'>;
export const isEvmBlockchain = (blockchain: TokenBlockchain): blockchain is EvmBlockchain => blockchain !== 'algorand';
export const NO_ALGORAND_ADAPTER =
  'Algorand is not available yet: there is no Algorand adapter. Choose Polygon or Ethereum.';

/** The chain client of each EVM blockchain (its RPC URL), made on first use; the deployer key from the settings. */
@Injectable()
export class TokenChains {
  private readonly chains = new Map<EvmBlockchain, TokenChain>();

  constructor(@Inject(APP_CONFIG) private readonly config: TokenizationWorkerConfig) {}

  of(blockchain: EvmBlockchain): TokenChain {
    let chain = this.chains.get(blockchain);
    if (!chain) {
      chain = new ViemTokenChain({
        rpcUrl: blockchain === 'polygon' ? this.config.POLYGON_RPC_URL : this.config.ETHEREUM_RPC_URL,
        deployerPrivateKey: this.config.EVM_DEPLOYER_PRIVATE_KEY as `0x${string}`,
        timeoutMs: this.config.EVM_TIMEOUT_MS,
      });
      this.chains.set(blockchain, chain);
    }
    return chain;
  }
}
