import { Link } from 'react-router';
import { LinkButton } from '../../components/site/LinkButton';
import { Section } from '../../components/site/Section';
import { SitePage } from '../../components/site/SitePage';
import site from '../../components/site/site.module.css';
import { FeatureGrid, SolutionHero, StepList } from './SolutionHero';

const capabilities = [
  {
    title: 'Smart contract deployment',
    description:
      'Deploy audited contract templates for security tokens and payments from the dashboard, without writing or hosting contract code yourself.',
  },
  {
    title: 'Security tokens',
    description:
      'Issue tokens under a security token standard that enforces transfer rules on-chain, so only verified, whitelisted investors can hold them.',
  },
  {
    title: 'Wallet connections',
    description:
      'Link custodial and self-custody wallets to your account, and see balances and transfers alongside your fiat payments.',
  },
  {
    title: 'Multi-signature controls',
    description:
      'Require more than one approver for contract administration and treasury transfers, so no single key can move funds.',
  },
  {
    title: 'On-chain audit trail',
    description:
      'Every issuance, transfer and administrative action is recorded on-chain and mirrored in your reports for auditors and regulators.',
  },
  {
    title: 'Compliance-aware transfers',
    description:
      'KYC status, investor eligibility and sanctions screening are checked before a transfer is allowed, not after.',
  },
] as const;

const steps = [
  {
    title: 'Open and verify your account',
    description:
      'Register your business and complete KYC. Blockchain features become available once your account is approved.',
  },
  {
    title: 'Choose what to connect',
    description:
      'Connect wallets, enable crypto payments, or prepare a token issuance. Each feature has its own setup guide in the User Guide.',
  },
  {
    title: 'Test before you go live',
    description:
      'Contracts and payment flows are configured and reviewed with our team before anything is deployed to a live network.',
  },
  {
    title: 'Operate from one dashboard',
    description: 'Monitor contracts, token holders and on-chain payments next to your card and point-of-sale activity.',
  },
] as const;

const standards = [
  'Security token standard with on-chain transfer rules',
  'Low-fee blockchain network for issuance and transfers',
  'Decentralised document storage for offering documents',
  'Multi-signature administration',
] as const;

/** Spec 2.12: the blockchain integration page (links to /register, /legal/user-guide, /contact). */
export function BlockchainIntegrationPage() {
  return (
    <SitePage title="Blockchain Integration">
      <SolutionHero
        eyebrow="Blockchain Integration"
        title="Blockchain Integration for Business"
        lead="Bring smart contracts, security tokens and on-chain payments into the same platform that runs your card and point-of-sale payments, with compliance checks built in."
      >
        <LinkButton to="/register" primary large>
          Get Started
        </LinkButton>
        <LinkButton to="/legal/user-guide" large>
          Read the User Guide
        </LinkButton>
      </SolutionHero>

      <Section title="What you can build" alt>
        <FeatureGrid items={capabilities} />
      </Section>

      <Section title="How integration works">
        <div className={site.narrow} style={{ margin: '0 auto' }}>
          <StepList steps={steps} />
        </div>
      </Section>

      <Section title="Technology" intro="Proven, widely supported building blocks rather than proprietary chains." alt>
        <ul className={site.badges} style={{ justifyContent: 'center' }}>
          {standards.map((standard) => (
            <li key={standard} className={site.badge}>
              {standard}
            </li>
          ))}
        </ul>
        <p className={site.muted} style={{ textAlign: 'center', marginTop: 24 }}>
          Tokenizing property? See <Link to="/solutions/real-estate-tokenization">real estate tokenization</Link>.
        </p>
      </Section>

      <Section
        title="Talk to our blockchain team"
        intro="Tell us what you want to build and we'll help you plan the integration, the compliance checks and the go-live."
      >
        <div className={site.actions} style={{ marginTop: 0 }}>
          <LinkButton to="/contact" primary large>
            Contact Us
          </LinkButton>
          <LinkButton to="/register" large>
            Create Account
          </LinkButton>
          <LinkButton to="/legal/user-guide" large>
            User Guide
          </LinkButton>
        </div>
      </Section>
    </SitePage>
  );
}
