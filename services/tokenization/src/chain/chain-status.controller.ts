import { Controller, Get, UseGuards } from '@nestjs/common';
import type { TokenChainStatusList } from '@app/contracts';
import { RegionGuard } from '../region/region.guard';
import { ChainStatusService } from './chain-status.service';

@Controller('api/tokenization/chains')
@UseGuards(RegionGuard)
export class ChainStatusController {
  constructor(private readonly chains: ChainStatusService) {}

  /** The chains as their nodes answer now (status, chain id, gas price in wei, native coin). */
  @Get()
  status(): Promise<TokenChainStatusList> {
    return this.chains.status();
  }
}
