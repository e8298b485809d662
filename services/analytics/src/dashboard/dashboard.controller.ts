import { Controller, Get } from '@nestjs/common';
import type { BlockchainStatus, DashboardStats } from '@app/contracts';
import { CurrentUser, type AuthUser } from '@app/platform';
import { BlockchainStatusService } from '../blockchain/blockchain-status.service';
import { DashboardService } from './dashboard.service';

/** Spec 7: the dashboard's stat cards and blockchain infrastructure panel. */
@Controller('api')
export class DashboardController {
  constructor(
    private readonly dashboard: DashboardService,
    private readonly blockchain: BlockchainStatusService,
  ) {}

  @Get('dashboard/stats')
  stats(@CurrentUser() user: AuthUser): Promise<DashboardStats> {
    return this.dashboard.stats(user.id);
  }

  @Get('blockchain/status')
  blockchainStatus(): Promise<BlockchainStatus> {
    return this.blockchain.status();
  }
}
