import { Link } from 'react-router';
import { LinkButton } from '../../components/site/LinkButton';
import { Section } from '../../components/site/Section';
import { SitePage } from '../../components/site/SitePage';
import site from '../../components/site/site.module.css';
import { FeatureGrid, SolutionHero, StepList } from './SolutionHero';

const channels = [
  {
    title: 'Cards and digital wallets',
    description:
      'Accept the major card schemes and digital wallets online and in-app through our certified payment-processor integration, available in more than 135 countries.',
  },
  {
    title: 'Point of sale',
    description:
      'Bring in-store sales from your point-of-sale systems into the same ledger as your online payments, so daily takings reconcile in one place.',
  },
  {
    title: 'Cryptocurrency',
    description:
      'Accept more than 50 cryptocurrencies and have them converted automatically to your preferred currency, so you never hold crypto unless you choose to.',
  },
  {
    title: 'Online stores',
    description:
      'Connect an existing e-commerce store through our verified e-commerce partnership; orders and payments are matched automatically.',
  },
  {
    title: 'Automatic currency conversion',
    description:
      'Settle in the currency you choose (New Zealand dollars by default) and see the rate applied to every converted payment.',
  },
  {
    title: 'Unified reporting',
    description:
      'One dashboard for every processor: volumes, fees, refunds and disputes side by side, ready for your accountant.',
  },
] as const;

const steps = [
  {
    title: 'Create your business account',
    description:
      'Register in four short steps: business details, contact information, account setup and compliance acceptances. Verify your email address and complete KYC; applications are reviewed in 1-2 business days.',
  },
  {
    title: 'Connect your payment channels',
    description:
      'Choose the processors, point-of-sale systems and crypto exchange accounts you want to use from the integrations area of your dashboard.',
  },
  {
    title: 'Start accepting payments',
    description:
      'Payments from every channel flow into one ledger. Fraud screening and AML checks run automatically on each transaction.',
  },
  {
    title: 'Reconcile and grow',
    description:
      'Review volumes, fees and settlements in one place, and use the analytics tools to understand cash flow and customer behaviour.',
  },
] as const;

const safeguards = [
  '256-bit AES encryption for data at rest and TLS for every connection',
  'Card data handled by our certified payment-processor partner, never stored on our servers',
  'Automated fraud screening and risk scoring on every transaction',
  'A 99.9% platform uptime SLA, with 24/7 enterprise support',
] as const;

/** Spec 2.12: the payment integration page (links to /register, /pricing, /dashboard, /integrations). */
export function PaymentProcessingPage() {
  return (
    <SitePage title="Payment Processing">
      <SolutionHero
        eyebrow="Payment Processing"
        title="Multi-Processor Payment Processing"
        lead="Accept cards, wallets, point-of-sale and crypto payments through one integration, with one ledger, one set of reports and automated compliance on every transaction."
      >
        <LinkButton to="/register" primary large>
          Get Started
        </LinkButton>
        <LinkButton to="/pricing" large>
          View Pricing
        </LinkButton>
      </SolutionHero>

      <Section
        title="Every way your customers pay"
        intro="Add channels as your business grows; each one reports into the same dashboard."
        alt
      >
        <FeatureGrid items={channels} />
      </Section>

      <Section title="How it works">
        <div className={site.narrow} style={{ margin: '0 auto' }}>
          <StepList steps={steps} />
        </div>
      </Section>

      <Section title="Secure and reliable by default" alt>
        <div className={site.narrow} style={{ margin: '0 auto' }}>
          <ul className={site.checkList}>
            {safeguards.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className={site.muted} style={{ marginTop: 24 }}>
            Read more on our <Link to="/legal/security">security and data protection</Link> page.
          </p>
        </div>
      </Section>

      <Section
        title="Ready to connect your payments?"
        intro="Start on the free Starter plan and upgrade when your volume grows. Existing customers can manage their processors from the dashboard."
      >
        <div className={site.actions} style={{ marginTop: 0 }}>
          <LinkButton to="/register" primary large>
            Create Free Account
          </LinkButton>
          <LinkButton to="/pricing" large>
            Compare Plans
          </LinkButton>
          <LinkButton to="/dashboard" large>
            Go to Dashboard
          </LinkButton>
          <LinkButton to="/integrations" large>
            Browse Integrations
          </LinkButton>
        </div>
      </Section>
    </SitePage>
  );
}
