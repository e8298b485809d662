import { Inject, Injectable } from '@nestjs/common';
import type { KycGatedAction } from '@app/contracts';
import { APP_CONFIG, KycClearances } from '@app/platform';
import type { CryptoConfig } from '../config';
import { exceedsKycThreshold } from './kyc-threshold';

/**
 * KYC (issue 18): XRP escrows and payments over KYC_THRESHOLD_XRP need a verified identity (the
 * platform's KycClearances, fed by identity's KycStatusChanged); amounts at or below it pass
 * without reading anything.
 */
@Injectable()
export class XrpKycGate {
  constructor(
    private readonly clearances: KycClearances,
    @Inject(APP_CONFIG) private readonly config: CryptoConfig,
  ) {}

  async requireClearedOver(
    userId: string,
    amountXrp: string,
    action: Extract<KycGatedAction, 'escrow' | 'payment'>,
  ): Promise<void> {
    if (!exceedsKycThreshold(amountXrp, this.config.KYC_THRESHOLD_XRP)) return;
    await this.clearances.require(userId, action);
  }
}
