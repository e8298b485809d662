import { Injectable } from '@nestjs/common';
import { reportingCurrency, type CustomerSegmentation } from '@app/contracts';
import { addDays, utcDay } from './calendar';
import { CustomersRepository } from './customers.repository';
import { segmentsOf } from './segmentation';

@Injectable()
export class SegmentationService {
  constructor(private readonly customers: CustomersRepository) {}

  /** Customers the merchant's transactions identify, ranked by completed spend (docs/analytics.md). */
  async segmentation(userId: string, now = new Date()): Promise<CustomerSegmentation> {
    const today = addDays(utcDay(now), 1);
    const rows = await this.customers.customersBySpend(userId, now, addDays(today, -30), addDays(today, -60));
    const customers = rows.map((row) => ({ ...row, daysSinceLast: Math.max(0, Number(row.daysSinceLast)) }));
    return { totalCustomers: customers.length, segments: segmentsOf(customers), currency: reportingCurrency };
  }
}
