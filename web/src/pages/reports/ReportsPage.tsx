import { FileTextOutlined } from '@ant-design/icons';
import { reportMessages, reportPeriods, reportTypes, type ReportPeriod, type ReportType } from '@app/contracts';
import { Alert, Button, Card, Flex, Select, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { trackEvent } from '../../api/events';
import { useGenerateReport } from '../../hooks/useReports';
import { useToast } from '../../hooks/useToast';
import { RecentReports } from './RecentReports';
import { ReportView } from './ReportView';
import { reportPeriodLabels, reportTypeLabels } from './labels';

const typeOptions = reportTypes.map((type) => ({ value: type, label: reportTypeLabels[type] }));
const periodOptions = reportPeriods.map((period) => ({ value: period, label: reportPeriodLabels[period] }));

interface Shown {
  id: string;
  /** Generated here just now (its failure gets the toast), rather than opened from the list. */
  followed: boolean;
}

/** Spec 2 Reports: choose a type and a period, generate with live progress, download, ask for an analysis. */
export function ReportsPage() {
  const [type, setType] = useState<ReportType>();
  const [period, setPeriod] = useState<ReportPeriod>();
  const [missing, setMissing] = useState(false);
  const [shown, setShown] = useState<Shown>();
  const generate = useGenerateReport();
  const { toast } = useToast();
  const reportRef = useRef<HTMLElement>(null);

  // A report opened or generated appears above the list: keyboard and screen reader users are taken to it.
  useEffect(() => {
    if (shown) reportRef.current?.focus();
  }, [shown]);

  const submit = () => {
    // Spec 5: both fields must be chosen; nothing is sent otherwise.
    if (!type || !period) {
      setMissing(true);
      return;
    }
    setMissing(false);
    generate.mutate(
      { type, period },
      {
        onSuccess: (report) => {
          trackEvent('report_generated', { type, period });
          setShown({ id: report.id, followed: true });
        },
        onError: (error) =>
          toast({
            title: reportMessages.generationFailedTitle,
            description: (error instanceof ApiError && error.serverMessage) || reportMessages.generationFailed,
            variant: 'destructive',
          }),
      },
    );
  };

  const showMissing = missing && (!type || !period);
  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={1} style={{ marginBottom: 4 }}>
          Reports
        </Typography.Title>
        <Typography.Text type="secondary">
          Generate PDF and CSV reports from your own data and ask for an AI analysis of their figures
        </Typography.Text>
      </div>
      <Card title="Generate Report">
        <Flex vertical gap={12}>
          <Flex gap={12} wrap align="center">
            <Select<ReportType>
              aria-label="Report type"
              placeholder="Report type"
              style={{ minWidth: 180 }}
              options={typeOptions}
              value={type}
              status={showMissing && !type ? 'error' : undefined}
              onChange={setType}
            />
            <Select<ReportPeriod>
              aria-label="Time period"
              placeholder="Time period"
              style={{ minWidth: 180 }}
              options={periodOptions}
              value={period}
              status={showMissing && !period ? 'error' : undefined}
              onChange={setPeriod}
            />
            <Button type="primary" icon={<FileTextOutlined />} loading={generate.isPending} onClick={submit}>
              Generate Report
            </Button>
          </Flex>
          {showMissing && <Alert type="error" showIcon title={reportMessages.selectBoth} />}
        </Flex>
      </Card>
      {shown && (
        <section ref={reportRef} tabIndex={-1} aria-label="Selected report" style={{ outline: 'none' }}>
          <ReportView key={shown.id} id={shown.id} followed={shown.followed} />
        </section>
      )}
      <RecentReports
        shownId={shown?.id}
        onView={(id) => setShown((current) => ({ id, followed: current?.id === id && current.followed }))}
      />
    </Flex>
  );
}
