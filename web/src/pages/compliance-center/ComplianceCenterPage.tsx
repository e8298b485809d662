import { Col, Flex, Row, Typography } from 'antd';
import { useSignedInUser } from '../../components/GuardedRoute';
import { useKycStatus } from '../../hooks/useKyc';
import { BlockchainInfrastructure } from '../dashboard/BlockchainInfrastructure';
import { ComplianceCenter } from '../dashboard/ComplianceCenter';
import { ComplianceRecordsPanel } from './ComplianceRecordsPanel';

/**
 * Spec 2 Compliance & Security: compliance monitoring and blockchain integration side by side,
 * with the compliance providers (identity verification and AML screening) and their states.
 */
export function ComplianceCenterPage() {
  const user = useSignedInUser();
  const kyc = useKycStatus();

  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={1} style={{ marginBottom: 4 }}>
          Compliance &amp; Security
        </Typography.Title>
        <Typography.Text type="secondary">
          Identity verification, AML screening of your transactions and the blockchain networks in use
        </Typography.Text>
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <ComplianceRecordsPanel />
        </Col>
        <Col xs={24} lg={9}>
          <Flex vertical gap={16}>
            <ComplianceCenter
              title="Compliance Providers"
              detailsLink={false}
              kycStatus={kyc.data?.kycStatus ?? user.kycStatus}
              verification={kyc.data?.verification ?? null}
            />
            <BlockchainInfrastructure title="Blockchain Integration" />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
