import { Controller, Get, Req } from '@nestjs/common';
import type { TokenizationEligibility } from '@app/contracts';
import type { Request } from 'express';
import { RegionLocator } from './region-locator';
import { clientAddressOf } from './region.guard';

/** The region gate's reads (spec 3): the web app's gate and the sidebar's badges. */
@Controller('api/tokenization/eligibility')
export class EligibilityController {
  constructor(private readonly locator: RegionLocator) {}

  @Get()
  eligibility(@Req() request: Request): TokenizationEligibility {
    return this.locator.eligibility(clientAddressOf(request));
  }
}
