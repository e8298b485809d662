import { Flex, Tabs, Typography } from 'antd';
import { IntegrationsSummary } from './IntegrationsSummary';
import { PosSystemsTab } from './PosSystemsTab';
import { ProcessorsTab } from './ProcessorsTab';
import { ReportedTransactions } from './ReportedTransactions';

/** Spec 2 'Integrations': the summary, then processors and POS systems in two tabs. */
export function IntegrationsPage() {
  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={1} style={{ marginBottom: 4 }}>
          Payment &amp; POS Integrations
        </Typography.Title>
        <Typography.Text type="secondary">
          Connect payment processors and point-of-sale systems to bring their transactions into the platform.
        </Typography.Text>
      </div>
      <IntegrationsSummary />
      <Tabs
        items={[
          { key: 'processors', label: 'Payment Processors', children: <ProcessorsTab /> },
          { key: 'pos', label: 'POS Systems', children: <PosSystemsTab /> },
        ]}
      />
      <ReportedTransactions />
    </Flex>
  );
}
