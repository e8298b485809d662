import type { PropertyView } from '@app/contracts';
import { Button, Descriptions, Result, Typography } from 'antd';
import { ButtonLink } from '../../components/ButtonLink';
import { useInvestment } from '../../hooks/useTokenization';
import { formatMoney } from '../../lib/format';

const mono = (value: string | null | undefined) =>
  value ? (
    <Typography.Text code copyable style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Typography.Text>
  ) : (
    '—'
  );

/** Spec 4: the success screen after the investment, with 'Tokenize Another Property' to start again. */
export function CompletionStep({
  property,
  investmentId,
  onReset,
}: {
  property: PropertyView;
  investmentId: string;
  onReset: () => void;
}) {
  const investment = useInvestment(investmentId).data;
  return (
    <Result
      status="success"
      title="Tokenization Complete"
      subTitle={`${property.address} is tokenized and your investment is confirmed on chain.`}
      extra={[
        <Button key="again" type="primary" onClick={onReset}>
          Tokenize Another Property
        </Button>,
        <ButtonLink key="dashboard" to="/dashboard">
          Go to Dashboard
        </ButtonLink>,
      ]}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'submission', label: 'Submission', children: property.submissionId },
          { key: 'contract', label: 'Token contract', children: mono(property.contract?.contractAddress) },
          {
            key: 'invested',
            label: 'Invested',
            children: investment ? formatMoney(investment.amount, investment.currency) : '—',
          },
          {
            key: 'tokens',
            label: 'Tokens received',
            children: investment ? Number(investment.tokensReceived).toLocaleString('en-US') : '—',
          },
          { key: 'mint', label: 'Mint transaction', children: mono(investment?.transactionHash) },
          ...(investment?.lockedUntil
            ? [
                {
                  key: 'lockup',
                  label: 'Locked up until',
                  children: new Date(investment.lockedUntil).toLocaleDateString('en-NZ', { dateStyle: 'long' }),
                },
              ]
            : []),
        ]}
      />
    </Result>
  );
}
