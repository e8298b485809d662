import { Link } from 'react-router';
import { brandName, companyLocation, supportEmail } from '../../brand';
import { LegalPage, policyEffectiveDate, type LegalSection } from './LegalPage';

const sections: readonly LegalSection[] = [
  {
    id: 'about',
    heading: 'About these terms',
    body: (
      <>
        <p>
          These Terms of Service are an agreement between your business and the operator of {brandName} (&quot;we&quot;,
          &quot;us&quot;), a company based in {companyLocation}. They apply to the website, the dashboard, the API and
          every service we provide through them (together, the &quot;services&quot;).
        </p>
        <p>
          By creating an account or using the services you confirm that you have read these terms, our{' '}
          <Link to="/legal/privacy">Privacy Policy</Link> and our <Link to="/legal/aml-policy">AML Policy</Link>, and
          that you have authority to accept them on behalf of your business.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    heading: 'Eligibility and your account',
    body: (
      <>
        <p>
          The services are for businesses: sole traders, partnerships, companies, trusts and other organisations. The
          person who registers must be at least 18 years old and able to enter into a binding contract.
        </p>
        <ul>
          <li>Give us accurate, complete information when you register, and keep it up to date in Settings.</li>
          <li>Keep your password confidential and tell us straight away if you think your account is compromised.</li>
          <li>You are responsible for everything done through your account by you or your team members.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'verification',
    heading: 'Verification before you use the services',
    body: (
      <>
        <p>
          You must verify your email address and complete our know-your-customer (KYC) checks before you can process
          payments or use the compliance and tokenization services. We review applications in 1-2 business days; once
          documents are complete, KYC approval typically takes 24-48 hours.
        </p>
        <p>
          We may ask for further information at any time, and we may decline an application or limit the services we
          offer where we cannot complete our checks or where the law requires it.
        </p>
      </>
    ),
  },
  {
    id: 'services',
    heading: 'The services',
    body: (
      <>
        <p>
          Depending on your plan, the services include payment processing across card processors, point-of-sale systems
          and cryptocurrencies, analytics and reporting, automated compliance tools, and real estate tokenization. Some
          services are provided with the help of third parties, such as our certified card payment processor; their own
          terms may also apply and we will tell you where they do.
        </p>
        <p>
          Analytics, risk scores and generated content are tools to support your decisions. They are not financial,
          legal or tax advice, and you remain responsible for the decisions you make.
        </p>
      </>
    ),
  },
  {
    id: 'fees',
    heading: 'Plans, fees and billing',
    body: (
      <>
        <p>
          Plans and fees are shown on our <Link to="/pricing">pricing page</Link>. Paid plans are billed in advance,
          monthly or annually; annual billing is discounted by 20%. Tokenization fees (management fees, resale royalties
          and per-investor KYC fees) are charged as they fall due. Prices exclude GST and other taxes, which are added
          where they apply.
        </p>
        <p>
          We will give you at least 30 days&apos; notice of a price increase. You can cancel before it takes effect.
          Fees already paid are not refundable except where these terms or the law say otherwise.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use',
    body: (
      <>
        <p>You must not use the services:</p>
        <ul>
          <li>for anything unlawful, including money laundering, terrorism financing, fraud or sanctions evasion;</li>
          <li>to sell goods or services that are illegal where you or your customers are;</li>
          <li>to process payments for another business without our written agreement;</li>
          <li>to interfere with, probe or overload the services, or to get around their security controls;</li>
          <li>to misrepresent your identity, your business or the source of funds.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'compliance',
    heading: 'Compliance, holds and reporting',
    body: (
      <p>
        We operate an AML/CFT programme under New Zealand law, described in our AML Policy. To meet our obligations we
        may delay, hold or refuse a transaction, suspend an account, or report activity to the authorities. Where the
        law allows, we will notify you within 24 hours of restricting your account and tell you what we need to lift the
        restriction.
      </p>
    ),
  },
  {
    id: 'crypto-tokenization',
    heading: 'Cryptocurrency and tokenization',
    body: (
      <>
        <p>
          Crypto-asset prices are volatile and blockchain transactions cannot be reversed. Automatic conversion reduces
          but does not remove your exposure to price movements between payment and conversion.
        </p>
        <p>
          Real estate tokenization is available only for properties in New Zealand and Australia, and token offers may
          be made only to wholesale investors as defined by the Financial Markets Conduct Act 2013. Tokens represent
          economic rights in a property, not direct ownership. Property valuations must be no older than 6 months. You
          are responsible for the accuracy of the information you provide about a property and for your own offer
          documents.
        </p>
      </>
    ),
  },
  {
    id: 'availability',
    heading: 'Availability and support',
    body: (
      <p>
        We aim to keep the platform available 99.9% of the time in each month, excluding scheduled maintenance we
        announce in advance. Support is available 24/7 for urgent issues; other requests are answered within the
        response times shown on our <Link to="/contact">contact page</Link>.
      </p>
    ),
  },
  {
    id: 'ip',
    heading: 'Intellectual property and your data',
    body: (
      <p>
        We own the services and everything we provide through them, and we give you a non-exclusive, non-transferable
        right to use them while your account is active. You own your business data. You allow us to use it to provide,
        secure and improve the services, as set out in our Privacy Policy.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Liability',
    body: (
      <>
        <p>
          You acquire the services for the purposes of a business. To the extent the law allows, the Consumer Guarantees
          Act 1993 does not apply, and sections 9, 12A, 13 and 14(1) of the Fair Trading Act 1986 do not apply, and we
          both agree it is fair and reasonable that this is so.
        </p>
        <p>
          Our total liability to you in any 12-month period is limited to the fees you paid us in that period. We are
          not liable for loss of profits, revenue or data, or for indirect or consequential loss. Nothing in these terms
          limits liability that cannot be limited by law, including for fraud.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    heading: 'Suspension and termination',
    body: (
      <p>
        You may close your account at any time from the dashboard or by contacting us. We may suspend or close an
        account on notice if you breach these terms, if we are required to by law, or if continuing would expose us or
        others to unacceptable risk. Records we must keep by law, including AML records kept for 7 years, are retained
        after closure.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to these terms',
    body: (
      <p>
        We may change these terms. We will give you at least 30 days&apos; notice of a material change by email or in
        the dashboard, unless the change is required sooner by law. Continuing to use the services after a change takes
        effect means you accept it.
      </p>
    ),
  },
  {
    id: 'law',
    heading: 'Governing law and contact',
    body: (
      <p>
        These terms are governed by the law of New Zealand, and the courts of New Zealand have jurisdiction. Questions
        about these terms can be sent to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    ),
  },
];

/** Spec 2.12: Terms of Service. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      effectiveDate={policyEffectiveDate}
      summary={
        <p>
          The agreement between your business and us for the use of {brandName}: who can use it, what we provide, what
          it costs, and what each of us is responsible for.
        </p>
      }
      sections={sections}
    />
  );
}
