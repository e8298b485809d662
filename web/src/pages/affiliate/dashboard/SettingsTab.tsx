import { affiliateBusinessTypes, type AffiliateProfile } from '@app/contracts';
import { Alert, Descriptions, Flex } from 'antd';
import { Link } from 'react-router';
import { formatDay, formatRate } from './format';
import { StatusTag } from './StatusTag';

const businessTypeLabel = (value: string) =>
  affiliateBusinessTypes.find((type) => type.value === value)?.label ?? value;

/** Spec 2.11: read-only; details change only through support. */
export function SettingsTab({ profile }: { profile: AffiliateProfile }) {
  return (
    <Flex vertical gap={16}>
      <Descriptions
        title="Account Information"
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'company', label: 'Company Name', children: profile.companyName },
          { key: 'type', label: 'Business Type', children: businessTypeLabel(profile.businessType) },
          { key: 'contact', label: 'Contact Name', children: profile.contactName },
          { key: 'email', label: 'Contact Email', children: profile.contactEmail },
          { key: 'phone', label: 'Phone Number', children: profile.phoneNumber },
          { key: 'website', label: 'Website', children: profile.website || '—' },
          { key: 'code', label: 'Referral Code', children: profile.referralCode },
          { key: 'status', label: 'Status', children: <StatusTag status={profile.status} /> },
          { key: 'tier', label: 'Tier', children: `${profile.tier.name} (${formatRate(profile.commissionRate)})` },
          { key: 'cookie', label: 'Referral Window', children: `${profile.cookieDays} days` },
          { key: 'since', label: 'Affiliate Since', children: formatDay(profile.createdAt) },
        ]}
      />
      <Alert
        type="info"
        showIcon
        title="Need to change these details?"
        description={
          <>
            Account details can only be changed through support. <Link to="/contact">Contact support</Link> and we will
            update them for you.
          </>
        }
      />
    </Flex>
  );
}
