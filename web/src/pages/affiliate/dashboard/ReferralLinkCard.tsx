import { affiliateMessages, referralLink, type AffiliateProfile } from '@app/contracts';
import { Card, Flex, Input, Typography } from 'antd';
import { CopyButton } from '../../../components/CopyButton';

/** Spec 9: the site origin with ?ref= holding the referral code. */
export function ReferralLinkCard({ profile }: { profile: AffiliateProfile }) {
  const link = referralLink(window.location.origin, profile.referralCode);
  return (
    <Card title="Your Referral Link" size="small">
      <Flex vertical gap={8}>
        <Flex gap={8} align="center">
          <Input readOnly value={link} aria-label="Referral link" data-testid="referral-link" />
          <CopyButton text={link} label="Referral link" copiedTitle={affiliateMessages.linkCopied} />
        </Flex>
        <Typography.Text type="secondary">
          Businesses that sign up within {profile.cookieDays} days of opening this link are credited to you.
        </Typography.Text>
      </Flex>
    </Card>
  );
}
