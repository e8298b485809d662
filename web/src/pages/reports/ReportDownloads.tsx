import { DownloadOutlined } from '@ant-design/icons';
import { reportFormats, type Report, type ReportFormat } from '@app/contracts';
import { Button, Flex, Tooltip } from 'antd';
import { reportDownloadUrl } from '../../api/reports';

const formatLabels: Record<ReportFormat, string> = { pdf: 'PDF', csv: 'CSV' };

interface Props {
  report: Pick<Report, 'id' | 'title' | 'status'>;
  /** The list's short buttons ("PDF") are named after the report for screen readers. */
  compact?: boolean;
}

/**
 * Download PDF / Download CSV as plain links: the browser fetches the file with the session cookie
 * and saves it under the server's file name. Disabled (no href) until the report is completed.
 */
export function ReportDownloads({ report, compact = false }: Props) {
  const ready = report.status === 'completed';
  return (
    <Tooltip title={ready ? undefined : 'Available once the report is completed.'}>
      <Flex gap={8} wrap>
        {reportFormats.map((format) => (
          <Button
            key={format}
            size={compact ? 'small' : 'middle'}
            icon={<DownloadOutlined />}
            href={reportDownloadUrl(report.id, format)}
            download
            disabled={!ready}
            aria-label={compact ? `Download ${formatLabels[format]}: ${report.title}` : undefined}
          >
            {compact ? formatLabels[format] : `Download ${formatLabels[format]}`}
          </Button>
        ))}
      </Flex>
    </Tooltip>
  );
}
