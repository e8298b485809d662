import { CreateAnalytics1764201600800 } from '../migrations/1764201600800-create-analytics';
import { MonthlyTotals1764201600900 } from '../migrations/1764201600900-monthly-totals';

/**
 * The analytics schema. The read model is written and read with SQL only (upserts with rollup
 * deltas, aggregates), so it maps no entities; the tables are in the migration.
 */
export const analyticsDatabase = {
  schema: 'analytics',
  entities: [],
  migrations: [CreateAnalytics1764201600800, MonthlyTotals1764201600900],
};
