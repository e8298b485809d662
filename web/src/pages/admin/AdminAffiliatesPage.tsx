import { Flex, Tabs, Typography } from 'antd';
import { AdminOnly } from './AdminOnly';
import { ApplicationsTable } from './ApplicationsTable';
import { PayoutsTable } from './PayoutsTable';

/** Ops (role admin): review affiliate applications and settle payout requests. */
export function AdminAffiliatesPage() {
  return (
    <AdminOnly>
      <Flex vertical gap={24}>
        <div>
          <Typography.Title level={1} style={{ marginBottom: 4 }}>
            Affiliate Administration
          </Typography.Title>
          <Typography.Text type="secondary">Approve affiliate applications and settle payout requests.</Typography.Text>
        </div>
        <Tabs
          items={[
            { key: 'applications', label: 'Applications', children: <ApplicationsTable /> },
            { key: 'payouts', label: 'Payouts', children: <PayoutsTable /> },
          ]}
        />
      </Flex>
    </AdminOnly>
  );
}
