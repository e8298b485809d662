import { Injectable, Logger } from '@nestjs/common';
import { TransactionRunner } from '@app/platform';
import { isEvmBlockchain, TokenChains } from '../deployment/token-chains';
import { TokenContractsRepository } from '../deployment/token-contracts.repository';
import { InvestmentsRepository } from './investments.repository';
import { LockupQueue } from './lockup.queue';

/**
 * Releases an investment's tokens when its lock-up ends: unfreezes them on chain (never more than
 * is frozen) and records when. Early, or already released: nothing happens (a job early because of
 * clock skew is queued again for the moment the lock-up ends).
 */
@Injectable()
export class LockupRunner {
  private readonly logger = new Logger(LockupRunner.name);

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly investments: InvestmentsRepository,
    private readonly contracts: TokenContractsRepository,
    private readonly chains: TokenChains,
    private readonly lockups: LockupQueue,
  ) {}

  async release(investmentId: string, now = new Date()): Promise<'released' | 'early' | 'skipped'> {
    const investment = await this.investments.byId(this.transactions.autocommit, investmentId);
    if (!investment?.lockedUntil || investment.unlockedAt || investment.status !== 'completed') return 'skipped';
    if (investment.lockedUntil.getTime() > now.getTime()) {
      await this.lockups.release(investmentId, investment.lockedUntil, now);
      return 'early';
    }
    const contract = await this.contracts.ofProperty(this.transactions.autocommit, investment.propertyId);
    if (!contract?.suite?.token || !contract.chainId || !isEvmBlockchain(contract.blockchain)) return 'skipped';
    const chain = this.chains.of(contract.blockchain);
    const token = contract.suite.token;
    await this.transactions.run(async (manager) => {
      await this.contracts.lockChain(manager, contract.chainId!);
      const units = BigInt(investment.tokens) * 10n ** BigInt(contract.config.decimals);
      const frozen = await chain.frozenTokens(token, investment.walletAddress);
      const amount = frozen < units ? frozen : units;
      if (amount > 0n) await chain.freezePartial({ token }, investment.walletAddress, amount, false);
      await this.investments.update(manager, investmentId, { unlockedAt: now });
    });
    this.logger.log(`investment ${investment.reference}: lock-up ended, ${investment.tokens} tokens released`);
    return 'released';
  }

  /** Schedules the release of every investment still locked (Redis may have lost the delayed jobs). */
  async scheduleAll(now = new Date()): Promise<number> {
    const locked = await this.investments.locked(this.transactions.autocommit);
    for (const investment of locked) await this.lockups.release(investment.id, investment.lockedUntil!, now);
    return locked.length;
  }
}
