import { plans, type SupportAccountContext, type SupportAccountTransaction } from '@app/contracts';
import { Descriptions, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { formatDateTime, formatDay, formatMoney, humanize } from '../../lib/format';
import { kycLabel } from '../dashboard/kyc';

const planName = (planId: string) => plans.find((plan) => plan.id === planId)?.name ?? humanize(planId);

const columns: TableColumnsType<SupportAccountTransaction> = [
  { title: 'Date', dataIndex: 'occurredAt', render: (iso: string) => formatDateTime(iso) },
  { title: 'Amount', key: 'amount', align: 'right', render: (_, t) => formatMoney(t.amount, t.currency) },
  { title: 'Status', dataIndex: 'status', render: (status: string) => humanize(status) },
  { title: 'Method', dataIndex: 'paymentMethod', render: (method: string) => humanize(method) },
  { title: 'Processor', dataIndex: 'processor', render: (processor: string) => humanize(processor) },
];

/** The user's plan, KYC status and latest transactions, as chat-support's read model knows them. */
export function AccountContext({ account }: { account: SupportAccountContext }) {
  const kyc = kycLabel(account.kycStatus);
  const plan = account.plan;
  return (
    <Flex vertical gap={12}>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'plan',
            label: 'Plan',
            children: plan ? (
              <span>
                {planName(plan.planId)} · {humanize(plan.billingCycle)}
                {plan.currentPeriodEnd && (
                  <Typography.Text type="secondary"> (renews {formatDay(plan.currentPeriodEnd)})</Typography.Text>
                )}
              </span>
            ) : (
              <Typography.Text type="secondary">No subscription</Typography.Text>
            ),
          },
          { key: 'kyc', label: 'KYC', children: <Tag color={kyc.color}>{kyc.text}</Tag> },
        ]}
      />
      <Table<SupportAccountTransaction>
        aria-label="Recent transactions"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={account.recentTransactions}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Typography.Text type="secondary">No transactions yet</Typography.Text> }}
      />
    </Flex>
  );
}
