import { customerInfoSchema, ErrorCode, type BillingCycle, type CurrentUser, type PlanView } from '@app/contracts';
import { CardElement, Elements, useElements } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Radio, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fetchCurrentUser } from '../../api/auth';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { PlansError, PlansLoading, SkeletonLine } from '../../components/site/PlansLoadState';
import { SitePage } from '../../components/site/SitePage';
import site from '../../components/site/site.module.css';
import { useCreateSubscription, usePlans } from '../../hooks/useBilling';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { useStripeLoader, type StripeStatus } from '../../hooks/useStripeLoader';
import { useToast } from '../../hooks/useToast';
import { cx } from '../../lib/cx';
import { firstIssuePerField } from '../../lib/zodRule';
import { CryptoCheckout } from './CryptoCheckout';
import { annualSavingLabel, formatUsd } from '../pricing/pricing';
import {
  checkoutPath,
  cycleFromQuery,
  cycleLabels,
  freePlanOf,
  paidPlansOf,
  paymentErrorMessage,
  perCycle,
  planFromQuery,
  priceOf,
  stripeNotLoadedMessage,
} from './checkout';
import styles from './checkout.module.css';

interface AccountValues {
  name?: string;
  email?: string;
  company?: string;
}

type AccountField = keyof AccountValues;
const accountFields: readonly AccountField[] = ['name', 'email', 'company'];
const isAccountField = (field: string): field is AccountField => (accountFields as readonly string[]).includes(field);

/** Stripe's card form on the dark theme. */
const cardElementOptions = {
  style: {
    base: { color: '#ffffff', fontSize: '16px', iconColor: '#60a5fa', '::placeholder': { color: '#9ca3af' } },
    invalid: { color: '#f87171', iconColor: '#f87171' },
  },
};

/** Spec 2.10: plan, billing cycle, account form, card or crypto, order summary, back link to /pricing. */
export function CheckoutPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: plans, isError, isFetching, refetch } = usePlans();
  const paidPlans = useMemo(() => (plans ? paidPlansOf(plans) : []), [plans]);
  const freePlan = plans && freePlanOf(plans);
  const plan = planFromQuery(paidPlans, searchParams.get('plan'));
  const cycle = cycleFromQuery(searchParams.get('cycle'));
  const stripeLoader = useStripeLoader();

  // The choice lives in the URL, as the pricing page links it, so a reload keeps it.
  const choose = (next: { plan?: PlanView; cycle?: BillingCycle }) =>
    setSearchParams(
      { plan: (next.plan ?? plan)?.id ?? '', cycle: next.cycle ?? cycle },
      { replace: true, preventScrollReset: true },
    );

  return (
    <SitePage title="Checkout">
      <section aria-labelledby="checkout-title" className={site.hero} style={{ paddingBottom: 32 }}>
        <div className={site.container}>
          <Link to="/pricing" className={styles.back}>
            ← Back to pricing
          </Link>
          <h1 id="checkout-title" className={site.heroTitle}>
            Secure Checkout
          </h1>
          <p className={site.lead}>
            Choose your plan and billing cycle, then pay by card or crypto. Card details go straight to Stripe, our card
            payment provider; they never reach our servers.
          </p>
        </div>
      </section>

      {plan ? (
        <div className={cx(site.container, styles.layout)}>
          <Elements stripe={stripeLoader.stripe}>
            <CheckoutForm
              plan={plan}
              paidPlans={paidPlans}
              freePlan={freePlan}
              cycle={cycle}
              onChoose={choose}
              stripeStatus={stripeLoader.status}
              loadStripe={stripeLoader.load}
            />
          </Elements>
          <OrderSummary plan={plan} cycle={cycle} />
        </div>
      ) : plans || isError ? (
        // Failed, or (never expected) an answer without a paid plan: nothing can be sold, so offer to ask again.
        <div className={cx(site.container, styles.status)}>
          <PlansError onRetry={() => void refetch()} retrying={isFetching} />
        </div>
      ) : (
        <CheckoutSkeleton />
      )}
    </SitePage>
  );
}

/** The form and summary cards' shape while GET /api/plans is on its way, so the page does not jump. */
function CheckoutSkeleton() {
  return (
    <div className={cx(site.container, styles.layout)}>
      <section className={cx(site.card, styles.skeletonCard)}>
        <PlansLoading />
        <div aria-hidden="true" className={styles.skeletonLines}>
          <SkeletonLine width="30%" />
          <SkeletonLine width="80%" height={24} />
          <SkeletonLine width="30%" />
          <SkeletonLine width="50%" height={32} />
          <SkeletonLine width="40%" height={24} />
          <SkeletonLine height={40} />
          <SkeletonLine height={40} />
          <SkeletonLine height={48} />
        </div>
      </section>
      <section aria-hidden="true" className={cx(site.card, styles.skeletonCard)}>
        <div className={styles.skeletonLines}>
          <SkeletonLine width="50%" height={24} />
          <SkeletonLine width="80%" />
          <SkeletonLine width="70%" />
          <SkeletonLine width="90%" />
          <SkeletonLine width="60%" />
          <SkeletonLine width="60%" height={28} />
        </div>
      </section>
    </div>
  );
}

interface CheckoutFormProps {
  plan: PlanView;
  paidPlans: readonly PlanView[];
  freePlan: PlanView | undefined;
  cycle: BillingCycle;
  onChoose: (next: { plan?: PlanView; cycle?: BillingCycle }) => void;
  stripeStatus: StripeStatus;
  loadStripe: () => Promise<Stripe | null>;
}

function CheckoutForm({ plan, paidPlans, freePlan, cycle, onChoose, stripeStatus, loadStripe }: CheckoutFormProps) {
  const [form] = Form.useForm<AccountValues>();
  const [started, setStarted] = useState(false);
  const [processing, setProcessing] = useState(false);
  const elements = useElements();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const createSubscription = useCreateSubscription();
  // Read from the cache at first; asked from the server once the visitor starts checking out.
  const { data: user } = useCurrentUser({ enabled: started });

  /**
   * Stripe.js, its key and the session check load once the visitor starts checking out
   * (first focus or click in the form), not on a mere visit to the page.
   */
  const start = () => {
    if (started) return;
    setStarted(true);
    void loadStripe();
  };

  // A signed-in user's details fill the fields still empty.
  useEffect(() => {
    if (!user) return;
    const known: AccountValues = {
      name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
      email: user.email,
      company: user.companyName ?? '',
    };
    const current = form.getFieldsValue(true) as AccountValues;
    form.setFieldsValue(
      Object.fromEntries(
        accountFields.filter((field) => !current[field]?.trim()).map((field) => [field, known[field]]),
      ),
    );
  }, [user, form]);

  const showFieldErrors = (errors: Partial<Record<AccountField, string>>) =>
    form.setFields(accountFields.map((name) => ({ name, errors: errors[name] ? [errors[name]] : [] })));

  const clearEditedErrors = (changed: AccountValues) =>
    form.setFields(
      Object.keys(changed)
        .filter(isAccountField)
        .map((name) => ({ name, errors: [] })),
    );

  const fail = (title: string, description: string) => toast({ title, description, variant: 'destructive' });

  const signInFirst = () => {
    toast({
      title: 'Sign In Required',
      description: 'Please sign in or create an account to subscribe. After signing in you come back to this checkout.',
    });
    void navigate(`/login?next=${encodeURIComponent(checkoutPath(plan, cycle))}`);
  };

  const signedInUser = async (): Promise<CurrentUser | null> =>
    queryClient.fetchQuery({ queryKey: queryKeys.currentUser, queryFn: fetchCurrentUser });

  /** The crypto tab's check before it creates a charge: true with a session, else off to sign in. */
  const ensureSignedIn = async (): Promise<boolean> => {
    start();
    try {
      if (await signedInUser()) return true;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
    signInFirst();
    return false;
  };

  const pay = async () => {
    start();
    const values = form.getFieldsValue(true) as AccountValues;
    const parsed = customerInfoSchema.safeParse({
      name: values.name ?? '',
      email: (values.email ?? '').trim(),
      company: values.company ?? '',
    });
    if (!parsed.success) {
      const errors = firstIssuePerField(parsed.error);
      showFieldErrors(Object.fromEntries(Object.entries(errors).filter(([field]) => isAccountField(field))));
      return;
    }
    showFieldErrors({});

    setProcessing(true);
    try {
      const stripe = await loadStripe();
      const card: StripeCardElement | null | undefined = elements?.getElement(CardElement);
      if (!stripe || !card) {
        fail('Payment Error', stripeNotLoadedMessage);
        return;
      }
      if (!(await signedInUser())) {
        signInFirst();
        return;
      }
      const { name, email } = parsed.data;
      const subscription = await createSubscription.mutateAsync({
        planId: plan.id,
        billingCycle: cycle,
        customerInfo: parsed.data,
      });
      if (subscription.clientSecret) {
        const result = await stripe.confirmCardPayment(subscription.clientSecret, {
          payment_method: { card, billing_details: { name, email } },
        });
        if (result.error) {
          const declined = result.error.type === 'card_error' || result.error.type === 'validation_error';
          if (declined && result.error.message) fail('Payment Failed', result.error.message);
          else fail('Payment Error', paymentErrorMessage);
          return;
        }
        if (result.paymentIntent.status !== 'succeeded' && result.paymentIntent.status !== 'processing') {
          fail('Payment Error', paymentErrorMessage);
          return;
        }
      }
      toast({
        title: 'Payment Successful',
        description: `Welcome to ${plan.name}. Your subscription is now active.`,
        variant: 'success',
      });
      void navigate('/dashboard');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) signInFirst();
      else if (error instanceof ApiError && error.code === ErrorCode.EmailNotVerified) {
        fail(
          'Email Not Verified',
          'Please verify your email address before subscribing. Check your inbox for the link.',
        );
      } else if (error instanceof ApiError && error.status === 400 && error.serverMessage) {
        fail('Payment Error', error.serverMessage);
      } else fail('Payment Error', paymentErrorMessage);
    } finally {
      setProcessing(false);
    }
  };

  const price = formatUsd(priceOf(plan, cycle));

  return (
    <section aria-labelledby="account-heading" className={site.card} onFocusCapture={start}>
      <fieldset className={styles.fieldset}>
        <legend>Plan</legend>
        <Radio.Group
          value={plan.id}
          onChange={(event) => {
            const next = paidPlans.find((candidate) => candidate.id === event.target.value);
            if (next) onChoose({ plan: next });
          }}
          options={paidPlans.map((option) => ({
            value: option.id,
            label: `${option.name} (${formatUsd(priceOf(option, cycle))}${perCycle(cycle)})`,
          }))}
        />
        {freePlan && (
          <p className={cx(site.muted, site.small)} style={{ margin: '8px 0 0' }}>
            Just getting started? {freePlan.name} is free, with no card needed:{' '}
            <Link to="/register">create a free account</Link>.
          </p>
        )}
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>Billing cycle</legend>
        <Radio.Group
          value={cycle}
          optionType="button"
          onChange={(event) => onChoose({ cycle: event.target.value as BillingCycle })}
          options={[
            { value: 'monthly', label: cycleLabels.monthly },
            {
              value: 'annual',
              label: (
                <>
                  {cycleLabels.annual} <span className={styles.saving}>{annualSavingLabel}</span>
                </>
              ),
            },
          ]}
        />
      </fieldset>

      <h2 id="account-heading" className={site.cardTitle}>
        Account details
      </h2>
      <Form
        form={form}
        name="checkout"
        layout="vertical"
        onFinish={() => void pay()}
        onValuesChange={clearEditedErrors}
        noValidate
      >
        <div className={styles.row}>
          <Form.Item label="Full Name" name="name" required>
            <Input autoComplete="name" aria-required="true" maxLength={200} />
          </Form.Item>
          <Form.Item label="Email" name="email" required>
            <Input type="email" autoComplete="email" aria-required="true" maxLength={254} />
          </Form.Item>
        </div>
        <Form.Item label="Company (optional)" name="company">
          <Input autoComplete="organization" maxLength={200} />
        </Form.Item>

        <Tabs
          items={[
            {
              key: 'card',
              label: 'Card',
              children: (
                <>
                  <CardNotice status={stripeStatus} />
                  {stripeStatus === 'ready' && (
                    <div className={styles.cardField}>
                      <CardElement options={cardElementOptions} />
                    </div>
                  )}
                  <Button type="primary" htmlType="submit" size="large" block loading={processing}>
                    {processing ? 'Processing...' : `Pay ${price}`}
                  </Button>
                </>
              ),
            },
            {
              key: 'crypto',
              label: 'Crypto',
              children: <CryptoCheckout plan={plan} cycle={cycle} price={price} ensureSignedIn={ensureSignedIn} />,
            },
          ]}
        />
      </Form>
    </section>
  );
}

function CardNotice({ status }: { status: StripeStatus }) {
  if (status === 'unavailable') {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="Card payments are unavailable right now"
        description="We could not load Stripe, our card payment provider. Please refresh the page and try again, or pay with crypto."
      />
    );
  }
  return (
    <p className={cx(site.cardText, site.small)}>
      {status === 'ready'
        ? 'Enter your card details. They go straight to Stripe and never touch our servers.'
        : status === 'loading'
          ? 'Loading the secure card form...'
          : 'The secure card form from Stripe loads as soon as you start filling in your details.'}
    </p>
  );
}

function OrderSummary({ plan, cycle }: { plan: PlanView; cycle: BillingCycle }) {
  const price = priceOf(plan, cycle);
  return (
    <section aria-labelledby="summary-heading" className={site.card}>
      <h2 id="summary-heading" className={site.cardTitle}>
        Order summary
      </h2>
      <p className={styles.summaryRow}>
        <span className={site.muted}>Plan</span>
        <span data-testid="summary-plan">{plan.name}</span>
      </p>
      <p className={styles.summaryRow}>
        <span className={site.muted}>Billing cycle</span>
        <span>{cycleLabels[cycle]}</span>
      </p>
      {cycle === 'annual' && (
        <p className={styles.summaryRow}>
          <span className={styles.saving}>{annualSavingLabel}</span>
          <span className={site.muted}>instead of {formatUsd(plan.monthlyPrice * 12)} billed monthly</span>
        </p>
      )}
      <ul className={site.checkList}>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <p className={styles.total}>
        <span>Total</span>
        <span data-testid="summary-price">
          {formatUsd(price)}
          {perCycle(cycle)}
        </span>
      </p>
      <p className={cx(site.muted, site.small)} style={{ marginTop: 8 }}>
        Prices in US dollars. Cancel any time from Settings, Billing; your plan runs to the end of the paid period.
      </p>
    </section>
  );
}
