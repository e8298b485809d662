import { Injectable, Logger } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { tokenizationMessages } from '@app/contracts';
import { OutboxService, TransactionRunner, type Transaction } from '@app/platform';
import { ChainTransactionReverted, GasLimitTooLow, type TokenChain, type TrexFactory } from '../chain/token-chain';
import { PropertiesRepository } from '../properties/properties.repository';
import type { TokenContract } from './token-contract.entity';
import { isEvmBlockchain, TokenChains } from './token-chains';
import { TokenContractsRepository } from './token-contracts.repository';

/**
 * The worker's side of a deployment: the chain's T-REX factory (deployed once per chain, again when
 * a restarted local chain lost it), then the property's token suite, recorded with its real
 * addresses, transaction hash, gas used and cost, and ContractDeployed, in one transaction. The
 * chain work of one chain runs under a Postgres advisory lock: one deployer key, one nonce sequence.
 */
@Injectable()
export class DeploymentRunner {
  private readonly logger = new Logger(DeploymentRunner.name);

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly contracts: TokenContractsRepository,
    private readonly properties: PropertiesRepository,
    private readonly chains: TokenChains,
    private readonly outbox: OutboxService,
  ) {}

  async run(contractId: string, attempt: number, now = new Date()): Promise<'deployed' | 'skipped'> {
    const contract = await this.contracts.byId(this.transactions.autocommit, contractId);
    if (!contract || contract.attempt !== attempt || contract.status === 'deployed' || contract.status === 'failed') {
      return 'skipped';
    }
    if (!isEvmBlockchain(contract.blockchain)) return 'skipped';
    const property = await this.properties.byId(this.transactions.autocommit, contract.propertyId);
    if (!property) return 'skipped';
    await this.contracts.update(this.transactions.autocommit, contractId, { status: 'deploying' });
    const chain = this.chains.of(contract.blockchain);

    const chainId = await chain.chainId();
    const suite = await this.transactions.run(async (manager) => {
      await this.contracts.lockChain(manager, chainId);
      const factory = await this.factoryOf(manager, chain, chainId);
      return chain.deploySuite(factory, {
        // Unique per attempt: a retried attempt resumes its own suite, a new attempt never collides.
        salt: `${contract.id}:${attempt}`,
        name: contract.config.tokenName,
        symbol: contract.config.tokenSymbol,
        decimals: contract.config.decimals,
        lockupDays: contract.config.lockupPeriod,
        transferRestrictions: contract.config.transferRestrictions,
        gasLimit: contract.config.gasLimit,
      });
    });

    await this.transactions.run(async (manager) => {
      const locked = await this.contracts.lock(manager, contractId);
      if (!locked || locked.status === 'deployed' || locked.attempt !== attempt) return;
      await this.contracts.update(manager, contractId, {
        status: 'deployed',
        chainId,
        contractAddress: suite.token,
        suite: {
          token: suite.token,
          identityRegistry: suite.identityRegistry,
          identityRegistryStorage: suite.identityRegistryStorage,
          trustedIssuersRegistry: suite.trustedIssuersRegistry,
          claimTopicsRegistry: suite.claimTopicsRegistry,
          modularCompliance: suite.compliance,
        },
        transactionHash: suite.transactionHashes[0] ?? null,
        gasUsed: suite.gasUsed.toString(),
        costWei: suite.costWei.toString(),
        deployedAt: now,
        error: null,
      });
      await this.properties.update(manager, property.id, {
        status: 'tokenized',
        tokenizationStatus: 'deployed',
        tokenId: `${contract.config.tokenSymbol}@${chainId}`,
        contractAddress: suite.token,
      });
      await this.outbox.publish(manager, 'ContractDeployed', property.id, {
        propertyId: property.id,
        userId: contract.userId,
        blockchain: contract.blockchain,
        chainId,
        contractAddress: suite.token,
        transactionHash: suite.transactionHashes[0]!,
        tokenName: contract.config.tokenName,
        tokenSymbol: contract.config.tokenSymbol,
        totalSupply: String(contract.config.totalSupply),
        value: property.value,
        occurredAt: timestampFromDate(now),
      });
    });
    this.logger.log(
      `property ${property.id}: token ${suite.token} deployed on chain ${chainId} (gas ${suite.gasUsed})`,
    );
    return 'deployed';
  }

  /** Marks the attempt failed with the spec's message (the chain's reason when it refused), so it can be started again. */
  async fail(contractId: string, attempt: number, error: unknown): Promise<void> {
    this.logger.error(`deployment ${contractId} (attempt ${attempt}) failed: ${(error as Error).message}`);
    const reason =
      error instanceof ChainTransactionReverted
        ? `${tokenizationMessages.deploymentFailed} (${error.reason})`
        : error instanceof GasLimitTooLow
          ? `${tokenizationMessages.deploymentFailed} ${error.message}`
          : tokenizationMessages.deploymentFailed;
    await this.transactions.run(async (manager) => {
      const contract = await this.contracts.lock(manager, contractId);
      if (!contract || contract.attempt !== attempt || contract.status === 'deployed') return;
      await this.contracts.update(manager, contractId, { status: 'failed', error: reason });
      await this.properties.update(manager, contract.propertyId, { tokenizationStatus: 'failed' });
    });
  }

  async unfinished(): Promise<Pick<TokenContract, 'id' | 'attempt'>[]> {
    const ids = await this.contracts.unfinished(this.transactions.autocommit);
    const contracts = await Promise.all(ids.map((id) => this.contracts.byId(this.transactions.autocommit, id)));
    return contracts.filter((contract): contract is TokenContract => !!contract);
  }

  /** The chain's stored factory when its contracts are still there; otherwise deployed (again) and stored. */
  private async factoryOf(manager: Transaction, chain: TokenChain, chainId: number): Promise<TrexFactory> {
    const stored = await this.contracts.factoryOf(manager, chainId);
    if (stored) {
      const factory = stored.addresses as unknown as TrexFactory;
      if (await chain.isDeployed(factory.trexFactory)) return factory;
      this.logger.warn(
        `chain ${chainId}: the stored T-REX factory is gone (a restarted local chain); deploying it again`,
      );
    }
    const factory = await chain.deployFactory();
    await this.contracts.saveFactory(manager, chainId, { ...factory } as unknown as Record<string, string>);
    return factory;
  }
}
