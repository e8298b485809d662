import { Card, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';

interface Service {
  name: string;
  available: boolean;
  to?: string;
}

/**
 * In place of the spec's mock-replacement progress panel: which product services are live and which
 * are still to come. No percentages: there is nothing measured to compute one from.
 */
const services: Service[] = [
  { name: 'Transactions from payment and POS integrations', available: true, to: '/integrations' },
  { name: 'AML screening of transactions', available: true, to: '/compliance' },
  { name: 'Blockchain network status', available: true, to: '/compliance' },
  { name: 'Crypto payments and XRP escrow', available: true, to: '/crypto-wallet' },
  { name: 'Property tokenization workflow', available: true, to: '/tokenization' },
  { name: 'Reports and AI analysis', available: true, to: '/reports' },
];

export function PlatformServices() {
  return (
    <Card title="Platform Services" style={{ height: '100%' }}>
      <List
        size="small"
        dataSource={services}
        renderItem={(service) => (
          <List.Item
            key={service.name}
            extra={service.available ? <Tag color="green">Live</Tag> : <Tag>Coming soon</Tag>}
          >
            {service.to ? (
              <Link to={service.to}>{service.name}</Link>
            ) : (
              <Typography.Text>{service.name}</Typography.Text>
            )}
          </List.Item>
        )}
      />
    </Card>
  );
}
