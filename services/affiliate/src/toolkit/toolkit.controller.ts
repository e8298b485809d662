import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  customContentRequestSchema,
  marketingAssetsRequestSchema,
  valuePropositionRequestSchema,
  type CustomContentResponse,
  type MarketingAssetsRequest,
  type MarketingAssetsResponse,
  type ValuePropositionRequest,
  type ValuePropositionResponse,
} from '@app/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@app/platform';
import { ToolkitService, type CustomContentRequest } from './toolkit.service';

@Controller('api/affiliate')
export class ToolkitController {
  constructor(private readonly toolkit: ToolkitService) {}

  @Post('generate-marketing-assets')
  @HttpCode(200)
  marketingAssets(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(marketingAssetsRequestSchema)) body: MarketingAssetsRequest,
  ): Promise<MarketingAssetsResponse> {
    return this.toolkit.marketingAssets(user, body.targetAudience);
  }

  @Post('generate-custom-content')
  @HttpCode(200)
  customContent(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(customContentRequestSchema)) body: CustomContentRequest,
  ): Promise<CustomContentResponse> {
    return this.toolkit.customContent(user, body);
  }

  @Post('generate-value-proposition')
  @HttpCode(200)
  valueProposition(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(valuePropositionRequestSchema)) body: ValuePropositionRequest,
  ): Promise<ValuePropositionResponse> {
    return this.toolkit.valueProposition(user, body.targetMarket);
  }
}
