import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, MailRecipients, MailService, TransactionRunner, type Transaction } from '@app/platform';
import type { TokenizationConfig, TokenizationWorkerConfig } from '../config';
import { TokenContractsRepository } from '../deployment/token-contracts.repository';
import type { Investment } from '../investments/investment.entity';
import { PropertiesRepository } from '../properties/properties.repository';
import {
  investmentConfirmedMail,
  investmentEndedMail,
  investmentFailedMail,
  investmentMailId,
  investmentMintedMail,
  type InvestmentFacts,
  type InvestmentOutcome,
} from './investment-mail';

/**
 * Issue 39: the investment mails (confirmed when paid, minted, failed, ended unpaid), each queued
 * once its change commits, under a job id naming the investment and the outcome (a webhook
 * delivered twice or a retried job mails once), unless the investor turned investment mail off
 * (profile's choice, kept in tokenization's mail_recipients with their address). Used by the API
 * (payments, cancel, lapse) and the worker (mints).
 */
@Injectable()
export class InvestmentMailer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: TokenizationConfig | TokenizationWorkerConfig,
    private readonly transactions: TransactionRunner,
    private readonly recipients: MailRecipients,
    private readonly mail: MailService,
    private readonly properties: PropertiesRepository,
    private readonly contracts: TokenContractsRepository,
  ) {}

  afterPaid(manager: Transaction, investment: Investment): Promise<void> {
    return this.queue(manager, investment, 'confirmed', (facts, url) => investmentConfirmedMail(facts, url));
  }

  afterMinted(manager: Transaction, investment: Investment, transactionHash: string | null): Promise<void> {
    return this.queue(manager, investment, 'minted', (facts, url) =>
      investmentMintedMail(facts, url, investment.walletAddress, transactionHash),
    );
  }

  afterFailed(manager: Transaction, investment: Investment, reason: string): Promise<void> {
    return this.queue(manager, investment, 'failed', (facts, url) => investmentFailedMail(facts, url, reason));
  }

  afterEnded(manager: Transaction, investment: Investment, reason: string): Promise<void> {
    return this.queue(manager, investment, 'ended', (facts, url) => investmentEndedMail(facts, url, reason));
  }

  private async queue(
    manager: Transaction,
    investment: Investment,
    outcome: InvestmentOutcome,
    compose: (facts: InvestmentFacts, publicUrl: string) => ReturnType<typeof investmentConfirmedMail>,
  ): Promise<void> {
    const recipient = await this.recipients.of(investment.userId, 'investmentUpdates', manager);
    if (!recipient) return;
    const property = await this.properties.byId(manager, investment.propertyId);
    const contract = await this.contracts.ofProperty(manager, investment.propertyId);
    const mail = compose(
      {
        investmentId: investment.id,
        reference: investment.reference,
        to: recipient.email,
        firstName: recipient.firstName,
        propertyName: property?.address ?? 'your property',
        tokenSymbol: contract?.config.tokenSymbol ?? '',
        tokens: investment.tokens,
        tokenPrice: Number(investment.tokenPrice).toFixed(2),
        amount: Number(investment.amount).toFixed(2),
        fee: Number(investment.fee).toFixed(2),
      },
      this.config.PUBLIC_URL,
    );
    this.transactions.afterCommit(manager, async () => {
      await this.mail.send(investmentMailId(outcome, investment.id), mail);
    });
  }
}
