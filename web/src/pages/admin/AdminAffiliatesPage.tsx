import { Flex, Result, Tabs, Typography } from 'antd';
import { useSignedInUser } from '../../components/GuardedRoute';
import { ApplicationsTable } from './ApplicationsTable';
import { PayoutsTable } from './PayoutsTable';

/** Ops (role admin): review affiliate applications and settle payout requests. */
export function AdminAffiliatesPage() {
  const user = useSignedInUser();

  // The server refuses these calls with 403 too; this only spares others a page of errors.
  if (user.role !== 'admin') {
    return (
      <Result
        status="403"
        title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>Not authorised</h1>}
        subTitle="This page is for platform administrators."
      />
    );
  }

  return (
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
  );
}
