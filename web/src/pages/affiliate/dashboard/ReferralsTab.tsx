import type { ReferralView } from '@app/contracts';
import { Table, type TableColumnsType } from 'antd';
import { useAffiliateReferrals } from '../../../hooks/useAffiliate';
import { formatAmount, formatDay, shortId } from './format';
import { QueryError } from './QueryError';
import { StatusTag } from './StatusTag';

const columns: TableColumnsType<ReferralView> = [
  { title: 'Referral', dataIndex: 'id', render: (id: string) => `#${shortId(id)}` },
  { title: 'Referred', dataIndex: 'createdAt', render: formatDay },
  { title: 'Status', dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
  { title: 'Converted', dataIndex: 'convertedAt', render: formatDay },
  { title: 'Commission', dataIndex: 'commissionAmount', align: 'right', render: formatAmount },
];

export function ReferralsTab() {
  const referrals = useAffiliateReferrals();
  if (referrals.isError) return <QueryError query={referrals} noun="referrals" />;
  return (
    <Table
      aria-label="Referral history"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={referrals.data}
      loading={referrals.isPending}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: 'No referrals yet.' }}
      scroll={{ x: true }}
    />
  );
}
