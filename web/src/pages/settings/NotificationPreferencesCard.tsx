import { optionalMailKinds, type OptionalMailKind } from '@app/contracts';
import { Button, Card, Flex, Result, Spin, Switch, Typography } from 'antd';
import { ApiError } from '../../api/client';
import { useMailPreferences, useUpdateMailPreferences } from '../../hooks/useMailPreferences';
import { useToast } from '../../hooks/useToast';

const choices: Record<OptionalMailKind, { label: string; hint: string }> = {
  supportReplies: {
    label: 'Support replies',
    hint: 'An email when our support team answers your chat while the chat window is closed.',
  },
  investmentUpdates: {
    label: 'Investment updates',
    hint: 'An email when an investment is confirmed and its tokens minted, or when it fails, is cancelled or lapses.',
  },
  payoutNotices: {
    label: 'Affiliate payouts',
    hint: 'An email when an affiliate payout to you has been paid.',
  },
};

/**
 * Issue 39: Settings → Notifications. The member turns optional mail on or off; the mail that
 * concerns the account's money or access is always sent, and the card says which.
 */
export function NotificationPreferencesCard() {
  const preferences = useMailPreferences();
  const update = useUpdateMailPreferences();
  const { toast } = useToast();

  if (preferences.isPending) {
    return (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin tip="Loading notification settings..." />
      </Flex>
    );
  }
  if (preferences.isError) {
    return (
      <Result
        status="error"
        title="Error Loading Notification Settings"
        subTitle="Failed to load your notification settings. Please try again."
        extra={<Button onClick={() => void preferences.refetch()}>Try Again</Button>}
      />
    );
  }

  const change = (kind: OptionalMailKind, on: boolean) =>
    update.mutate(
      { [kind]: on },
      {
        onSuccess: () =>
          toast({
            title: 'Notifications Updated',
            description: `${choices[kind].label} emails are ${on ? 'on' : 'off'}.`,
            variant: 'success',
          }),
        onError: (error) =>
          toast({
            title: 'Update Failed',
            description:
              (error instanceof ApiError && error.serverMessage) || 'Failed to update notifications. Please try again.',
            variant: 'destructive',
          }),
      },
    );

  return (
    <Card title="Email notifications">
      <Flex vertical gap={16}>
        {optionalMailKinds.map((kind) => (
          <Flex key={kind} justify="space-between" align="center" gap={16}>
            <div>
              <Typography.Text strong id={`mail-${kind}`}>
                {choices[kind].label}
              </Typography.Text>
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {choices[kind].hint}
              </Typography.Paragraph>
            </div>
            <Switch
              aria-labelledby={`mail-${kind}`}
              checked={preferences.data[kind]}
              loading={update.isPending && update.variables?.[kind] !== undefined}
              onChange={(on) => change(kind, on)}
            />
          </Flex>
        ))}
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Always sent, because they concern your account&apos;s payments and access: payment receipts, identity
          verification results, and security emails (email verification, password reset, a locked account).
        </Typography.Paragraph>
      </Flex>
    </Card>
  );
}
