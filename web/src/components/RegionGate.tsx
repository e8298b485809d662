import { tokenizationMessages } from '@app/contracts';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTokenizationEligibility } from '../hooks/useTokenization';

/** Why the service stops at the border: shown with every refusal. */
export function LicensingInformation() {
  return (
    <Flex vertical gap={4}>
      <Typography.Text>
        Our tokenization services are licensed for properties and investors in New Zealand and Australia only.
      </Typography.Text>
      <Typography.Text type="secondary">
        Offers are made only to wholesale investors as defined by the Financial Markets Conduct Act 2013; investors in
        Australia must also qualify as wholesale clients under Australian law. Access is decided from the location you
        connect from.
      </Typography.Text>
    </Flex>
  );
}

/**
 * Spec 2 Regional gate: while the location is checked a spinner, then the wrapped content where
 * tokenization is offered (NZ, AU), else the restriction message with the licensing information.
 */
export function RegionGate({ children }: { children: ReactNode }) {
  const eligibility = useTokenizationEligibility();

  if (eligibility.isPending) {
    return (
      <Flex align="center" gap={12} role="status" style={{ padding: 24 }}>
        <Spin />
        <Typography.Text type="secondary">Checking your location...</Typography.Text>
      </Flex>
    );
  }

  if (eligibility.isError) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={tokenizationMessages.locationFailed}
        description="Tokenization stays closed until your location is confirmed."
        action={
          <Button size="small" loading={eligibility.isFetching} onClick={() => void eligibility.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }

  const { isAllowed, country, countryCode, restrictionMessage } = eligibility.data;
  if (isAllowed) return children;

  const located = countryCode !== null && country !== null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={
        located
          ? (restrictionMessage ?? tokenizationMessages.restricted(country))
          : tokenizationMessages.locationUnknown
      }
      description={
        <Flex vertical gap={8}>
          {!located && restrictionMessage && <Typography.Text>{restrictionMessage}</Typography.Text>}
          <LicensingInformation />
        </Flex>
      }
    />
  );
}
