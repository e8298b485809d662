import { Inject, Injectable } from '@nestjs/common';
import {
  referralLink,
  tierForMonthlyReferrals,
  type customContentRequestSchema,
  type CustomContentResponse,
  type MarketingAssetsResponse,
  type ValuePropositionResponse,
} from '@app/contracts';
import { APP_CONFIG, TransactionRunner, type AuthUser } from '@app/platform';
import type { z } from 'zod';
import { AffiliatesRepository } from '../affiliates/affiliates.repository';
import { AffiliatesService } from '../affiliates/affiliates.service';
import type { AffiliateConfig } from '../config';
import * as builtin from './builtin-writer';
import { OpenAiWriter } from './openai-writer';

export type CustomContentRequest = z.output<typeof customContentRequestSchema>;

/** Spec 2.11 and 3.6: the marketing toolkit of an affiliate (a profile is required, any status). */
@Injectable()
export class ToolkitService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AffiliateConfig,
    private readonly transactions: TransactionRunner,
    private readonly affiliates: AffiliatesService,
    private readonly repository: AffiliatesRepository,
    private readonly ai: OpenAiWriter,
  ) {}

  async marketingAssets(user: AuthUser, targetAudience: string): Promise<MarketingAssetsResponse> {
    const who = await this.writerContext(user);
    const assets = (await this.ai.marketingAssets(targetAudience, who)) ?? builtin.marketingAssets(targetAudience, who);
    return { assets };
  }

  async customContent(user: AuthUser, request: CustomContentRequest): Promise<CustomContentResponse> {
    const who = await this.writerContext(user);
    const content =
      (await this.ai.customContent(request.contentType, request.additionalContext, who)) ??
      builtin.customContent(request.contentType, request.additionalContext, who);
    return { content };
  }

  async valueProposition(user: AuthUser, targetMarket: string): Promise<ValuePropositionResponse> {
    const who = await this.writerContext(user);
    const valueProposition =
      (await this.ai.valueProposition(targetMarket, who)) ?? builtin.valueProposition(targetMarket, who);
    return { valueProposition };
  }

  private writerContext(user: AuthUser): Promise<builtin.WriterContext> {
    return this.transactions.run(async (manager) => {
      const affiliate = await this.affiliates.affiliateOf(manager, user.id);
      const month = await this.repository.referralsInMonth(manager, affiliate.id, new Date());
      return {
        companyName: affiliate.companyName,
        referralLink: referralLink(this.config.PUBLIC_URL, affiliate.referralCode),
        tier: tierForMonthlyReferrals(month),
      };
    });
  }
}
