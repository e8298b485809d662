import {
  cryptoMessages,
  ErrorCode,
  paymentStateLabels,
  supportedCryptoOptions,
  walletConstants,
  type BillingCycle,
  type CryptoSymbol,
  type PlanView,
} from '@app/contracts';
import { Alert, Button, Flex, Radio, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import site from '../../components/site/site.module.css';
import { useSubscription } from '../../hooks/useBilling';
import { useCreateSubscriptionCharge } from '../../hooks/useCrypto';
import { useToast } from '../../hooks/useToast';
import { ChargeAddresses } from '../crypto/ChargeAddresses';
import { useCryptoTiming } from '../crypto/timing';
import { paymentStateColors, useWatchedCharge, type ChargeSession } from '../crypto/useWatchedCharge';
import { perCycle } from './checkout';

/** Billing activates the plan a moment after the charge completes: asked this often meanwhile. */
const activationPollMs = 2_000;

interface Session extends ChargeSession {
  currency: CryptoSymbol;
}

interface CryptoCheckoutProps {
  plan: PlanView;
  cycle: BillingCycle;
  /** The price as shown ("$29"). */
  price: string;
  /** Resolves true when a session is there; otherwise it has sent the visitor to sign in. */
  ensureSignedIn: () => Promise<boolean>;
}

/**
 * The checkout's crypto tab (issue 21): a Coinbase Commerce charge for one period of the plan at its
 * price, its payment page and addresses, polled every 10 seconds (spec 9) until it is paid or fails;
 * once paid, billing activates the plan (ChargeCompleted) and the user goes to the dashboard.
 * States and labels of spec 4; from Failed, Try Again clears the charge and returns to Pending.
 */
export function CryptoCheckout({ plan, cycle, price, ensureSignedIn }: CryptoCheckoutProps) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const timing = useCryptoTiming();
  const create = useCreateSubscriptionCharge();
  const [currency, setCurrency] = useState<CryptoSymbol>('BTC');
  const [session, setSession] = useState<Session>();
  const [createFailed, setCreateFailed] = useState(false);
  const [starting, setStarting] = useState(false);
  const { charge, state, chargeQuery } = useWatchedCharge(session, createFailed);
  const paid = state === 'completed';
  const subscription = useSubscription({
    enabled: paid,
    pollMs: paid ? Math.min(activationPollMs, timing.chargePollMs) : false,
  });
  const active = paid && subscription.data?.status === 'active' && subscription.data.planId === plan.id;

  // One toast per charge when it settles; the confirmation waits for the plan to be active.
  const announced = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!charge || announced.current === charge.id) return;
    if (state === 'failed') {
      announced.current = charge.id;
      toast({
        title: cryptoMessages.paymentFailed.title,
        description: `Charge ${charge.code} ${charge.status.toUpperCase() === 'EXPIRED' ? 'expired' : 'was cancelled'} before it was paid. Your plan has not changed.`,
        variant: 'destructive',
      });
    } else if (active) {
      announced.current = charge.id;
      toast({
        title: cryptoMessages.paymentConfirmed.title,
        description: `Welcome to ${plan.name}. Your subscription is now active.`,
        variant: 'success',
      });
      void navigate('/dashboard');
    }
  }, [charge, state, active, plan.name, toast, navigate]);

  const start = async () => {
    setStarting(true);
    try {
      if (!(await ensureSignedIn())) return;
      const created = await create.mutateAsync({
        planId: plan.id as 'growth' | 'pro',
        billingCycle: cycle,
        preferredCurrency: currency,
      });
      setCreateFailed(false);
      setSession({ charge: created, currency, createdAt: Date.now() });
      toast({
        title: cryptoMessages.paymentCreated.title,
        description: `Charge ${created.code}: pay on the Coinbase page or send ${currency} to the address shown.`,
        variant: 'success',
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.EmailNotVerified) {
        toast({
          title: 'Email Not Verified',
          description: 'Please verify your email address before subscribing. Check your inbox for the link.',
          variant: 'destructive',
        });
        return;
      }
      if (error instanceof ApiError && error.status === 401) {
        await ensureSignedIn();
        return;
      }
      setCreateFailed(true);
      toast({ ...cryptoMessages.paymentFailed, variant: 'destructive' });
    } finally {
      setStarting(false);
    }
  };

  const reset = () => {
    setSession(undefined);
    setCreateFailed(false);
    create.reset();
  };

  const status = (
    <Tag color={paymentStateColors[state]} data-testid="crypto-payment-status">
      {paymentStateLabels[state]}
    </Tag>
  );

  if (!session || !charge) {
    return (
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center">
          <Typography.Text strong>Pay with crypto</Typography.Text>
          {status}
        </Flex>
        <p className={site.cardText} style={{ margin: 0 }}>
          Pay your {plan.name} subscription of {price}
          {perCycle(cycle)} in cryptocurrency through Coinbase Commerce. We show the address to send it to; your plan
          starts once the network confirms the transfer. Crypto payments do not renew by themselves: we e-mail you
          before the period ends.
        </p>
        <Radio.Group value={currency} onChange={(event) => setCurrency(event.target.value as CryptoSymbol)}>
          <Flex vertical gap={4}>
            {supportedCryptoOptions.map((option) => (
              <Radio key={option.symbol} value={option.symbol}>
                {option.name} ({option.symbol}){' '}
                <Typography.Text type="secondary">
                  network fee about {option.networkFee} {option.feeCurrency}
                </Typography.Text>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
        {state === 'failed' ? (
          <Flex vertical gap={8}>
            <Alert type="error" showIcon title={cryptoMessages.paymentFailed.description} />
            <Button onClick={reset}>Try Again</Button>
          </Flex>
        ) : (
          <Button type="primary" size="large" block loading={starting} onClick={() => void start()}>
            {starting ? 'Creating Payment...' : `Pay ${price} with crypto`}
          </Button>
        )}
        <Typography.Text type="secondary">
          Already hold crypto with us? <Link to="/crypto-wallet">Open the crypto wallet</Link>.
        </Typography.Text>
      </Flex>
    );
  }

  const stoppedPolling = chargeQuery.windowOver && state === 'processing';

  return (
    <Flex vertical gap={12} data-testid="crypto-charge">
      <Flex justify="space-between" align="center">
        <Typography.Text>
          Charge <Typography.Text code>{charge.code}</Typography.Text> for {price} ({plan.name},{' '}
          {cycle === 'annual' ? 'one year' : 'one month'})
        </Typography.Text>
        {status}
      </Flex>
      {state === 'processing' && (
        <>
          {chargeQuery.isError && (
            <Alert type="warning" showIcon title="Could not check the payment status just now; we keep trying." />
          )}
          <Typography.Text type="secondary">
            {stoppedPolling
              ? 'We stopped checking after 30 minutes. Check again once you have paid.'
              : `Waiting for the payment. Crypto payments usually confirm within ${walletConstants.chargeConfirmationWindow}; we check every 10 seconds.`}
          </Typography.Text>
          <ChargeAddresses charge={charge} currency={session.currency} />
          {stoppedPolling && (
            <Button onClick={() => void chargeQuery.refetch()} loading={chargeQuery.isFetching}>
              Check Again
            </Button>
          )}
        </>
      )}
      {paid &&
        (active ? (
          <Alert type="success" showIcon title={`Your ${plan.name} plan is active.`} />
        ) : (
          <Alert
            type="info"
            showIcon
            title="Payment confirmed by Coinbase Commerce. Activating your plan..."
            description={subscription.isError ? 'Could not read your plan just now; we keep trying.' : undefined}
          />
        ))}
      {state === 'failed' && (
        <>
          <Alert
            type="error"
            showIcon
            title={`The charge is ${charge.status.toLowerCase()}; no payment was taken and your plan has not changed.`}
          />
          <Button type="primary" onClick={reset}>
            Try Again
          </Button>
        </>
      )}
    </Flex>
  );
}
