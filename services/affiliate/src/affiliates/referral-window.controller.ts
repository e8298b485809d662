import { Controller, Get, Param } from '@nestjs/common';
import { ErrorCode, referralCodePattern, type ReferralWindow } from '@app/contracts';
import { AppError } from '@app/platform';
import { AffiliatesService } from './affiliates.service';

/** Public: a visitor's browser asks how long to keep the ?ref= code it arrived with. */
@Controller('api/affiliate/referral-codes')
export class ReferralWindowController {
  constructor(private readonly affiliates: AffiliatesService) {}

  @Get(':code')
  window(@Param('code') code: string): Promise<ReferralWindow> {
    if (!referralCodePattern.test(code)) throw new AppError(ErrorCode.NotFound, 'Unknown referral code');
    return this.affiliates.referralWindow(code);
  }
}
