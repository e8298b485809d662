import { tokenization } from '@app/contracts';
import { Link } from 'react-router';
import { LinkButton } from '../../components/site/LinkButton';
import { Section } from '../../components/site/Section';
import type { NavItem } from '../../components/site/SiteHeader';
import { SitePage } from '../../components/site/SitePage';
import site from '../../components/site/site.module.css';
import { cx } from '../../lib/cx';
import { SolutionHero, StepList } from './SolutionHero';

const nav: NavItem[] = [
  { to: '/', label: 'Back to Home' },
  { to: '/pricing#tokenization', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
  { to: '/register', label: 'Get Started', primary: true },
];

const jurisdictions = tokenization.jurisdictions.join(' and ');

const steps = [
  {
    title: 'Property submission',
    description: `Submit the property's details, ownership documents and a registered valuation no older than ${tokenization.maxValuationAgeMonths} months. For New Zealand properties we verify the title against the official land title register; Australian titles are checked with the relevant state registry.`,
  },
  {
    title: 'Compliance engine',
    description: `The issuer is taken through KYC and AML checks, the property's eligibility is confirmed (${jurisdictions} only), and the offer is set up so that only eligible wholesale investors can take part.`,
  },
  {
    title: 'Smart contract creation',
    description:
      'A security token contract is configured with the offer terms and transfer restrictions, reviewed with you, and deployed with multi-signature administration.',
  },
  {
    title: 'Investment portal',
    description: `Investors complete KYC, confirm their wholesale status and are whitelisted before they can view offer documents or subscribe. The plan includes whitelisting of ${tokenization.whitelistedInvestors} investors and KYC for ${tokenization.investorKycIncluded}.`,
  },
  {
    title: 'Token distribution',
    description:
      "Once subscription funds have cleared, tokens are issued to each whitelisted investor's wallet and recorded in the on-chain register.",
  },
  {
    title: 'Ongoing management',
    description:
      'Income distributions, investor reporting, and transfers between whitelisted investors on the secondary market are managed from your dashboard.',
  },
] as const;

const compliance = [
  `Properties in ${jurisdictions} only`,
  'Offers made only to wholesale investors as defined by the Financial Markets Conduct Act 2013; investors in Australia must also qualify as wholesale clients under Australian law',
  'Tokens represent economic rights in the property, not direct ownership; token holders are not registered on the title',
  `Property valuations no older than ${tokenization.maxValuationAgeMonths} months`,
  'KYC and AML checks on the issuer and on every investor before whitelisting',
  'Transfers restricted on-chain to verified, whitelisted investors',
  'Records kept for 7 years',
] as const;

const benefits = [
  'Access for a wider pool of wholesale investors through smaller minimum investments',
  'A secondary market between verified investors, instead of waiting for a sale of the whole property',
  'A transparent, tamper-evident register of token holders',
  'Income distributions calculated and paid per token, automatically',
  'Offer documents and reports in one investor portal',
  'Less manual administration for issuers and property managers',
] as const;

const technology = [
  'Security token standard',
  'Low-fee blockchain network',
  'Decentralised document storage',
  'Multi-signature administration',
] as const;

/** Spec 2.12: the real estate tokenization page. */
export function RealEstateTokenizationPage() {
  return (
    <SitePage title="Real Estate Tokenization" nav={nav}>
      <SolutionHero
        eyebrow="Real Estate Tokenization"
        title="Tokenize Property for Wholesale Investors"
        lead={`Turn the economic rights in a ${jurisdictions} property into blockchain security tokens, offered to verified wholesale investors with compliance checks at every step.`}
      >
        <LinkButton to="/contact" primary large>
          Discuss a Property
        </LinkButton>
        <LinkButton to="/register" large>
          Create Account
        </LinkButton>
      </SolutionHero>

      <Section title="How tokenization works" intro="Six steps from submission to ongoing management." alt>
        <div className={site.narrow} style={{ margin: '0 auto' }}>
          <StepList steps={steps} />
        </div>
      </Section>

      <Section title="Compliance and benefits">
        <div className={cx(site.grid, site.grid2)}>
          <div className={site.card}>
            <h3 className={site.cardSubtitle}>Compliance</h3>
            <ul className={site.checkList}>
              {compliance.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div className={site.card}>
            <h3 className={site.cardSubtitle}>Benefits</h3>
            <ul className={site.checkList}>
              {benefits.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
      </Section>

      <Section title="Technology" alt>
        <ul className={site.badges} style={{ justifyContent: 'center' }}>
          {technology.map((item) => (
            <li key={item} className={site.badge}>
              {item}
            </li>
          ))}
        </ul>
        <p className={site.muted} style={{ textAlign: 'center', marginTop: 24 }}>
          Fees: {tokenization.quarterlyManagementFeePercent}% quarterly management fee,{' '}
          {tokenization.resaleRoyaltyPercent}% resale royalty and ${tokenization.perInvestorKycFee.toFixed(2)} per
          additional investor KYC. See <Link to="/pricing#tokenization">pricing</Link>.
        </p>
      </Section>

      <Section title="Important information">
        <div className={cx(site.narrow, site.notice)} style={{ margin: '0 auto' }}>
          <p>
            This page is general information only. It is not an offer of financial products, and it is not financial,
            legal or tax advice. Any offer of tokens is made only to eligible wholesale investors, under the offer
            documents for that property.
          </p>
          <p>
            Tokens give economic rights in a property, not ownership of it. Property values can fall as well as rise,
            income is not guaranteed, and tokens may be hard to sell: a buyer on the secondary market is not assured.
          </p>
          <p>
            Tokenization is available only for properties in {jurisdictions}. Seek independent professional advice
            before issuing or investing.
          </p>
        </div>
      </Section>

      <Section
        title="Have a property in mind?"
        intro="Talk to our tokenization team about eligibility, timelines and costs, or open an account to get started."
        alt
      >
        <div className={site.actions} style={{ marginTop: 0 }}>
          <LinkButton to="/contact" primary large>
            Contact Our Team
          </LinkButton>
          <LinkButton to="/register" large>
            Register Now
          </LinkButton>
        </div>
      </Section>
    </SitePage>
  );
}
