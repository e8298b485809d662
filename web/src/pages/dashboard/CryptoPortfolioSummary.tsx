import { Card, Flex, Skeleton, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { useTransactionVolume } from '../../hooks/useDashboard';
import { formatCompactMoney, formatMoney } from '../../lib/format';
import { LoadFailed } from './LoadFailed';

/**
 * Spec 2 Crypto Portfolio summary. There is no per-user holdings record (wallet balances live on the
 * ledger, read in the Crypto Wallet), so this shows the crypto payments the user received: the
 * completed, USD-priced crypto volume of the last 90 days.
 */
export function CryptoPortfolioSummary() {
  const volume = useTransactionVolume('90d');
  const total = volume.data?.points.reduce((sum, point) => sum + point.crypto, 0) ?? 0;
  const activeDays = volume.data?.points.filter((point) => point.crypto > 0).length ?? 0;

  return (
    <Card title="Crypto Portfolio" extra={<Link to="/crypto-wallet">Manage</Link>} style={{ height: '100%' }}>
      {volume.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : volume.isError ? (
        <LoadFailed what="Crypto payments" onRetry={() => void volume.refetch()} retrying={volume.isFetching} />
      ) : (
        <Flex vertical gap={12}>
          <Statistic
            title="Crypto payments received, last 90 days"
            value={formatCompactMoney(total, volume.data.currency)}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {total > 0
              ? `${formatMoney(total, volume.data.currency)} completed on ${activeDays} ${activeDays === 1 ? 'day' : 'days'}. Payments without a USD price (XRP) are listed under Transactions.`
              : 'No completed crypto payments in the last 90 days.'}{' '}
            Wallet balances are read from the ledger in the Crypto Wallet.
          </Typography.Text>
          <ButtonLink type="primary" to="/crypto-wallet">
            Trade
          </ButtonLink>
        </Flex>
      )}
    </Card>
  );
}
