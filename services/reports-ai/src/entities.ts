import { CreateReports1765756800950 } from '../migrations/1765756800950-create-reports';
import { PlatformPayments1767052800950 } from '../migrations/1767052800950-platform-payments';
import { ReportFile } from './reports/report-file.entity';
import { ReportRecord } from './reports/report.entity';

/**
 * The reports schema. The read model of other services' events is written and aggregated with SQL
 * only (read-model/), so it maps no entities; the reports and their files do.
 */
export const reportsDatabase = {
  schema: 'reports',
  entities: [ReportRecord, ReportFile],
  migrations: [CreateReports1765756800950, PlatformPayments1767052800950],
  // A year's report aggregates a merchant's transactions by day, processor, method and country.
  workMem: '32MB',
};
