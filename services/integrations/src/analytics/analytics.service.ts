import { Injectable } from '@nestjs/common';
import type { IntegrationsAnalytics } from '@app/contracts';
import { TransactionRunner } from '@app/platform';
import { TransactionsRepository } from '../transactions/transactions.repository';

/** GET /api/integrations/analytics: the summary cards, computed by SQL from stored data. */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly repository: TransactionsRepository,
  ) {}

  async summary(userId: string): Promise<IntegrationsAnalytics> {
    const row = await this.transactions.run((manager) => this.repository.analytics(manager, userId));
    return {
      activeIntegrations: row.activeIntegrations,
      transactionsToday: row.transactionsToday,
      revenueToday: Number(row.revenueToday ?? 0),
      currency: row.currency ?? 'USD',
      lastSync: row.lastSync ? new Date(row.lastSync).toISOString() : null,
    };
  }
}
