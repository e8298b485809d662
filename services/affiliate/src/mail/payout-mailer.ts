import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, MailRecipients, MailService, TransactionRunner, type Transaction } from '@app/platform';
import type { AffiliateConfig } from '../config';
import { payoutPaidMail, payoutPaidMailId, type PaidPayout } from './payout-mail';

/**
 * Issue 39: the payout-paid mail, queued once the settlement commits, unless the affiliate turned
 * payout mail off (profile's choice, kept in affiliate's mail_recipients).
 */
@Injectable()
export class PayoutMailer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AffiliateConfig,
    private readonly transactions: TransactionRunner,
    private readonly recipients: MailRecipients,
    private readonly mail: MailService,
  ) {}

  async afterPaid(manager: Transaction, userId: string, payout: PaidPayout): Promise<void> {
    if (!payout.to || !(await this.recipients.allows(userId, 'payoutNotices', manager))) return;
    const mail = payoutPaidMail(payout, this.config.PUBLIC_URL);
    this.transactions.afterCommit(manager, async () => {
      await this.mail.send(payoutPaidMailId(payout.payoutId), mail);
    });
  }
}
