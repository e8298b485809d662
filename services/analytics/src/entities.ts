import { CreateAnalytics1764201600800 } from '../migrations/1764201600800-create-analytics';
import { MonthlyTotals1764201600900 } from '../migrations/1764201600900-monthly-totals';
import { CustomerActivityIndex1764374400900 } from '../migrations/1764374400900-customer-activity-index';
import { WiderAmounts1764892800900 } from '../migrations/1764892800900-wider-amounts';
import { CustomerWindows1766707200900 } from '../migrations/1766707200900-customer-windows';
import { CustomerSpendBands1766966400900 } from '../migrations/1766966400900-customer-spend-bands';
import { PlatformPayments1767052800900 } from '../migrations/1767052800900-platform-payments';
import { OpenReviewsIndex1767052800910 } from '../migrations/1767052800910-open-reviews-index';

/**
 * The analytics schema. The read model is written and read with SQL only (upserts with rollup
 * deltas, aggregates), so it maps no entities; the tables are in the migration.
 */
export const analyticsDatabase = {
  schema: 'analytics',
  entities: [],
  migrations: [
    CreateAnalytics1764201600800,
    MonthlyTotals1764201600900,
    CustomerActivityIndex1764374400900,
    WiderAmounts1764892800900,
    CustomerWindows1766707200900,
    CustomerSpendBands1766966400900,
    PlatformPayments1767052800900,
    OpenReviewsIndex1767052800910,
  ],
  // Recomputing a merchant's customers groups its transactions by customer: tens of thousands of groups.
  workMem: '32MB',
};
