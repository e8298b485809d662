import type { CurrentSubscription, SubscriptionStatus } from '@app/contracts';
import { App, Alert, Button, Descriptions, Flex, Result, Spin, Tag, Typography } from 'antd';
import { ApiError } from '../../api/client';
import { ButtonLink } from '../../components/ButtonLink';
import { useCancelSubscription, useSubscription } from '../../hooks/useBilling';
import { useToast } from '../../hooks/useToast';
import { PaymentHistoryCard } from './PaymentHistoryCard';

const statusLabels: Record<SubscriptionStatus, { label: string; color: string }> = {
  none: { label: 'No subscription', color: 'default' },
  incomplete: { label: 'Incomplete', color: 'warning' },
  incomplete_expired: { label: 'Expired', color: 'default' },
  trialing: { label: 'Trialing', color: 'processing' },
  active: { label: 'Active', color: 'success' },
  past_due: { label: 'Past due', color: 'error' },
  canceled: { label: 'Canceled', color: 'default' },
  unpaid: { label: 'Unpaid', color: 'error' },
  paused: { label: 'Paused', color: 'warning' },
};

const cancellableStatuses: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** "May 31, 2026" from an ISO date; the raw text when it is not a date. */
export function formatInvoiceDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : longDate.format(date);
}

const canCancel = (subscription: CurrentSubscription) =>
  subscription.planId !== 'starter' &&
  cancellableStatuses.includes(subscription.status) &&
  !subscription.cancelAtPeriodEnd;

/** Settings, Billing: the current plan, its status and next invoice, cancel at period end, payment history. */
export function BillingTab() {
  const subscription = useSubscription();

  if (subscription.isPending) {
    return (
      <Flex align="center" gap={12} role="status">
        <Spin />
        <Typography.Text>Loading billing...</Typography.Text>
      </Flex>
    );
  }

  if (subscription.isError) {
    return (
      <Result
        status="error"
        title="Error Loading Billing"
        subTitle="Failed to load your subscription. Please try again later."
        extra={
          <Button type="primary" loading={subscription.isFetching} onClick={() => void subscription.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }

  return <BillingDetails subscription={subscription.data} />;
}

function BillingDetails({ subscription }: { subscription: CurrentSubscription }) {
  const cancel = useCancelSubscription();
  const { modal } = App.useApp();
  const { toast } = useToast();
  const status = statusLabels[subscription.status];
  const periodEnd = subscription.currentPeriodEnd ? formatInvoiceDate(subscription.currentPeriodEnd) : undefined;

  const confirmCancel = () =>
    modal.confirm({
      title: 'Cancel your subscription?',
      content: `Your ${subscription.planName} plan stays active until ${periodEnd ?? 'the end of the current period'}; after that you move to the free plan and are not charged again.`,
      okText: 'Cancel subscription',
      okButtonProps: { danger: true },
      cancelText: 'Keep subscription',
      // The toasts report the outcome; the dialog closes either way.
      onOk: () =>
        cancel
          .mutateAsync(undefined, {
            onSuccess: (updated) =>
              toast({
                title: 'Subscription Cancelled',
                description: updated.currentPeriodEnd
                  ? `Your plan stays active until ${formatInvoiceDate(updated.currentPeriodEnd)}.`
                  : 'Your subscription has been cancelled.',
                variant: 'success',
              }),
            onError: (error) =>
              toast({
                title: 'Cancellation Failed',
                description:
                  (error instanceof ApiError && error.serverMessage) ||
                  'Failed to cancel your subscription. Please try again.',
                variant: 'destructive',
              }),
          })
          .catch(() => undefined),
    });

  return (
    <Flex vertical gap={24}>
      <Descriptions
        bordered
        column={1}
        items={[
          { key: 'plan', label: 'Current plan', children: subscription.planName },
          { key: 'status', label: 'Status', children: <Tag color={status.color}>{status.label}</Tag> },
          {
            key: 'cycle',
            label: 'Billing cycle',
            children: subscription.billingCycle === 'annual' ? 'Annual' : subscription.billingCycle ? 'Monthly' : '—',
          },
          {
            key: 'next',
            label: subscription.cancelAtPeriodEnd ? 'Active until' : 'Next invoice',
            children: periodEnd ?? '—',
          },
        ]}
      />
      {subscription.cancelAtPeriodEnd && (
        <Alert
          type="warning"
          showIcon
          title="Cancels at period end"
          description={`Your plan stays active until ${periodEnd ?? 'the end of the current period'} and will not renew.`}
        />
      )}
      <Flex gap={12} wrap>
        <ButtonLink to="/pricing" type="primary">
          Change plan
        </ButtonLink>
        {canCancel(subscription) && (
          <Button danger loading={cancel.isPending} onClick={confirmCancel}>
            Cancel subscription
          </Button>
        )}
      </Flex>
      <PaymentHistoryCard />
    </Flex>
  );
}
