import { tokenization, type BillingCycle } from '@app/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LinkButton } from '../../components/site/LinkButton';
import { PlansError, PlansLoading, SkeletonLine } from '../../components/site/PlansLoadState';
import { Section } from '../../components/site/Section';
import { SitePage } from '../../components/site/SitePage';
import site from '../../components/site/site.module.css';
import { usePlans } from '../../hooks/useBilling';
import { cx } from '../../lib/cx';
import {
  annualSavingLabel,
  formatUsd,
  formatUsdCents,
  isFree,
  planFeatures,
  planHref,
  priceFor,
  tokenizationTier,
  tokenizationsPerMonth,
  withFacts,
  type PricingPlan,
} from './pricing';
import styles from './pricing.module.css';

const cycles: { value: BillingCycle; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual' },
];

function PlanPrice({ plan, cycle }: { plan: PricingPlan; cycle: BillingCycle }) {
  if (isFree(plan)) {
    return (
      <div>
        <p className={styles.price}>Free</p>
        <p className={cx(site.muted, site.small)}>No card required, no time limit</p>
      </div>
    );
  }
  return (
    <div>
      <p className={styles.price}>
        {formatUsd(priceFor(plan, cycle))}
        <span className={styles.per}>{cycle === 'annual' ? '/year' : '/month'}</span>
      </p>
      {cycle === 'annual' ? (
        <p className={cx(site.muted, site.small)}>
          <span className={styles.saving}>{annualSavingLabel}</span> instead of {formatUsd(plan.monthlyPrice * 12)}{' '}
          billed monthly
        </p>
      ) : (
        <p className={cx(site.muted, site.small)}>Billed monthly, cancel any time</p>
      )}
    </div>
  );
}

function PlanCard({ plan, cycle }: { plan: PricingPlan; cycle: BillingCycle }) {
  const headingId = `plan-${plan.id}`;
  return (
    <li className={cx(site.card, styles.plan, plan.popular && site.cardHighlight)} aria-labelledby={headingId}>
      {plan.popular && <span className={cx(site.badge, site.badgePrimary, styles.popular)}>Most Popular</span>}
      <h3 id={headingId} className={site.cardTitle}>
        {plan.name}
      </h3>
      <PlanPrice plan={plan} cycle={cycle} />
      <ul className={site.checkList}>
        {planFeatures(plan).map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className={styles.planFooter}>
        <LinkButton to={planHref(plan, cycle)} primary={plan.popular} block>
          {isFree(plan) ? 'Get Started Free' : `Choose ${plan.name}`}
        </LinkButton>
      </div>
    </li>
  );
}

/** A plan card's shape while GET /api/plans is on its way, so the page does not jump when the prices arrive. */
function PlanCardSkeleton() {
  return (
    <li className={cx(site.card, styles.plan)} aria-hidden="true">
      <SkeletonLine width="55%" height={26} />
      <div className={styles.skeletonLines}>
        <SkeletonLine width="40%" height={44} />
        <SkeletonLine width="70%" height={14} />
      </div>
      <div className={styles.skeletonLines}>
        <SkeletonLine width="90%" />
        <SkeletonLine width="60%" />
        <SkeletonLine width="75%" />
      </div>
      <div className={styles.planFooter}>
        <SkeletonLine height={40} />
      </div>
    </li>
  );
}

const skeletonCards = ['first', 'second', 'third'];

const yes = (
  <>
    <span aria-hidden="true" className={styles.check}>
      ✓
    </span>
    <span className="sr-only">Included</span>
  </>
);
const no = (
  <>
    <span aria-hidden="true" className={styles.cross}>
      —
    </span>
    <span className="sr-only">Not included</span>
  </>
);

const comparisonRows: { label: string; value: (plan: PricingPlan) => ReactNode }[] = [
  { label: 'Monthly price', value: (plan) => (isFree(plan) ? 'Free' : `${formatUsd(plan.monthlyPrice)}/month`) },
  {
    label: `Annual price (${annualSavingLabel.toLowerCase()})`,
    value: (plan) => (isFree(plan) ? 'Free' : `${formatUsd(priceFor(plan, 'annual'))}/year`),
  },
  { label: 'Monthly processing volume', value: (plan) => formatUsd(plan.monthlyVolume) },
  { label: 'Team members', value: (plan) => plan.teamMembers },
  { label: 'API access', value: (plan) => (plan.apiAccess ? yes : no) },
  {
    label: 'Property tokenizations per month',
    value: (plan) => (plan.propertyTokenizationsPerMonth > 0 ? plan.propertyTokenizationsPerMonth : no),
  },
  {
    label: 'Investor whitelisting',
    value: (plan) => (plan.propertyTokenizationsPerMonth > 0 ? `${tokenization.whitelistedInvestors} investors` : no),
  },
  {
    label: 'Investor KYC included',
    value: (plan) => (plan.propertyTokenizationsPerMonth > 0 ? `${tokenization.investorKycIncluded} investors` : no),
  },
];

/** Spec 2.9 and 9: plans, billing cycle, tokenization and comparison. */
export function PricingPage() {
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const { data, isError, isFetching, refetch } = usePlans();
  // Names and prices from GET /api/plans; volume, team size and tokenizations are the tiers' static facts.
  const plans = useMemo(() => data?.map(withFacts), [data]);
  const popularPlan = plans?.find((plan) => plan.popular);
  const tokenizationPlan = plans?.find((plan) => plan.id === tokenizationTier?.id) ?? tokenizationTier;
  const retry = () => void refetch();

  return (
    <SitePage title="Pricing">
      <section aria-labelledby="pricing-title" className={site.hero} style={{ paddingBottom: 0 }}>
        <div className={site.container}>
          <h1 id="pricing-title" className={site.heroTitle}>
            Simple, transparent pricing
          </h1>
          <p className={site.lead}>
            Start free, upgrade when your business grows. Every plan includes card, wallet, crypto and point-of-sale
            processing with automated compliance checks.
          </p>
          <fieldset className={styles.cycle}>
            <legend>Billing cycle</legend>
            {cycles.map((option) => (
              <label key={option.value} className={styles.cycleOption}>
                <input
                  type="radio"
                  name="billing-cycle"
                  value={option.value}
                  checked={cycle === option.value}
                  onChange={() => setCycle(option.value)}
                />
                {option.label}
                {option.value === 'annual' && <span className={styles.saving}>{annualSavingLabel}</span>}
              </label>
            ))}
          </fieldset>
          <p className="sr-only" aria-live="polite">
            {cycle === 'annual' ? 'Showing annual prices' : 'Showing monthly prices'}
          </p>
        </div>
      </section>

      <Section id="pricing" title="Plans" intro="Prices in US dollars. Annual billing saves 20% on every paid plan.">
        {plans ? (
          <ul className={site.grid}>
            {plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} cycle={cycle} />
            ))}
          </ul>
        ) : isError ? (
          <PlansError onRetry={retry} retrying={isFetching} />
        ) : (
          <>
            <PlansLoading className={styles.loading} />
            <ul className={site.grid}>
              {skeletonCards.map((key) => (
                <PlanCardSkeleton key={key} />
              ))}
            </ul>
          </>
        )}
        <p className={cx(site.muted, site.small)} style={{ textAlign: 'center', marginTop: 32 }}>
          Already have an account? <Link to="/login">Sign in</Link>. Need a higher volume or a custom agreement?{' '}
          <Link to="/contact">Contact sales</Link>.
        </p>
      </Section>

      <Section
        id="tokenization"
        title="Real Estate Tokenization"
        intro={`Included in the ${tokenizationPlan?.name ?? 'tokenization'} plan: issue blockchain security tokens backed by the economic rights of a property.`}
        alt
      >
        <div className={cx(site.grid, site.grid2)}>
          <div className={site.card}>
            <h3 className={site.cardSubtitle}>What is included</h3>
            <ul className={site.checkList}>
              {tokenizationPlan && <li>{tokenizationsPerMonth(tokenizationPlan)}</li>}
              <li>Whitelisting of {tokenization.whitelistedInvestors} investors</li>
              <li>KYC checks for {tokenization.investorKycIncluded} investors</li>
              <li>Properties in {tokenization.jurisdictions.join(' and ')} only</li>
              <li>Property valuations no older than {tokenization.maxValuationAgeMonths} months</li>
              <li>
                Offered to wholesale investors as defined by the Financial Markets Conduct Act 2013; tokens represent
                economic rights, not direct ownership of the property
              </li>
            </ul>
          </div>
          <div className={site.card}>
            <h3 className={site.cardSubtitle}>Fees</h3>
            <div className={site.tableWrap}>
              <table className={site.table} style={{ minWidth: 0 }}>
                <caption>Fees apply in addition to the plan price.</caption>
                <thead>
                  <tr>
                    <th scope="col">Fee</th>
                    <th scope="col">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row">Management fee</th>
                    <td>{tokenization.quarterlyManagementFeePercent}% per quarter</td>
                  </tr>
                  <tr>
                    <th scope="row">Resale royalty</th>
                    <td>{tokenization.resaleRoyaltyPercent}% of each secondary sale</td>
                  </tr>
                  <tr>
                    <th scope="row">Investor KYC</th>
                    <td>
                      {formatUsdCents(tokenization.perInvestorKycFee)} per investor beyond the{' '}
                      {tokenization.investorKycIncluded} included
                    </td>
                  </tr>
                </tbody>
              </table>
            </div>
            <p className={site.cardText} style={{ marginTop: 16 }}>
              <Link to="/solutions/real-estate-tokenization">How tokenization works</Link>
            </p>
          </div>
        </div>
      </Section>

      <Section id="comparison" title="Compare plans">
        <div className={site.tableWrap}>
          <table className={site.table}>
            <caption>Prices in US dollars. Processing volume is per calendar month.</caption>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                {plans ? (
                  plans.map((plan) => (
                    <th scope="col" key={plan.id}>
                      {plan.name}
                    </th>
                  ))
                ) : (
                  <th scope="col" colSpan={skeletonCards.length}>
                    <span className="sr-only">Plans</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {comparisonRows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {plans ? (
                    plans.map((plan) => <td key={plan.id}>{row.value(plan)}</td>)
                  ) : (
                    <td colSpan={skeletonCards.length}>
                      {isError ? (
                        <>
                          <span aria-hidden="true" className={styles.cross}>
                            —
                          </span>
                          <span className="sr-only">Not available</span>
                        </>
                      ) : (
                        <SkeletonLine width="60%" />
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className={site.actions}>
          <LinkButton to="/register" primary large>
            Create Free Account
          </LinkButton>
          {popularPlan && (
            <LinkButton to={planHref(popularPlan, cycle)} large>
              Upgrade to {popularPlan.name}
            </LinkButton>
          )}
          <LinkButton to="/contact" large>
            Talk to Sales
          </LinkButton>
        </div>
      </Section>
    </SitePage>
  );
}
