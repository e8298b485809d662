import { kycStatuses, type KycAdminVerification } from '@app/contracts';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useKycAdminVerifications } from '../../hooks/useKyc';
import { formatDateTime, humanize } from '../../lib/format';
import { QueryError } from '../affiliate/dashboard/QueryError';
import { identityProviderStateLabel, kycLabel } from '../dashboard/kyc';
import { AdminOnly } from './AdminOnly';
import { StatusFilter } from './StatusFilter';

const dash = '—';

function BusinessNumbers({ business }: { business: KycAdminVerification['business'] }) {
  if (!business) return <Typography.Text type="secondary">None given</Typography.Text>;
  const rows: [string, string | null][] = [
    ['Country', business.country],
    ['NZBN', business.nzbn],
    ['Business number', business.businessNumber],
    ['Tax number', business.taxNumber],
  ];
  return (
    <Flex vertical>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Typography.Text key={label} style={{ whiteSpace: 'nowrap' }}>
            <Typography.Text type="secondary">{label}:</Typography.Text> {value}
          </Typography.Text>
        ))}
    </Flex>
  );
}

function Checks({ checks }: { checks: Record<string, string> }) {
  const entries = Object.entries(checks);
  if (entries.length === 0) return <>{dash}</>;
  return (
    <Flex gap={4} wrap>
      {entries.map(([check, outcome]) => (
        <Tag key={check} color={outcome === 'verified' ? 'green' : 'red'}>
          {`${humanize(check)}: ${outcome}`}
        </Tag>
      ))}
    </Flex>
  );
}

const columns: TableColumnsType<KycAdminVerification> = [
  {
    title: 'User',
    key: 'user',
    render: (_, row) => (
      <Flex vertical>
        <Typography.Text strong>{row.email}</Typography.Text>
        <Typography.Text type="secondary">{row.businessName || dash}</Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Status',
    key: 'status',
    render: (_, row) => {
      const account = kycLabel(row.kycStatus);
      const session = identityProviderStateLabel(row.status);
      return (
        <Flex vertical gap={4} align="flex-start">
          <Tag color={account.color}>{account.text}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Session: {session.text}
          </Typography.Text>
          {row.lastError && (
            <Typography.Text type="warning" style={{ fontSize: 12 }}>
              {row.lastError.reason}
            </Typography.Text>
          )}
        </Flex>
      );
    },
  },
  {
    title: 'Provider session',
    dataIndex: 'providerSessionId',
    render: (id: string) => (
      <Typography.Text code copyable={{ text: id, tooltips: ['Copy session id', 'Copied'] }}>
        {id}
      </Typography.Text>
    ),
  },
  { title: 'Verified name', dataIndex: 'verifiedName', render: (name: string | null) => name ?? dash },
  { title: 'Verified at', dataIndex: 'verifiedAt', render: formatDateTime },
  { title: 'Checks', dataIndex: 'checks', render: (checks: Record<string, string>) => <Checks checks={checks} /> },
  {
    title: 'Business numbers',
    dataIndex: 'business',
    render: (business: KycAdminVerification['business']) => <BusinessNumbers business={business} />,
  },
  {
    title: 'Created / updated',
    key: 'dates',
    render: (_, row) => (
      <Flex vertical>
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</span>
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(row.updatedAt)}
        </Typography.Text>
      </Flex>
    ),
  },
];

function VerificationsTable() {
  // '' is every status: the account's KYC status.
  const [status, setStatus] = useState('');
  const verifications = useKycAdminVerifications();
  const rows = verifications.data?.verifications.filter((row) => !status || row.kycStatus === status);

  return (
    <Flex vertical gap={12}>
      <StatusFilter id="kyc-status" statuses={kycStatuses} value={status} onChange={setStatus} />
      {verifications.isError ? (
        <QueryError query={verifications} noun="verifications" />
      ) : (
        <Table<KycAdminVerification>
          aria-label="Identity verifications"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={verifications.isPending}
          locale={{ emptyText: 'No verifications.' }}
          scroll={{ x: true }}
        />
      )}
    </Flex>
  );
}

/** Ops (role admin): every identity verification, who verified what and when. */
export function AdminKycPage() {
  return (
    <AdminOnly>
      <Flex vertical gap={24}>
        <div>
          <Typography.Title level={1} style={{ marginBottom: 4 }}>
            KYC Verifications
          </Typography.Title>
          <Typography.Text type="secondary">
            Identity verifications through Stripe Identity and the business numbers given with them. Document images and
            numbers stay with the provider.
          </Typography.Text>
        </div>
        <VerificationsTable />
      </Flex>
    </AdminOnly>
  );
}
