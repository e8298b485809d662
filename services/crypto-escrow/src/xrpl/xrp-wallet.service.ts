import { Injectable, Logger } from '@nestjs/common';
import type { EscrowCondition, XrpAccount, XrpPaymentResult, XrpWallet, xrpPaymentRequestSchema } from '@app/contracts';
import { dropsToXrp, isValidClassicAddress, Wallet, xrpToDrops, type Payment } from 'xrpl';
import type { z } from 'zod';
import { XrpKycGate } from '../kyc/xrp-kyc-gate';
import { generateCondition } from './conditions';
import { badAddress } from './escrows.service';
import { ledgerError, LedgerRejection } from './ledger-errors';
import { walletOf } from './wallets';
import { XrplLedger } from './xrpl-ledger';

export type XrpPayment = z.output<typeof xrpPaymentRequestSchema>;

/** Wallet generation, balances and payments on the XRP Ledger. Seeds live only for the request. */
@Injectable()
export class XrpWalletService {
  private readonly logger = new Logger(XrpWalletService.name);

  constructor(
    private readonly ledger: XrplLedger,
    private readonly kyc: XrpKycGate,
  ) {}

  /** A new keypair made locally: the seed is in this response only, never stored or logged. */
  generate(): XrpWallet {
    const wallet = Wallet.generate();
    return { address: wallet.classicAddress, seed: wallet.seed!, publicKey: wallet.publicKey };
  }

  /** A fresh PREIMAGE-SHA-256 condition with its fulfillment (shown once, not stored). */
  condition(): EscrowCondition {
    return generateCondition();
  }

  async account(address: string): Promise<XrpAccount> {
    if (!isValidClassicAddress(address)) throw badAddress('address');
    try {
      const info = await this.ledger.request({ command: 'server_info' });
      const reserveXrp = String(info.result.info.validated_ledger?.reserve_base_xrp ?? '');
      try {
        const response = await this.ledger.request({
          command: 'account_info',
          account: address,
          ledger_index: 'validated',
        });
        return {
          address,
          balanceXrp: String(dropsToXrp(response.result.account_data.Balance)),
          funded: true,
          reserveXrp,
        };
      } catch (error) {
        if (error instanceof LedgerRejection && error.code === 'actNotFound') {
          return { address, balanceXrp: '0', funded: false, reserveXrp };
        }
        throw error;
      }
    } catch (error) {
      throw ledgerError('read', error);
    }
  }

  /** A Payment signed with the request's seed; over the KYC threshold only for a verified identity. */
  async pay(userId: string, body: XrpPayment): Promise<XrpPaymentResult> {
    const wallet = walletOf(body.senderSeed);
    await this.kyc.requireClearedOver(userId, body.amount, 'payment');
    const tx: Payment = {
      TransactionType: 'Payment',
      Account: wallet.classicAddress,
      Destination: body.destinationAddress,
      Amount: xrpToDrops(body.amount),
      ...(body.destinationTag !== undefined ? { DestinationTag: body.destinationTag } : {}),
    };
    try {
      const submitted = await this.ledger.submit(tx, wallet);
      this.logger.log(`payment ${submitted.hash} validated`);
      return { hash: submitted.hash, result: submitted.result, ledgerIndex: submitted.ledgerIndex };
    } catch (error) {
      this.logger.warn(`payment refused: ${error instanceof LedgerRejection ? error.code : (error as Error).name}`);
      throw ledgerError('payment', error);
    }
  }
}
