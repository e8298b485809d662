import { Tag } from 'antd';

/** Spec 4: affiliate, referral and payout statuses share one badge style; unknown values show raw. */
const styles: Record<string, { color: string; label: string }> = {
  pending: { color: 'gold', label: 'Pending' },
  approved: { color: 'success', label: 'Approved' },
  rejected: { color: 'error', label: 'Rejected' },
  suspended: { color: 'volcano', label: 'Suspended' },
  converted: { color: 'success', label: 'Converted' },
  requested: { color: 'processing', label: 'Requested' },
  paid: { color: 'success', label: 'Paid' },
  failed: { color: 'error', label: 'Failed' },
};

export function StatusTag({ status }: { status: string }) {
  const style = styles[status];
  return <Tag color={style?.color ?? 'default'}>{style?.label ?? status}</Tag>;
}
