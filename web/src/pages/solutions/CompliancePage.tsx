import { Link } from 'react-router';
import { LinkButton } from '../../components/site/LinkButton';
import { Section } from '../../components/site/Section';
import type { NavItem } from '../../components/site/SiteHeader';
import { SitePage } from '../../components/site/SitePage';
import site from '../../components/site/site.module.css';
import { cx } from '../../lib/cx';
import { SolutionHero, StepList } from './SolutionHero';
import styles from './solutions.module.css';

const nav: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/dashboard', label: 'Dashboard', primary: true },
];

const suite = [
  {
    title: 'Identity Verification (KYC)',
    description: 'Verify the people and businesses you deal with before they transact, and keep their records current.',
    provider: 'Integrated identity verification service',
    features: [
      'Identity document and selfie checks',
      'Business verification, including NZBN and company registers',
      'Beneficial ownership capture',
      'Re-verification when details change',
    ],
  },
  {
    title: 'AML Transaction Monitoring',
    description: 'Screen payments as they happen and surface the ones that need a closer look.',
    provider: 'Platform compliance engine',
    features: [
      'Screening of transactions above $3,000',
      'Enhanced due diligence triggers above $10,000',
      'Structuring and velocity pattern detection',
      'Case management with a full audit trail',
    ],
  },
  {
    title: 'Sanctions and PEP Screening',
    description: 'Check customers and counterparties against global watchlists at onboarding and on an ongoing basis.',
    provider: 'Integrated global watchlist screening',
    features: [
      'United Nations, New Zealand and other national sanctions lists',
      'Politically exposed persons (PEP) screening',
      'Adverse media checks',
      'Automatic re-screening when lists are updated',
    ],
  },
  {
    title: 'Fraud Detection and Risk Scoring',
    description: 'Score every customer and transaction from 0 to 100 and act on the risky few.',
    provider: 'Platform AI risk engine',
    features: [
      'Risk bands: low 0-30, medium 31-70, high 71-100',
      'Device, location and behaviour signals',
      'Real-time alerts for high-risk activity',
      'Explanations for every score',
    ],
  },
  {
    title: 'Regulatory Reporting',
    description: 'Turn investigations into the reports regulators expect, with the evidence attached.',
    provider: 'Platform reporting service',
    features: [
      'Suspicious activity report drafting',
      'Threshold and prescribed transaction reports',
      'Scheduled compliance summaries',
      'Records kept for 7 years',
    ],
  },
] as const;

const coverage = [
  {
    region: 'New Zealand',
    flag: '🇳🇿',
    frameworks: ['AML/CFT Act 2009', 'Privacy Act 2020', 'Financial Markets Conduct Act 2013'],
  },
  { region: 'Australia', flag: '🇦🇺', frameworks: ['AML/CTF Act 2006', 'Privacy Act 1988', 'Corporations Act 2001'] },
  {
    region: 'United Kingdom',
    flag: '🇬🇧',
    frameworks: ['Money Laundering Regulations 2017', 'UK GDPR and Data Protection Act 2018'],
  },
  {
    region: 'European Union',
    flag: '🇪🇺',
    frameworks: ['EU Anti-Money Laundering Directives', 'GDPR', 'Markets in Crypto-Assets Regulation (MiCA)'],
  },
  { region: 'United States', flag: '🇺🇸', frameworks: ['Bank Secrecy Act', 'OFAC sanctions programmes'] },
  { region: 'Singapore', flag: '🇸🇬', frameworks: ['Payment Services Act 2019', 'Personal Data Protection Act 2012'] },
] as const;

const processSteps = [
  {
    title: 'Onboarding and KYC',
    description:
      'Every applicant is identified and verified before services start. Approval typically takes 24-48 hours once documents are complete.',
  },
  {
    title: 'Risk assessment',
    description:
      'Each customer receives a risk rating from their business type, jurisdiction, expected volume and screening results.',
  },
  {
    title: 'Ongoing monitoring',
    description:
      'Transactions are screened continuously against rules and risk models; watchlists are re-checked when they change.',
  },
  {
    title: 'Alerts and investigation',
    description:
      'Unusual activity raises an alert for review. Where we need more information, the customer is notified within 24 hours.',
  },
  {
    title: 'Reporting and record keeping',
    description:
      'Suspicious activity is reported to the authorities as the law requires, and records are kept for 7 years.',
  },
] as const;

const certifications = [
  {
    name: 'PCI DSS',
    description:
      'Card payments are processed by our PCI DSS certified payment-processor partner; full card numbers never reach our servers.',
  },
  {
    name: 'ISO/IEC 27001',
    description: 'Our information security management follows the ISO/IEC 27001 framework of policies and controls.',
  },
  {
    name: 'SOC 2',
    description:
      'Controls designed around the SOC 2 trust services criteria for security, availability and confidentiality.',
  },
  {
    name: 'Privacy Act 2020',
    description:
      'Personal information is handled under the information privacy principles of the New Zealand Privacy Act.',
  },
  {
    name: 'AML/CFT Act 2009',
    description: 'A documented AML/CFT programme: customer due diligence, monitoring, reporting and record keeping.',
  },
  {
    name: 'GDPR',
    description: 'Data subject rights are honoured for customers in the European Union and the United Kingdom.',
  },
] as const;

/** Static example figures for the teaser; they are not computed from anyone's data. */
const exampleRiskDistribution = [
  { band: 'Low risk', range: '0-30', percent: 78.5, tone: styles.barLow },
  { band: 'Medium risk', range: '31-70', percent: 18.2, tone: styles.barMedium },
  { band: 'High risk', range: '71-100', percent: 3.3, tone: styles.barHigh },
] as const;

/** Spec 2.12: the compliance page. */
export function CompliancePage() {
  return (
    <SitePage title="Compliance" nav={nav}>
      <SolutionHero
        eyebrow="Automated Regulatory Compliance"
        title="Compliance That Keeps Pace With Your Business"
        lead="Automated KYC and AML checks, sanctions screening, fraud detection, risk scoring and regulatory reporting, built into every account and every payment."
      >
        <LinkButton to="/register" primary large>
          Start Compliance Onboarding
        </LinkButton>
        <LinkButton to="/legal/aml-policy" large>
          Read Our AML Policy
        </LinkButton>
      </SolutionHero>

      <Section title="Compliance Suite" intro="Five services that work together from onboarding to reporting." alt>
        <ul className={cx(site.grid, site.grid3)}>
          {suite.map((item) => (
            <li key={item.title} className={site.card}>
              <h3 className={site.cardSubtitle}>{item.title}</h3>
              <p className={site.cardText}>{item.description}</p>
              <p className={cx(site.cardText, site.small)}>
                <strong>Provider:</strong> {item.provider}
              </p>
              <ul className={site.checkList}>
                {item.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title="Global Regulatory Coverage"
        intro="Our checks and reports are designed around these frameworks. Your own obligations depend on your business and where it operates; this is not legal advice."
      >
        <ul className={cx(site.grid, site.grid3)}>
          {coverage.map((item) => (
            <li key={item.region} className={site.card}>
              <h3 className={site.cardSubtitle}>
                <span aria-hidden="true" className={styles.flag}>
                  {item.flag}
                </span>{' '}
                {item.region}
              </h3>
              <ul className={site.list}>
                {item.frameworks.map((framework) => (
                  <li key={framework}>{framework}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Our Compliance Process" alt>
        <div className={site.narrow} style={{ margin: '0 auto' }}>
          <StepList steps={processSteps} />
        </div>
      </Section>

      <Section
        title="Certifications and Standards"
        intro="How we meet recognised security, privacy and AML standards. Ask us for our current compliance documentation."
      >
        <ul className={cx(site.grid, site.grid3)}>
          {certifications.map((item) => (
            <li key={item.name} className={site.card}>
              <h3 className={site.cardSubtitle}>{item.name}</h3>
              <p className={cx(site.cardText, site.small)}>{item.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="risk-analytics"
        title="AI Risk Analytics"
        intro="Every transaction gets a risk score from 0 to 100. Most activity is low risk; the platform focuses your attention on the small share that is not."
        alt
      >
        <figure className={cx(site.card, styles.distribution)}>
          <figcaption>
            <span className={cx(site.badge, styles.exampleBadge)}>Illustrative example distribution</span>
            <p className={cx(site.cardText, site.small)} style={{ marginTop: 12 }}>
              A static example of how risk scores are often spread across a merchant&apos;s transactions. It is not your
              data and is not calculated from any account.
            </p>
          </figcaption>
          <ul className={styles.bars}>
            {exampleRiskDistribution.map((item) => (
              <li key={item.band}>
                <div className={styles.barLabel}>
                  <span>
                    {item.band} <span className={site.muted}>({item.range})</span>
                  </span>
                  <strong>{item.percent}%</strong>
                </div>
                <div className={styles.barTrack} aria-hidden="true">
                  <div className={cx(styles.bar, item.tone)} style={{ width: `${item.percent}%` }} />
                </div>
              </li>
            ))}
          </ul>
          <p className={site.cardText} style={{ marginTop: 20 }}>
            Signed-in customers see their own figures in <Link to="/analytics">Risk Analytics</Link>.
          </p>
        </figure>
      </Section>

      <Section
        title="Make compliance part of your platform"
        intro="Open an account and your KYC, AML and fraud checks are running from day one."
      >
        <div className={site.actions} style={{ marginTop: 0 }}>
          <LinkButton to="/register" primary large>
            Create Account
          </LinkButton>
          <LinkButton to="/legal/user-guide" large>
            Read the User Guide
          </LinkButton>
        </div>
      </Section>
    </SitePage>
  );
}
