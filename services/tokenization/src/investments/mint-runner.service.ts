import { Injectable, Logger } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { OutboxService, TransactionRunner } from '@app/platform';
import type { TrexFactory } from '../chain/token-chain';
import { isEvmBlockchain, TokenChains } from '../deployment/token-chains';
import { TokenContractsRepository } from '../deployment/token-contracts.repository';
import { InvestmentMailer } from '../mail/investment-mailer';
import { InvestmentsRepository } from './investments.repository';
import { LockupQueue } from './lockup.queue';

const DAY_MS = 86_400_000;

/**
 * The worker's side of a paid investment: the investor's wallet gets an ONCHAINID and is registered
 * in the token's identity registry (with the investor's country), then the tokens are minted to it;
 * the mint's transaction hash is recorded with InvestmentCompleted in one transaction. Under the
 * chain's advisory lock, like deployments (one deployer key). With a lock-up (the contract config's
 * lockupPeriod) the minted tokens are frozen on chain until it ends, when LockupRunner releases them.
 * A job run twice mints once: an investment already completed is skipped, and one found `minting`
 * (an attempt died after sending) is minted again only if the wallet's balance lacks its tokens
 * beyond the wallet's completed ones; likewise for the freeze.
 */
@Injectable()
export class MintRunner {
  private readonly logger = new Logger(MintRunner.name);

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly investments: InvestmentsRepository,
    private readonly contracts: TokenContractsRepository,
    private readonly chains: TokenChains,
    private readonly outbox: OutboxService,
    private readonly lockups: LockupQueue,
    private readonly mail: InvestmentMailer,
  ) {}

  async run(investmentId: string, now = new Date()): Promise<'completed' | 'skipped'> {
    const investment = await this.investments.byId(this.transactions.autocommit, investmentId);
    if (!investment || (investment.status !== 'paid' && investment.status !== 'minting')) return 'skipped';
    const contract = await this.contracts.ofProperty(this.transactions.autocommit, investment.propertyId);
    if (!contract?.suite || !contract.chainId || !isEvmBlockchain(contract.blockchain)) return 'skipped';
    const chain = this.chains.of(contract.blockchain);
    const units = BigInt(investment.tokens) * 10n ** BigInt(contract.config.decimals);

    // Claimed first (committed): a job that finds it `minting` knows an earlier attempt may have sent.
    const claimed = await this.transactions.run(async (manager) => {
      const locked = await this.investments.lock(manager, investmentId);
      if (!locked || (locked.status !== 'paid' && locked.status !== 'minting')) return null;
      await this.investments.update(manager, investmentId, { status: 'minting' });
      return { resumed: locked.status === 'minting' };
    });
    if (!claimed) return 'skipped';

    const lockupDays = contract.config.lockupPeriod;
    const lockedUntil = lockupDays > 0 ? new Date(now.getTime() + lockupDays * DAY_MS) : null;
    const token = contract.suite.token!;
    const minted = await this.transactions.run(async (manager) => {
      await this.contracts.lockChain(manager, contract.chainId!);
      let mint: { transactionHash: string } | null = null;
      const before = await this.investments.completedUnits(manager, investment.propertyId, investment.walletAddress);
      const scale = 10n ** BigInt(contract.config.decimals);
      const alreadyMinted =
        claimed.resumed && (await chain.balanceOf(token, investment.walletAddress)) - before * scale >= units;
      if (!alreadyMinted) {
        const stored = await this.contracts.factoryOf(manager, contract.chainId!);
        if (!stored) throw new Error(`chain ${contract.chainId}: no T-REX factory recorded`);
        const factory = stored.addresses as unknown as TrexFactory;
        await chain.registerInvestor(
          factory,
          { identityRegistry: contract.suite!.identityRegistry! },
          investment.walletAddress,
          investment.investorCountry,
        );
        mint = await chain.mint({ token }, investment.walletAddress, units);
      }
      // The lock-up: these tokens frozen until it ends (unless a resumed attempt froze them already).
      if (lockedUntil) {
        const othersLocked = await this.investments.lockedUnits(
          manager,
          investment.propertyId,
          investment.walletAddress,
        );
        if ((await chain.frozenTokens(token, investment.walletAddress)) - othersLocked * scale < units) {
          await chain.freezePartial({ token }, investment.walletAddress, units, true);
        }
      }
      return { mint };
    });

    await this.transactions.run(async (manager) => {
      await this.investments.update(manager, investmentId, {
        status: 'completed',
        transactionHash: minted.mint?.transactionHash ?? null,
        completedAt: now,
        lockedUntil,
        error: minted.mint ? null : 'Minted; the transaction was not recorded when it was sent.',
      });
      await this.mail.afterMinted(manager, investment, minted.mint?.transactionHash ?? null);
      if (!minted.mint) return;
      await this.outbox.publish(manager, 'InvestmentCompleted', investment.reference, {
        investmentId: investment.reference,
        propertyId: investment.propertyId,
        userId: investment.userId,
        amount: investment.amount,
        currency: investment.currency,
        tokens: investment.tokens,
        walletAddress: investment.walletAddress,
        transactionHash: minted.mint.transactionHash,
        paymentMethod: investment.paymentMethod,
        occurredAt: timestampFromDate(now),
      });
    });
    if (lockedUntil) {
      await this.lockups.release(investmentId, lockedUntil, now).catch((error: unknown) =>
        // The worker queues the release of every locked investment again when it starts.
        this.logger.error(`investment ${investment.reference}: release not queued: ${(error as Error).message}`),
      );
    }
    this.logger.log(
      `investment ${investment.reference}: ${investment.tokens} tokens minted to ${investment.walletAddress}`,
    );
    return 'completed';
  }

  /** The mint gave up: the investment says so (the payment stays recorded; ops refund or retry it). */
  async fail(investmentId: string, error: unknown): Promise<void> {
    this.logger.error(`mint of investment ${investmentId} failed: ${(error as Error).message}`);
    await this.transactions.run(async (manager) => {
      const investment = await this.investments.lock(manager, investmentId);
      if (!investment || investment.status === 'completed') return;
      const reason = 'The tokens could not be minted; your payment is recorded and our team will resolve it.';
      await this.investments.update(manager, investmentId, { status: 'failed', error: reason });
      await this.mail.afterFailed(manager, investment, reason);
    });
  }

  unminted(): Promise<string[]> {
    return this.investments.unminted(this.transactions.autocommit);
  }
}
