import { Body, Controller, Get, Post } from '@nestjs/common';
import {
  affiliateApplicationSchema,
  type AffiliateProfile,
  type AffiliateStats,
  type PayoutView,
  type ReferralView,
} from '@app/contracts';
import { CurrentUser, RequestId, ZodValidationPipe, type AuthUser } from '@app/platform';
import { PayoutsService } from '../payouts/payouts.service';
import { AffiliatesService, type Application } from './affiliates.service';

/** Spec 7: the /api/affiliate calls of the signed-in user's own affiliate profile. */
@Controller('api/affiliate')
export class AffiliatesController {
  constructor(
    private readonly affiliates: AffiliatesService,
    private readonly payouts: PayoutsService,
  ) {}

  @Get('profile')
  profile(@CurrentUser() user: AuthUser): Promise<AffiliateProfile> {
    return this.affiliates.profile(user);
  }

  @Get('referrals')
  referrals(@CurrentUser() user: AuthUser): Promise<ReferralView[]> {
    return this.affiliates.referralsOf(user);
  }

  @Get('payouts')
  payoutList(@CurrentUser() user: AuthUser): Promise<PayoutView[]> {
    return this.affiliates.payoutsOf(user);
  }

  @Get('stats')
  stats(@CurrentUser() user: AuthUser): Promise<AffiliateStats> {
    return this.affiliates.stats(user);
  }

  @Post('register')
  register(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(affiliateApplicationSchema)) body: Application,
  ): Promise<AffiliateProfile> {
    return this.affiliates.register(user, body);
  }

  @Post('create-demo')
  createDemo(@CurrentUser() user: AuthUser): Promise<AffiliateProfile> {
    return this.affiliates.createDemo(user);
  }

  @Post('request-payout')
  requestPayout(@CurrentUser() user: AuthUser, @RequestId() requestId: string | undefined): Promise<PayoutView> {
    return this.payouts.request(user, requestId);
  }
}
