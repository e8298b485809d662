import { registrationSteps } from '@app/contracts';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { supportEmail } from '../../brand';
import { amlFigures } from './amlFigures';
import { LegalPage } from './LegalPage';

const wizardStepNames = ['Business Details', 'Contact Information', 'Account Setup', 'Compliance & Terms'] as const;

function GettingStarted() {
  return (
    <>
      <h2>Create your account</h2>
      <p>
        Select <Link to="/register">Register</Link> on any page. The registration wizard has{' '}
        {Object.keys(registrationSteps).length} steps; <strong>Continue</strong> checks the fields of the current step
        (required fields are marked with *), and <strong>Previous</strong> takes you back without losing what you
        entered.
      </p>
      <ol>
        <li>
          <strong>{wizardStepNames[0]}:</strong> business name, business type, industry, business address and country.
          NZBN, IRD number and GST registration are optional.
        </li>
        <li>
          <strong>{wizardStepNames[1]}:</strong> your first and last name, email address, phone number and position.
        </li>
        <li>
          <strong>{wizardStepNames[2]}:</strong> a password of at least 8 characters with an upper-case letter, a
          lower-case letter, a number and one of @$!%*?&amp;, your expected monthly volume in NZD, and at least 20
          characters describing your business purpose.
        </li>
        <li>
          <strong>{wizardStepNames[3]}:</strong> accept the <Link to="/legal/terms">Terms of Service</Link>,{' '}
          <Link to="/legal/privacy">Privacy Policy</Link> and <Link to="/legal/aml-policy">AML Policy</Link>, and choose
          whether to receive marketing emails. Then select <strong>Create Account</strong>.
        </li>
      </ol>
      <p>If something is missing when you create the account, the wizard takes you back to the step that needs it.</p>

      <h2>Verify your email address</h2>
      <p>
        After registering you are taken to the sign-in page and we email you a verification link. The link works once
        and expires after 24 hours. Opening it confirms your address and takes you to sign in after a few seconds.
      </p>
      <p>
        Until your email is verified, signing in shows a verification screen instead of the dashboard. From there you
        can send a new link with <strong>Resend Verification Email</strong>; a new link replaces the previous one. Check
        your spam folder if it doesn&apos;t arrive within a few minutes.
      </p>

      <h2>Sign in and review</h2>
      <p>
        Sign in with your email and password. If you forget your password, use <strong>Forgot your password?</strong> on
        the <Link to="/login">sign-in page</Link> to receive a reset link. After sign-up we review your application and
        KYC documents in 1-2 business days and email you when your account is approved.
      </p>

      <h2>Settings</h2>
      <p>Open Settings from the top bar of the dashboard. It has three tabs:</p>
      <ul>
        <li>
          <strong>Personal Details:</strong> name, phone, date of birth and your address.
        </li>
        <li>
          <strong>Business Details:</strong> company name, business type, tax ID or GST number, company registration
          number, website and business address.
        </li>
        <li>
          <strong>Developer API:</strong> the API base URL, the authorization header format and an example request. API
          keys will appear here when the developer API becomes available for your account.
        </li>
      </ul>
      <p>
        Every field is optional; select <strong>Save Profile</strong> to keep your changes.
      </p>
    </>
  );
}

function Integrations() {
  return (
    <>
      <h2>Payment channels</h2>
      <p>
        The platform brings your payment channels into one ledger: card processors, point-of-sale systems and
        cryptocurrency (more than 50 coins, with automatic conversion to your preferred currency). Card acceptance runs
        through our certified payment-processor partner, available in more than 135 countries. Online shop merchants can
        connect a store through our verified e-commerce partnership.
      </p>
      <h2>How connections are made</h2>
      <ol>
        <li>Complete email verification and KYC; integrations are available to approved accounts.</li>
        <li>Choose the processor, point-of-sale system, exchange or store you want to connect.</li>
        <li>
          Authorise the connection with that provider. Where API credentials are needed, give them only the permissions
          the platform asks for; they are stored encrypted and can be revoked at any time.
        </li>
        <li>New payments from the channel then appear alongside your other payments.</li>
      </ol>
      <h2>Developer API</h2>
      <p>
        API access is included in the Growth and Enterprise plus Tokenization plans (see{' '}
        <Link to="/pricing">pricing</Link>). Requests use the base URL shown in Settings &gt; Developer API with a
        bearer token in the Authorization header. Keys are issued from that tab when the developer API is enabled for
        your account.
      </p>
      <p>
        Need help planning an integration? <Link to="/contact">Contact us</Link> and choose the Integration category.
      </p>
    </>
  );
}

function Compliance() {
  return (
    <>
      <h2>Know your customer</h2>
      <p>
        Every account is verified before payments or tokenization can be used. Account holders must be at least{' '}
        {amlFigures.minimumAge}. Once documents are complete, KYC approval typically takes {amlFigures.kycApproval}.
      </p>
      <h2>Automated checks</h2>
      <ul>
        <li>Transactions above {amlFigures.largeTransactionScreening} are screened before they complete.</li>
        <li>Transactions above {amlFigures.enhancedDueDiligence} trigger enhanced due diligence.</li>
        <li>
          Transfers of {amlFigures.travelRule} or more carry originator and beneficiary information (the travel rule).
        </li>
        <li>Customers and counterparties are screened against sanctions and PEP lists.</li>
        <li>Every transaction gets a risk score: low 0-30, medium 31-70, high 71-100.</li>
      </ul>
      <h2>Alerts, holds and reports</h2>
      <p>
        High-risk activity raises an alert for review. If we need to hold a transaction or ask you for information, we
        notify you within {amlFigures.customerNotification}. Suspicious activity is reported to the authorities as the
        law requires, and records are kept for {amlFigures.recordYears} years.
      </p>
      <p>
        The full rules are in our <Link to="/legal/aml-policy">AML Policy</Link>; an overview of the compliance tools is
        on the <Link to="/solutions/compliance">compliance page</Link>.
      </p>
    </>
  );
}

function AdvancedFeatures() {
  return (
    <>
      <h2>AI business intelligence</h2>
      <p>
        The analytics area turns your transaction data into cash-flow analysis, customer segmentation, risk analytics,
        business metrics and reports, and can draft marketing content for your campaigns. Treat its output as support
        for your decisions, not as financial advice.
      </p>
      <h2>Real estate tokenization</h2>
      <p>
        On the Enterprise plus Tokenization plan you can tokenize one property a month, in New Zealand or Australia
        only, for wholesale investors as defined by the Financial Markets Conduct Act 2013. Tokens represent economic
        rights, not ownership, and the property&apos;s valuation must be no older than 6 months. The six steps are
        described on the <Link to="/solutions/real-estate-tokenization">tokenization page</Link>.
      </p>
      <h2>Crypto payments and wallets</h2>
      <p>
        Connect an exchange account, choose the coins you accept and your settlement currency, and start accepting. See{' '}
        <Link to="/solutions/crypto-payments">crypto payments</Link>.
      </p>
      <h2>Affiliate programme</h2>
      <p>
        Partners who refer businesses earn commission on the referred customers&apos; first-year subscription fees. See
        the <Link to="/affiliate">affiliate programme</Link>.
      </p>
      <h2>Getting help</h2>
      <p>
        Email <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or use the <Link to="/contact">contact form</Link>.
      </p>
    </>
  );
}

const tabs: { key: string; label: string; content: ReactNode }[] = [
  { key: 'getting-started', label: 'Getting Started', content: <GettingStarted /> },
  { key: 'integrations', label: 'Integrations', content: <Integrations /> },
  { key: 'compliance', label: 'Compliance', content: <Compliance /> },
  { key: 'advanced-features', label: 'Advanced Features', content: <AdvancedFeatures /> },
];

/** Spec 2.12: the User Guide, in four tabs. */
export function UserGuidePage() {
  return (
    <LegalPage
      title="User Guide"
      summary={<p>How to open an account, connect your payment channels, stay compliant and use advanced features.</p>}
    >
      <Tabs
        style={{ marginTop: 24 }}
        size="large"
        items={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: tab.content }))}
      />
    </LegalPage>
  );
}
