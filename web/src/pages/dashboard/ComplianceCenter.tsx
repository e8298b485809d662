import { Card, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useComplianceRecords } from '../../hooks/useDashboard';
import { formatDateTime } from '../../lib/format';
import { kycLabel } from './kyc';
import { LoadFailed } from './LoadFailed';
import { providerName, summariseProviders } from './complianceProviders';

/** Spec 2 AML/KYC Compliance Center: the screening providers found in the user's compliance records. */
export function ComplianceCenter({ kycStatus }: { kycStatus: string }) {
  const records = useComplianceRecords();
  const kyc = kycLabel(kycStatus);

  return (
    <Card title="AML/KYC Compliance Center" extra={<Link to="/compliance">Details</Link>} style={{ height: '100%' }}>
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center">
          <Typography.Text>Your identity verification (KYC)</Typography.Text>
          <Tag color={kyc.color}>{kyc.text}</Tag>
        </Flex>
        {records.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : records.isError ? (
          <LoadFailed what="Compliance records" onRetry={() => void records.refetch()} retrying={records.isFetching} />
        ) : records.data.records.length === 0 ? (
          <Empty description="No AML screening records yet." />
        ) : (
          <List
            aria-label="Screening providers"
            dataSource={summariseProviders(records.data.records)}
            renderItem={(summary) => (
              <List.Item key={summary.provider}>
                <Flex justify="space-between" align="center" gap={12} style={{ width: '100%' }}>
                  <Flex vertical>
                    <Typography.Text strong>{providerName(summary.provider)}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      Last record {formatDateTime(summary.lastRecordAt)}
                    </Typography.Text>
                  </Flex>
                  {summary.awaitingReview > 0 ? (
                    <Tag color="gold">{summary.awaitingReview} awaiting review</Tag>
                  ) : (
                    <Tag color="green">Active</Tag>
                  )}
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Flex>
    </Card>
  );
}
