import type { AffiliateProfile } from '@app/contracts';
import { Col, Row } from 'antd';
import { PayoutCard } from './PayoutCard';
import { RecentActivity } from './RecentActivity';
import { ReferralLinkCard } from './ReferralLinkCard';

export function OverviewTab({ profile }: { profile: AffiliateProfile }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={16}>
        <ReferralLinkCard profile={profile} />
      </Col>
      <Col xs={24} lg={8}>
        <PayoutCard profile={profile} />
      </Col>
      <Col xs={24}>
        <RecentActivity />
      </Col>
    </Row>
  );
}
