import type { ChartRange, CurrentUser } from '@app/contracts';
import { analyticsMessages } from '@app/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import {
  useComplianceRecords,
  useDashboardStats,
  useRecentTransactions,
  useTransactionVolume,
} from '../../hooks/useDashboard';
import { useToast } from '../../hooks/useToast';
import { needsReview } from './complianceProviders';
import { csvFileName, downloadCsv } from '../../lib/csv';
import { dashboardCsv } from './dashboardCsv';
import { kycLabel } from './kyc';
import { trackEvent } from '../../api/events';

function AmlBadge() {
  const records = useComplianceRecords();
  if (!records.data) return null;
  const open = records.data.records.some(needsReview);
  return open ? (
    <Tooltip title="Some of your AML screening records are waiting for review.">
      <Tag color="gold">AML Review Needed</Tag>
    </Tooltip>
  ) : (
    <Tooltip title="None of your AML screening records is waiting for review.">
      <Tag color="green">AML Compliant</Tag>
    </Tooltip>
  );
}

const exportHint =
  'Downloads the figures on this dashboard (stats, chart series, recent activity) as a CSV file. Generated reports are not available yet.';

/** The reports service does not exist yet: the export is the dashboard's own data, built in the browser. */
function ExportReportButton({ range }: { range: ChartRange }) {
  const stats = useDashboardStats();
  const volume = useTransactionVolume(range);
  const recent = useRecentTransactions();
  const { toast } = useToast();

  const exportCsv = () => {
    if (!stats.data) return;
    try {
      const csv = dashboardCsv({ stats: stats.data, volume: volume.data, recent: recent.data });
      downloadCsv(csvFileName('dashboard'), csv);
      trackEvent('report_exported');
    } catch {
      toast({
        title: analyticsMessages.exportFailedTitle,
        description: analyticsMessages.exportFailed,
        variant: 'destructive',
      });
    }
  };

  return (
    <Tooltip title={stats.data ? exportHint : 'Available once your figures have loaded.'}>
      <Button icon={<DownloadOutlined />} disabled={!stats.data} onClick={exportCsv}>
        Export Report
      </Button>
    </Tooltip>
  );
}

export function DashboardHeader({ user, range }: { user: CurrentUser; range: ChartRange }) {
  const kyc = kycLabel(user.kycStatus);
  return (
    <Flex justify="space-between" align="center" gap={16} wrap>
      <div>
        <Typography.Title level={1} style={{ marginBottom: 4 }}>
          Dashboard Overview
        </Typography.Title>
        <Flex gap={8} wrap align="center">
          <Tag color={kyc.color}>{kyc.text}</Tag>
          <AmlBadge />
        </Flex>
      </div>
      <ExportReportButton range={range} />
    </Flex>
  );
}
