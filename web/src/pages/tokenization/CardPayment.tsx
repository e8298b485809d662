import { CardElement, Elements, useElements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, theme, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchBillingConfig } from '../../api/billing';
import { queryKeys } from '../../api/query-keys';
import { useToast } from '../../hooks/useToast';
import { loadStripeJs } from '../../lib/stripe-js';
import { paymentErrorMessage, stripeNotLoadedMessage } from '../checkout/checkout';

/** Stripe's card form on the dark theme (as at checkout). */
const cardElementOptions = {
  style: {
    base: { color: '#ffffff', fontSize: '16px', iconColor: '#60a5fa', '::placeholder': { color: '#9ca3af' } },
    invalid: { color: '#f87171', iconColor: '#f87171' },
  },
};

interface CardPaymentProps {
  clientSecret: string;
  publishableKey: string;
  /** What the card is charged, formatted: the amount and the fee. */
  total: string;
}

/** Pays an investment's PaymentIntent with Stripe Elements; the server hears of it from Stripe and mints. */
export function CardPayment({ clientSecret, publishableKey, total }: CardPaymentProps) {
  const queryClient = useQueryClient();
  const [stripe, setStripe] = useState<Stripe | null>();
  useEffect(() => {
    let current = true;
    // Loaded once a card payment is due, from where GET /api/billing/config says (Stripe's own, or the fake's).
    queryClient
      .fetchQuery({ queryKey: queryKeys.billingConfig, queryFn: fetchBillingConfig })
      .then(({ stripeJsUrl }) => loadStripeJs(publishableKey, stripeJsUrl))
      .then(
        (loaded) => current && setStripe(loaded),
        () => current && setStripe(null),
      );
    return () => {
      current = false;
    };
  }, [publishableKey, queryClient]);

  if (stripe === undefined) return <Typography.Text type="secondary">Loading the secure card form...</Typography.Text>;
  if (stripe === null) {
    return (
      <Alert
        type="warning"
        showIcon
        title="Card payments are unavailable right now"
        description="We could not load Stripe, our card payment provider. Please refresh the page and try again."
      />
    );
  }
  return (
    <Elements stripe={stripe}>
      <CardForm stripe={stripe} clientSecret={clientSecret} total={total} />
    </Elements>
  );
}

function CardForm({ stripe, clientSecret, total }: { stripe: Stripe; clientSecret: string; total: string }) {
  const elements = useElements();
  const { token } = theme.useToken();
  const { toast } = useToast();
  const [paying, setPaying] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const fail = (description: string) => toast({ title: 'Payment Failed', description, variant: 'destructive' });

  const pay = async () => {
    const card = elements?.getElement(CardElement);
    if (!card) {
      fail(stripeNotLoadedMessage);
      return;
    }
    setPaying(true);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      if (result.error) {
        const declined = result.error.type === 'card_error' || result.error.type === 'validation_error';
        fail(declined && result.error.message ? result.error.message : paymentErrorMessage);
        return;
      }
      setSubmitted(true);
    } catch {
      fail(paymentErrorMessage);
    } finally {
      setPaying(false);
    }
  };

  if (submitted) {
    return (
      <Typography.Text role="status">
        Card payment accepted. We are waiting for Stripe to confirm it; the tokens are minted right after.
      </Typography.Text>
    );
  }
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        Enter your card details. They go straight to Stripe and never touch our servers.
      </Typography.Text>
      <div style={{ padding: 12, border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius }}>
        <CardElement options={cardElementOptions} />
      </div>
      <Button type="primary" loading={paying} onClick={() => void pay()}>
        {paying ? 'Processing...' : `Pay ${total}`}
      </Button>
    </Flex>
  );
}
