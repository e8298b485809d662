import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, MailService, TransactionRunner, type Transaction } from '@app/platform';
import type { BillingConfig } from '../config';
import { receiptMail, receiptMailId, type Receipt } from './receipt-mail';

/**
 * Mails a plan payment's receipt once the transaction that recorded the payment commits. Callers
 * call it only where a payment is newly recorded (an invoice's first "paid", a charge's first
 * completion), and the job id names the invoice or charge, so duplicates queue nothing more.
 */
@Injectable()
export class ReceiptMailer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: BillingConfig,
    private readonly transactions: TransactionRunner,
    private readonly mail: MailService,
  ) {}

  afterPaid(manager: Transaction, receipt: Receipt): void {
    if (!receipt.to) return;
    const mail = receiptMail(receipt, this.config.PUBLIC_URL);
    this.transactions.afterCommit(manager, async () => {
      await this.mail.send(receiptMailId(receipt.method, receipt.reference), mail);
    });
  }
}
