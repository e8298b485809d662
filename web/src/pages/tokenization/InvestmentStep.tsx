import {
  DEFAULT_INVESTMENT_AMOUNT,
  ErrorCode,
  investmentMessages,
  investmentPaymentMethods,
  investmentRequestSchema,
  kycCleared,
  kycMessages,
  kycVerificationPath,
  minimumInvestment,
  tokenizationMessages,
  type InvestmentPaymentMethod,
  type InvestmentView,
  type PropertyView,
} from '@app/contracts';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { ButtonLink } from '../../components/ButtonLink';
import { KycRequiredAlert } from '../../components/feedback/KycRequiredAlert';
import { useKycStatus } from '../../hooks/useKyc';
import {
  useCancelInvestment,
  useCreateInvestment,
  useInvestment,
  useInvestments,
  useWholesaleDeclaration,
} from '../../hooks/useTokenization';
import { useToast } from '../../hooks/useToast';
import { formatMoney } from '../../lib/format';
import { zodRule } from '../../lib/zodRule';
import { CardPayment } from './CardPayment';
import { investmentStatusLabels } from './labels';
import { WholesaleDeclaration } from './WholesaleDeclaration';

const nzd = (amount: number | string) => formatMoney(amount, 'NZD');
const paymentMethods = Object.keys(investmentPaymentMethods) as InvestmentPaymentMethod[];

interface InvestmentValues {
  amount: number | null;
  paymentMethod: InvestmentPaymentMethod;
  walletAddress: string;
}

interface InvestmentStepProps {
  property: PropertyView;
  /** The investment being paid and minted (from the URL), if any. */
  investmentId: string | undefined;
  onCreated: (investment: InvestmentView) => void;
  onCompleted: () => void;
  /** Forgets a failed investment, back to the form. */
  onRetry: () => void;
}

/** Step 4: who may invest (KYC, wholesale status), how much and how to pay, then the payment and the mint, live. */
export function InvestmentStep({ property, investmentId, onCreated, onCompleted, onRetry }: InvestmentStepProps) {
  const tokenPrice = Number(property.tokenPrice);
  return (
    <Card title="Investment Portal">
      <Flex vertical gap={20}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'price', label: 'Token price', children: nzd(tokenPrice) },
            { key: 'minimum', label: 'Minimum investment', children: nzd(minimumInvestment(tokenPrice)) },
            { key: 'supply', label: 'Token supply', children: property.tokenSupply.toLocaleString('en-US') },
          ]}
        />
        {investmentId ? (
          <InvestmentProgress id={investmentId} onCompleted={onCompleted} onRetry={onRetry} />
        ) : (
          <>
            <IdentityStatus />
            <WholesaleDeclaration />
            <Divider style={{ margin: 0 }} />
            <AwaitingPayment propertyId={property.id} onResume={onCreated} />
            <InvestmentForm property={property} onCreated={onCreated} />
          </>
        )}
      </Flex>
    </Card>
  );
}

/** Spec 4 KYC in investment: investing is blocked until the identity is verified. */
function IdentityStatus() {
  const kyc = useKycStatus();
  const status = kyc.data?.kycStatus;
  return (
    <section aria-labelledby="identity-heading">
      <Typography.Title level={3} id="identity-heading" style={{ fontSize: 16 }}>
        Identity verification (KYC)
      </Typography.Title>
      {kyc.isPending ? (
        <Spin size="small" />
      ) : kycCleared(status) ? (
        <Tag color="success">Identity verified</Tag>
      ) : status === 'processing' ? (
        <Alert type="info" showIcon title={kycMessages.processing} />
      ) : (
        <Alert
          type="warning"
          showIcon
          title={tokenizationMessages.kycFirst}
          description="Investing is open to verified investors only. Verify your identity under Settings → Verification, then come back here."
          action={
            <ButtonLink to={kycVerificationPath} size="small" type="primary">
              Verify identity
            </ButtonLink>
          }
        />
      )}
    </section>
  );
}

function InvestmentForm({ property, onCreated }: { property: PropertyView; onCreated: (i: InvestmentView) => void }) {
  const [form] = Form.useForm<InvestmentValues>();
  const kyc = useKycStatus();
  const declaration = useWholesaleDeclaration();
  const create = useCreateInvestment();
  const [refusal, setRefusal] = useState<unknown>();
  const tokenPrice = Number(property.tokenPrice);
  const minimum = minimumInvestment(tokenPrice);
  // Undefined until the form is mounted; null once the field is cleared.
  const watchedAmount = Form.useWatch('amount', form);
  const amount = watchedAmount === undefined ? DEFAULT_INVESTMENT_AMOUNT : watchedAmount;
  const method = Form.useWatch('paymentMethod', form) ?? 'nzd';
  const fee = (amount ?? 0) * investmentPaymentMethods[method].fee;

  const verified = kycCleared(kyc.data?.kycStatus);
  const declared = declaration.data?.valid === true;
  const enough = amount !== null && amount >= minimum;

  const send = (values: InvestmentValues) => {
    const parsed = investmentRequestSchema.safeParse(values);
    if (!parsed.success) return; // the fields' own rules already show why
    setRefusal(undefined);
    create.mutate(
      { propertyId: property.id, request: parsed.data },
      {
        onSuccess: onCreated,
        onError: (error) => {
          setRefusal(error);
          // A refusal for the wholesale status means the declaration read here is out of date.
          if (error instanceof ApiError && error.code === ErrorCode.Forbidden) void declaration.refetch();
          if (error instanceof ApiError && error.code === ErrorCode.KycRequired) void kyc.refetch();
        },
      },
    );
  };

  // Why Invest is disabled, once the checks have answered (the sections above say what to do).
  const blocked =
    kyc.data && !verified
      ? 'Verify your identity to invest.'
      : declaration.isSuccess && !declared
        ? 'Declare your wholesale investor status to invest.'
        : null;

  return (
    <Form<InvestmentValues>
      form={form}
      name="investment"
      layout="vertical"
      initialValues={{ amount: DEFAULT_INVESTMENT_AMOUNT, paymentMethod: 'nzd', walletAddress: '' }}
      onFinish={send}
      disabled={create.isPending}
      noValidate
    >
      <Form.Item
        label="Investment Amount (NZD)"
        name="amount"
        required
        extra={`Minimum ${nzd(minimum)}: ten times the token price.`}
        rules={[
          {
            validator: async (_rule, value: number | null) => {
              if (value === null || value === undefined || value < minimum)
                throw new Error(investmentMessages.belowMinimum(minimum));
            },
          },
        ]}
      >
        <InputNumber<number> prefix="NZ$" min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="Payment Method" name="paymentMethod" required>
        <Radio.Group style={{ width: '100%' }}>
          <Flex vertical gap={6}>
            {paymentMethods.map((key) => {
              const option = investmentPaymentMethods[key];
              return (
                <Radio key={key} value={key} disabled={!option.adapter}>
                  {option.label}{' '}
                  <Typography.Text type="secondary">
                    fee {(option.fee * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%, settles{' '}
                    {option.settlement === 'instant' ? 'instantly' : `in ${option.settlement}`}
                    {option.unavailable ? ` (${option.unavailable})` : ''}
                  </Typography.Text>
                </Radio>
              );
            })}
          </Flex>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        label="Wallet Address"
        name="walletAddress"
        required
        rules={[zodRule(investmentRequestSchema.shape.walletAddress)]}
        extra="The EVM wallet the tokens are minted to; it is added to the token's identity registry."
      >
        <Input placeholder="0x..." autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'tokens',
            label: 'Tokens (about)',
            children: enough ? Math.floor(amount / tokenPrice).toLocaleString('en-US') : '—',
          },
          { key: 'fee', label: 'Fee', children: nzd(fee) },
          { key: 'total', label: 'Total', children: nzd((amount ?? 0) + fee) },
        ]}
      />
      <Flex vertical gap={8} style={{ marginTop: 16 }}>
        <KycRequiredAlert error={refusal} />
        {refusal instanceof ApiError && refusal.code !== ErrorCode.KycRequired && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={refusal.serverMessage ?? 'The investment could not be created. Please try again.'}
          />
        )}
        {refusal !== undefined && !(refusal instanceof ApiError) && (
          <Alert type="error" showIcon role="alert" title="The investment could not be created. Please try again." />
        )}
        {blocked && <Typography.Text type="secondary">{blocked}</Typography.Text>}
        <Button
          type="primary"
          htmlType="submit"
          loading={create.isPending}
          disabled={!verified || !declared || !enough}
        >
          Invest {enough ? nzd(amount + fee) : ''}
        </Button>
      </Flex>
    </Form>
  );
}

/** "Pay by 14:30, 2 Dec" (the investor's local time). */
const payByText = (payBy: string) =>
  new Date(payBy).toLocaleString('en-NZ', { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' });

/** Cancels an investment awaiting payment, once the investor confirms. */
function CancelInvestmentButton({ id }: { id: string }) {
  const cancel = useCancelInvestment();
  const { toast } = useToast();
  return (
    <Popconfirm
      title="Cancel this investment?"
      description="Its card payment is cancelled and its tokens are released. Nothing is charged."
      okText="Cancel investment"
      cancelText="Keep it"
      onConfirm={() =>
        cancel.mutateAsync(id).then(
          () =>
            toast({ title: 'Investment cancelled', description: 'Nothing was charged; its tokens are free again.' }),
          (error: unknown) =>
            toast({
              title: 'The investment could not be cancelled',
              description: (error instanceof ApiError && error.body?.message) || 'Please try again.',
              variant: 'destructive',
            }),
        )
      }
    >
      <Button danger loading={cancel.isPending}>
        Cancel investment
      </Button>
    </Popconfirm>
  );
}

/** The investor's investments in this property still waiting for their payment: resume or cancel each. */
function AwaitingPayment({ propertyId, onResume }: { propertyId: string; onResume: (i: InvestmentView) => void }) {
  const investments = useInvestments();
  const awaiting = (investments.data ?? []).filter(
    (investment) => investment.propertyId === propertyId && investment.status === 'awaiting_payment',
  );
  if (!awaiting.length) return null;
  return (
    <section aria-labelledby="awaiting-heading">
      <Typography.Title level={3} id="awaiting-heading" style={{ fontSize: 16 }}>
        Awaiting payment
      </Typography.Title>
      <Flex vertical gap={8}>
        {awaiting.map((investment) => (
          <Flex
            key={investment.id}
            align="center"
            gap={12}
            wrap
            aria-label={`Investment ${investment.id}`}
            role="group"
          >
            <Typography.Text strong>{investment.id}</Typography.Text>
            <Typography.Text>
              {investment.tokensReceived} tokens, {nzd(Number(investment.amount) + Number(investment.fee))}
            </Typography.Text>
            {investment.payBy && (
              <Typography.Text type="secondary">
                Pay by {payByText(investment.payBy)} or this reservation lapses.
              </Typography.Text>
            )}
            <Button type="primary" onClick={() => onResume(investment)}>
              Resume payment
            </Button>
            <CancelInvestmentButton id={investment.id} />
          </Flex>
        ))}
      </Flex>
    </section>
  );
}

/** The investment after its creation: how to pay, then the live status until the tokens are minted. */
function InvestmentProgress({
  id,
  onCompleted,
  onRetry,
}: {
  id: string;
  onCompleted: () => void;
  onRetry: () => void;
}) {
  const investment = useInvestment(id);
  const status = investment.data?.status;
  useEffect(() => {
    if (status === 'completed') onCompleted();
  }, [status, onCompleted]);

  if (investment.isPending) return <Spin aria-label="Loading the investment" />;
  if (investment.isError && !investment.data) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title="The investment could not be loaded."
        action={
          <Button size="small" loading={investment.isFetching} onClick={() => void investment.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }
  const view = investment.data;
  const total = nzd(Number(view.amount) + Number(view.fee));
  return (
    <section aria-label="Your investment">
      <Flex vertical gap={12}>
        <Flex align="center" gap={8} wrap>
          <Typography.Text strong>{view.id}</Typography.Text>
          <Tag color={view.status === 'failed' ? 'error' : view.status === 'completed' ? 'success' : 'processing'}>
            {investmentStatusLabels[view.status]}
          </Tag>
          <Typography.Text type="secondary">
            {nzd(view.amount)} + {nzd(view.fee)} fee, {investmentPaymentMethods[view.paymentMethod].label}
          </Typography.Text>
        </Flex>
        {view.status === 'awaiting_payment' && (
          <Flex align="center" gap={12} wrap>
            {view.payBy && (
              <Typography.Text role="note">
                Pay by {payByText(view.payBy)} or this reservation lapses: its tokens are then released and nothing is
                charged.
              </Typography.Text>
            )}
            <CancelInvestmentButton id={view.id} />
          </Flex>
        )}
        {view.status === 'awaiting_payment' && view.payment?.kind === 'card' && (
          <CardPayment
            clientSecret={view.payment.clientSecret}
            publishableKey={view.payment.publishableKey}
            total={total}
          />
        )}
        {view.status === 'awaiting_payment' && view.payment?.kind === 'crypto' && (
          <Flex vertical gap={8}>
            <Typography.Text>
              Pay {total} in MATIC on the Coinbase Commerce page. This page follows the payment and shows the tokens
              once they are minted.
            </Typography.Text>
            <div>
              <Button type="primary" href={view.payment.hostedUrl} target="_blank" rel="noreferrer">
                Open the payment page
              </Button>
            </div>
          </Flex>
        )}
        {(view.status === 'paid' || view.status === 'minting') && (
          <Flex align="center" gap={12} role="status">
            <Spin size="small" />
            <Typography.Text>
              {view.status === 'paid' ? 'Payment received; minting your tokens...' : 'Minting your tokens...'}
            </Typography.Text>
          </Flex>
        )}
        {view.status === 'failed' && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title="The investment failed."
            description={view.error ?? 'No tokens were minted.'}
            action={
              <Button size="small" onClick={onRetry}>
                Try Again
              </Button>
            }
          />
        )}
      </Flex>
    </section>
  );
}
