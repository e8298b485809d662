import { kycVerificationPath, type KycVerification } from '@app/contracts';
import { Card, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useComplianceRecords } from '../../hooks/useDashboard';
import { formatDateTime } from '../../lib/format';
import { identityProviderName, identityProviderState, identityProviderStateLabel } from './kyc';
import { LoadFailed } from './LoadFailed';
import { providerName, summariseProviders, type ProviderSummary } from './complianceProviders';

interface ComplianceCenterProps {
  /** The live KYC status (or the signed-in user's while it loads) and the latest verification. */
  kycStatus: string;
  verification: KycVerification | null;
  title?: string;
  /** The card's link to the /compliance page (off on that page itself). */
  detailsLink?: boolean;
}

type ProviderRow = { kind: 'identity' } | { kind: 'screening'; summary: ProviderSummary };

function IdentityProviderItem({ kycStatus, verification }: Pick<ComplianceCenterProps, 'kycStatus' | 'verification'>) {
  const state = identityProviderState(kycStatus, verification);
  const label = identityProviderStateLabel(state);
  return (
    <Flex justify="space-between" align="center" gap={12} style={{ width: '100%' }}>
      <Flex vertical>
        <Typography.Text strong>{identityProviderName}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Identity verification (KYC)
          {state !== 'verified' && (
            <>
              {' · '}
              <Link to={kycVerificationPath}>Verify in Settings</Link>
            </>
          )}
        </Typography.Text>
      </Flex>
      <Tag color={label.color}>{label.text}</Tag>
    </Flex>
  );
}

function ScreeningProviderItem({ summary }: { summary: ProviderSummary }) {
  return (
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
  );
}

/**
 * Spec 2 AML/KYC Compliance Center: the identity verification provider with its live state, then
 * the screening providers found in the user's compliance records.
 */
export function ComplianceCenter({
  kycStatus,
  verification,
  title = 'AML/KYC Compliance Center',
  detailsLink = true,
}: ComplianceCenterProps) {
  const records = useComplianceRecords();
  const rows: ProviderRow[] = [
    { kind: 'identity' },
    ...(records.data ? summariseProviders(records.data.records) : []).map((summary): ProviderRow => ({
      kind: 'screening',
      summary,
    })),
  ];

  return (
    <Card
      title={title}
      extra={detailsLink ? <Link to="/compliance">Details</Link> : undefined}
      style={{ height: '100%' }}
    >
      <Flex vertical gap={12}>
        <List
          aria-label="Compliance providers"
          dataSource={rows}
          renderItem={(row) =>
            row.kind === 'identity' ? (
              <List.Item key="identity">
                <IdentityProviderItem kycStatus={kycStatus} verification={verification} />
              </List.Item>
            ) : (
              <List.Item key={row.summary.provider}>
                <ScreeningProviderItem summary={row.summary} />
              </List.Item>
            )
          }
        />
        {records.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : records.isError ? (
          <LoadFailed what="Compliance records" onRetry={() => void records.refetch()} retrying={records.isFetching} />
        ) : records.data.records.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No AML screening records yet." />
        ) : null}
      </Flex>
    </Card>
  );
}
