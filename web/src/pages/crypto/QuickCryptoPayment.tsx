import {
  cryptoMessages,
  paymentStateLabels,
  supportedCryptoOptions,
  walletConstants,
  type Charge,
  type CryptoSymbol,
  type PaymentState,
} from '@app/contracts';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Radio, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useCreateCharge } from '../../hooks/useCrypto';
import { useToast } from '../../hooks/useToast';
import { ChargeAddresses } from './ChargeAddresses';
import { paymentStateColors, useWatchedCharge, type ChargeSession } from './useWatchedCharge';
import { trackEvent } from '../../api/events';

interface PaymentFormValues {
  amount: number | null;
  description: string;
  preferredCurrency: CryptoSymbol;
}

/** Spec 9: the sample quick payment is $500; here it is only the starting value. */
const initialValues: PaymentFormValues = {
  amount: walletConstants.sampleQuickPaymentUsd,
  description: 'Quick crypto payment',
  preferredCurrency: 'BTC',
};

const maxAmount = 1_000_000;

interface QuickChargeSession extends ChargeSession {
  preferredCurrency: CryptoSymbol;
}

/** Spec 2 'Quick Crypto Payment': a Coinbase Commerce charge, watched until it confirms or fails. */
export function QuickCryptoPayment() {
  const [form] = Form.useForm<PaymentFormValues>();
  const { toast } = useToast();
  const create = useCreateCharge();
  const [session, setSession] = useState<QuickChargeSession>();
  const [createFailed, setCreateFailed] = useState(false);
  const { charge, state: status, chargeQuery } = useWatchedCharge(session, createFailed);

  // One toast per charge when the polled status settles.
  const announced = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!charge || status === 'processing' || announced.current === charge.id) return;
    announced.current = charge.id;
    if (status === 'completed') {
      toast({
        title: cryptoMessages.paymentConfirmed.title,
        description: `Charge ${charge.code} is paid.`,
        variant: 'success',
      });
    } else {
      toast({
        title: cryptoMessages.paymentFailed.title,
        description: `Charge ${charge.code} ${charge.status.toUpperCase() === 'EXPIRED' ? 'expired' : 'was cancelled'} before it was paid.`,
        variant: 'destructive',
      });
    }
  }, [charge, status, toast]);

  const submit = (values: PaymentFormValues) =>
    create.mutate(
      {
        amount: values.amount ?? 0,
        currency: 'USD',
        description: values.description.trim(),
        metadata: { preferredCurrency: values.preferredCurrency },
      },
      {
        onSuccess: (created) => {
          trackEvent('crypto_payment_created', { currency: values.preferredCurrency });
          setCreateFailed(false);
          setSession({ charge: created, preferredCurrency: values.preferredCurrency, createdAt: Date.now() });
          toast({
            title: cryptoMessages.paymentCreated.title,
            description: `Charge ${created.code}: pay on the Coinbase page or send ${values.preferredCurrency} to the address shown.`,
            variant: 'success',
          });
        },
        onError: () => {
          setCreateFailed(true);
          toast({ ...cryptoMessages.paymentFailed, variant: 'destructive' });
        },
      },
    );

  const reset = () => {
    setSession(undefined);
    setCreateFailed(false);
    create.reset();
  };

  return (
    <Card
      title="Quick Crypto Payment"
      extra={
        <Tag color={paymentStateColors[status]} data-testid="payment-status">
          {paymentStateLabels[status]}
        </Tag>
      }
    >
      {session && charge ? (
        <ChargeDetails
          charge={charge}
          preferredCurrency={session.preferredCurrency}
          status={status}
          stoppedPolling={chargeQuery.windowOver && status === 'processing'}
          checkFailed={chargeQuery.isError}
          checking={chargeQuery.isFetching}
          onCheck={() => void chargeQuery.refetch()}
          onReset={reset}
        />
      ) : (
        <Form
          noValidate
          form={form}
          name="quick-payment"
          layout="vertical"
          initialValues={initialValues}
          onFinish={submit}
          disabled={create.isPending}
        >
          <Form.Item
            name="amount"
            label="Amount (USD)"
            rules={[
              { required: true, message: 'Enter an amount' },
              {
                type: 'number',
                min: 1,
                max: maxAmount,
                message: `Enter an amount from $1 to $${maxAmount.toLocaleString('en-US')}`,
              },
            ]}
          >
            <InputNumber<number> prefix="$" precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="description"
            label="Description"
            rules={[
              { required: true, whitespace: true, message: 'Enter a description' },
              { max: 200, message: 'Keep the description under 200 characters' },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="preferredCurrency" label="Pay with">
            <Radio.Group style={{ width: '100%' }}>
              <Flex vertical gap={4}>
                {supportedCryptoOptions.map((option) => (
                  <Radio key={option.symbol} value={option.symbol}>
                    {option.name} ({option.symbol}){' '}
                    <Typography.Text type="secondary">
                      network fee about {option.networkFee} {option.feeCurrency}, {option.network}
                    </Typography.Text>
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          </Form.Item>
          {status === 'failed' ? (
            <Flex vertical gap={8}>
              <Alert type="error" showIcon title={cryptoMessages.paymentFailed.description} />
              <Button onClick={reset}>Try Again</Button>
            </Flex>
          ) : (
            <Button type="primary" htmlType="submit" block loading={create.isPending}>
              {create.isPending ? 'Creating Payment...' : 'Create Payment'}
            </Button>
          )}
        </Form>
      )}
    </Card>
  );
}

interface ChargeDetailsProps {
  charge: Charge;
  preferredCurrency: CryptoSymbol;
  status: PaymentState;
  stoppedPolling: boolean;
  checkFailed: boolean;
  checking: boolean;
  onCheck: () => void;
  onReset: () => void;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function ChargeDetails({
  charge,
  preferredCurrency,
  status,
  stoppedPolling,
  checkFailed,
  checking,
  onCheck,
  onReset,
}: ChargeDetailsProps) {
  return (
    <Flex vertical gap={16}>
      <Typography.Text>
        Charge <Typography.Text code>{charge.code}</Typography.Text> for {usd.format(Number(charge.amount))}
      </Typography.Text>
      {checkFailed && status === 'processing' && (
        <Alert type="warning" showIcon title="Could not check the payment status just now; we keep trying." />
      )}
      {status === 'processing' && (
        <Typography.Text type="secondary">
          {stoppedPolling
            ? 'We stopped checking after 30 minutes. Check again once you have paid.'
            : `Waiting for the payment. Crypto payments usually confirm within ${walletConstants.chargeConfirmationWindow}; we check every 10 seconds.`}
        </Typography.Text>
      )}
      {status === 'completed' && <Alert type="success" showIcon title="Payment confirmed by Coinbase Commerce." />}
      {status === 'failed' && (
        <Alert type="error" showIcon title={`The charge is ${charge.status.toLowerCase()}; no payment was taken.`} />
      )}
      {status === 'processing' && (
        <>
          <ChargeAddresses charge={charge} currency={preferredCurrency} />
        </>
      )}
      <Flex gap={8} wrap>
        {status === 'processing' && stoppedPolling && (
          <Button onClick={onCheck} loading={checking}>
            Check Again
          </Button>
        )}
        {status === 'failed' && (
          <Button type="primary" onClick={onReset}>
            Try Again
          </Button>
        )}
        {status === 'completed' && <Button onClick={onReset}>New Payment</Button>}
      </Flex>
    </Flex>
  );
}
