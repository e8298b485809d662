import { defaultChartRange, type ChartRange } from '@app/contracts';
import { Col, Flex, Row } from 'antd';
import { useState } from 'react';
import { useSignedInUser } from '../components/GuardedRoute';
import { useKycStatus } from '../hooks/useKyc';
import { BlockchainInfrastructure } from './dashboard/BlockchainInfrastructure';
import { ComplianceCenter } from './dashboard/ComplianceCenter';
import { CryptoPortfolioSummary } from './dashboard/CryptoPortfolioSummary';
import { DashboardHeader } from './dashboard/DashboardHeader';
import { LegalFramework } from './dashboard/LegalFramework';
import { LiveTransactionMonitoring } from './dashboard/LiveTransactionMonitoring';
import { PlatformServices } from './dashboard/PlatformServices';
import { RecentActivity } from './dashboard/RecentActivity';
import { ReportsBlock } from './dashboard/ReportsBlock';
import { StatCards } from './dashboard/StatCards';
import { TokenizationBlock } from './dashboard/TokenizationBlock';
import { TransactionVolumeChart } from './dashboard/TransactionVolumeChart';

/** Spec 2 Dashboard: every figure from the user's stored data; a block that fails shows an empty state. */
export function DashboardPage() {
  const user = useSignedInUser();
  const [range, setRange] = useState<ChartRange>(defaultChartRange);
  // One status query for the header and the compliance card; the user's own status until it answers.
  const kycStatus = useKycStatus();
  const kyc = {
    kycStatus: kycStatus.data?.kycStatus ?? user.kycStatus,
    verification: kycStatus.data?.verification ?? null,
  };

  return (
    <Flex vertical gap={24}>
      <DashboardHeader user={user} range={range} kyc={kyc} />
      <StatCards />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <TransactionVolumeChart range={range} onRangeChange={setRange} />
        </Col>
        <Col xs={24} xl={8}>
          <RecentActivity />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ComplianceCenter {...kyc} />
        </Col>
        <Col xs={24} lg={12}>
          <BlockchainInfrastructure />
        </Col>
      </Row>
      <LiveTransactionMonitoring />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <CryptoPortfolioSummary />
        </Col>
        <Col xs={24} lg={12}>
          <TokenizationBlock />
        </Col>
      </Row>
      <LegalFramework />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ReportsBlock />
        </Col>
        <Col xs={24} lg={12}>
          <PlatformServices />
        </Col>
      </Row>
    </Flex>
  );
}
