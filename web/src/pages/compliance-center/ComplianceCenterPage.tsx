import { Col, Flex, Row, Typography } from 'antd';
import { BlockchainInfrastructure } from '../dashboard/BlockchainInfrastructure';
import { ComplianceRecordsPanel } from './ComplianceRecordsPanel';

/** Spec 2 Compliance & Security: compliance monitoring and blockchain integration side by side. */
export function ComplianceCenterPage() {
  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={1} style={{ marginBottom: 4 }}>
          Compliance &amp; Security
        </Typography.Title>
        <Typography.Text type="secondary">
          AML screening of your transactions and the blockchain networks in use
        </Typography.Text>
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <ComplianceRecordsPanel />
        </Col>
        <Col xs={24} lg={9}>
          <BlockchainInfrastructure title="Blockchain Integration" />
        </Col>
      </Row>
    </Flex>
  );
}
