import { affiliateTiers, MIN_PAYOUT, tierReferralsLabel } from '@app/contracts';
import { LinkButton } from '../../../components/site/LinkButton';
import { Section } from '../../../components/site/Section';
import type { NavItem } from '../../../components/site/SiteHeader';
import { SitePage } from '../../../components/site/SitePage';
import site from '../../../components/site/site.module.css';
import { cx } from '../../../lib/cx';
import { FeatureGrid, StepList } from '../../solutions/SolutionHero';
import styles from './affiliate.module.css';
import { benefits, howItWorks } from './content';

const nav: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '#how-it-works', label: 'How It Works' },
  { to: '#commission', label: 'Commission' },
  { to: '/affiliate/login', label: 'Affiliate Sign In' },
  { to: '/affiliate/register', label: 'Apply Now', primary: true },
];

const lowestRate = Math.min(...affiliateTiers.map((tier) => tier.ratePercent));
const highestRate = Math.max(...affiliateTiers.map((tier) => tier.ratePercent));

/** Spec 2.11 and 9: the affiliate programme. Plain HTML and CSS, like every public page (no antd). */
export function AffiliateLandingPage() {
  return (
    <SitePage title="Affiliate Programme" nav={nav}>
      <section aria-labelledby="page-title" className={site.hero}>
        <div className={site.container}>
          <p className={site.eyebrow}>Affiliate Programme</p>
          <h1 id="page-title" className={site.heroTitle}>
            Earn {lowestRate}% to {highestRate}% by referring businesses
          </h1>
          <p className={site.lead}>
            Introduce businesses to unified payments, AI business intelligence and automated compliance, and earn
            commission on every subscription fee they pay in their first year.
          </p>
          <div className={site.actions}>
            <LinkButton to="/affiliate/register" primary large>
              Apply Now
            </LinkButton>
            <LinkButton to="/affiliate/login" large>
              Affiliate Sign In
            </LinkButton>
          </div>
        </div>
      </section>

      <Section id="how-it-works" title="How it works" intro="Three steps from application to your first payout." alt>
        <div className={site.narrow} style={{ margin: '0 auto' }}>
          <StepList steps={howItWorks} />
        </div>
      </Section>

      <Section
        id="commission"
        title="Commission tiers"
        intro="Your rate follows the number of businesses you refer in a calendar month. Commission applies to first-year subscription fees."
      >
        <ul className={cx(site.grid, site.grid3)}>
          {affiliateTiers.map((tier, index) => (
            <li
              key={tier.id}
              aria-labelledby={`tier-${tier.id}`}
              className={cx(site.card, index === affiliateTiers.length - 1 && site.cardHighlight)}
            >
              <h3 id={`tier-${tier.id}`} className={site.cardTitle}>
                {tier.name}
              </h3>
              <p className={styles.tierRate}>{tier.ratePercent}%</p>
              <p className={cx(site.muted, site.small)}>commission on first-year fees</p>
              <ul className={styles.tierFacts}>
                <li>{tierReferralsLabel(tier)}</li>
                <li>{tier.cookieDays}-day referral cookie</li>
                {tier.perks.map((perk) => (
                  <li key={perk}>{perk}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className={cx(site.muted, site.small)} style={{ marginTop: 24, textAlign: 'center' }}>
          Payouts from ${MIN_PAYOUT}, processed within 2-3 business days through our card payment provider.
        </p>
      </Section>

      <Section title="Why partner with us" alt>
        <FeatureGrid items={benefits} />
      </Section>

      <Section id="portal" title="Affiliate portal" intro="Track referrals, earnings and payouts in one place.">
        <ul className={cx(site.grid, site.grid2)}>
          <li className={cx(site.card, styles.portal)}>
            <h3 className={site.cardSubtitle}>Existing affiliates</h3>
            <p className={site.cardText}>
              See your referral link, referrals, balance and payouts, and use the AI marketing toolkit.
            </p>
            <LinkButton to="/affiliate/dashboard" primary>
              Go to Dashboard
            </LinkButton>
          </li>
          <li className={cx(site.card, styles.portal)}>
            <h3 className={site.cardSubtitle}>New to the programme</h3>
            <p className={site.cardText}>
              Apply in a few minutes with your platform account. We review applications within 24 hours.
            </p>
            <LinkButton to="/affiliate/register">Apply to Join</LinkButton>
          </li>
        </ul>
      </Section>

      <Section
        title="Ready to start earning?"
        intro="Join the programme today, or sign in to see how your referrals are doing."
        alt
      >
        <div className={site.actions} style={{ marginTop: 0 }}>
          <LinkButton to="/affiliate/register" primary large>
            Become an Affiliate
          </LinkButton>
          <LinkButton to="/affiliate/login" large>
            Sign In
          </LinkButton>
        </div>
      </Section>
    </SitePage>
  );
}
