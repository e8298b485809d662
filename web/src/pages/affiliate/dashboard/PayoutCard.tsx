import { affiliateMessages, MIN_PAYOUT, type AffiliateProfile } from '@app/contracts';
import { Button, Card, Flex, Statistic, Typography } from 'antd';
import { ApiError } from '../../../api/client';
import { isKycRequiredError } from '../../../api/kyc';
import { KycRequiredAlert } from '../../../components/feedback/KycRequiredAlert';
import { useAffiliatePayouts, useAffiliateStats, useRequestPayout } from '../../../hooks/useAffiliate';
import { useToast } from '../../../hooks/useToast';
import { formatAmount } from './format';

/**
 * Why the payout button is disabled (spec 5.7), or undefined when a request is allowed. Money is
 * paid only to approved affiliates that are not demos; the server refuses the others with the same
 * messages, and the error toast shows its message if the account changed since it was loaded.
 */
function payoutBlockedReason(profile: AffiliateProfile, pendingAmount: string | undefined): string | undefined {
  if (pendingAmount !== undefined) return `A payout of ${formatAmount(pendingAmount)} is being processed.`;
  if (profile.isDemo) return affiliateMessages.payoutDemo;
  if (profile.status === 'suspended') return affiliateMessages.suspended;
  if (profile.status !== 'approved') return affiliateMessages.payoutNotApproved;
  if (Number(profile.currentBalance) < MIN_PAYOUT) {
    return `You can request a payout once your balance reaches $${MIN_PAYOUT}.`;
  }
  return undefined;
}

/** The balance with the payout request: an approved, non-demo account, at least $50, and no request already pending. */
export function PayoutCard({ profile }: { profile: AffiliateProfile }) {
  const payouts = useAffiliatePayouts();
  const stats = useAffiliateStats();
  const request = useRequestPayout();
  const { toast } = useToast();

  const pendingAmount =
    stats.data?.pendingPayout ?? payouts.data?.find((payout) => payout.status === 'requested')?.amount;
  const blockedReason = payoutBlockedReason(profile, pendingAmount ?? undefined);
  // Until both answers are in, a pending request cannot be ruled out.
  const checking = payouts.isPending || stats.isPending;

  const requestPayout = () =>
    request.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: affiliateMessages.payoutRequested,
          description: affiliateMessages.payoutRequestedDescription,
          variant: 'success',
        }),
      onError: (error) => {
        // A KYC refusal is explained under the button, with the way to verify.
        if (isKycRequiredError(error)) return;
        toast({
          title: affiliateMessages.payoutFailedTitle,
          description: (error instanceof ApiError && error.serverMessage) || affiliateMessages.payoutFailed,
          variant: 'destructive',
        });
      },
    });

  return (
    <Card title="Balance" size="small">
      <Flex vertical gap={12}>
        <Statistic title="Available for payout" value={formatAmount(profile.currentBalance)} />
        <Button
          type="primary"
          disabled={checking || blockedReason !== undefined}
          loading={request.isPending}
          onClick={requestPayout}
        >
          Request Payout
        </Button>
        <Typography.Text type="secondary">
          {blockedReason ?? `Minimum payout $${MIN_PAYOUT}. Payouts are processed within 2-3 business days.`}
        </Typography.Text>
        <KycRequiredAlert error={request.error} />
      </Flex>
    </Card>
  );
}
