import { Injectable } from '@nestjs/common';
import { reportingCurrency, type CustomerSegmentation } from '@app/contracts';
import { CustomersRepository } from './customers.repository';
import { segmentsOfTiers } from './segmentation';

@Injectable()
export class SegmentationService {
  constructor(private readonly customers: CustomersRepository) {}

  /**
   * Customers the merchant's transactions identify, ranked by completed spend (docs/analytics.md):
   * the tiers are summed from the per-customer rollup, with the last 30 days against the 30 before.
   */
  async segmentation(userId: string, now = new Date()): Promise<CustomerSegmentation> {
    const rows = await this.customers.spendTiers(userId, now);
    const tiers = rows.map((row) => ({
      ...row,
      spendUsd: Number(row.spendUsd),
      recentUsd: Number(row.recentUsd),
      priorUsd: Number(row.priorUsd),
      lowestUsd: Number(row.lowestUsd),
      highestUsd: Number(row.highestUsd),
    }));
    return {
      totalCustomers: tiers.reduce((sum, t) => sum + t.count, 0),
      segments: segmentsOfTiers(tiers),
      currency: reportingCurrency,
    };
  }
}
