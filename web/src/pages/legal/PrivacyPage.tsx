import { Link } from 'react-router';
import { brandName, companyLocation, supportEmail, supportHours } from '../../brand';
import { LegalPage, policyEffectiveDate, type LegalSection } from './LegalPage';

const sections: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    heading: 'Who we are',
    body: (
      <p>
        {brandName} is operated from {companyLocation}. We are responsible for the personal information described in
        this policy, and we handle it under the Privacy Act 2020 and its information privacy principles. Our Privacy
        Officer can be reached at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>, Monday to Friday,{' '}
        {supportHours}.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    heading: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Registration details:</strong> business name, type, industry, address and country; your name, email,
          phone number and position; expected volume and business purpose; and your policy acceptances and marketing
          preference.
        </li>
        <li>
          <strong>Profile details</strong> you add in Settings, such as date of birth, addresses, tax and company
          registration numbers, and website.
        </li>
        <li>
          <strong>Verification information</strong> for KYC and AML checks, such as identity documents and the results
          of sanctions and PEP screening.
        </li>
        <li>
          <strong>Transaction information:</strong> payments, refunds, settlements and the customer details a payment
          carries. Full card numbers are handled by our certified card processor and are not stored by us.
        </li>
        <li>
          <strong>Messages</strong> you send us through the contact form or by email.
        </li>
        <li>
          <strong>Technical information:</strong> sign-in records, IP address, browser type, and the pages you visit on
          our site.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use',
    heading: 'How we use it',
    body: (
      <ul>
        <li>to open and run your account and provide the services you use;</li>
        <li>to verify identities and meet our obligations under the AML/CFT Act 2009 and other laws;</li>
        <li>to detect and prevent fraud, abuse and security incidents;</li>
        <li>to answer your messages and provide support;</li>
        <li>to send service messages, such as verification links, security alerts and changes to our terms;</li>
        <li>to send marketing only if you opted in; you can opt out at any time;</li>
        <li>to improve the services, using aggregated or de-identified information where we can.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    heading: 'Who we share it with',
    body: (
      <>
        <p>We do not sell personal information. We share it only as needed with:</p>
        <ul>
          <li>payment processors, exchanges and banks that carry out the transactions you ask for;</li>
          <li>identity verification and screening providers that help us complete KYC and AML checks;</li>
          <li>hosting, email and support providers that run parts of the services for us;</li>
          <li>professional advisers and auditors, under confidentiality obligations;</li>
          <li>
            regulators, the New Zealand Police Financial Intelligence Unit and other authorities where the law requires
            or allows it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'overseas',
    heading: 'Overseas disclosure',
    body: (
      <p>
        Some of our providers store or process information outside New Zealand. Before we disclose personal information
        overseas, we make sure it will be protected by safeguards comparable to those of the Privacy Act, as information
        privacy principle 12 requires.
      </p>
    ),
  },
  {
    id: 'security',
    heading: 'How we protect it',
    body: (
      <p>
        Personal information is encrypted with 256-bit AES at rest and with TLS in transit. Access is limited to people
        who need it for their role and is logged. Read more on our{' '}
        <Link to="/legal/security">security and data protection</Link> page.
      </p>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    body: (
      <p>
        We keep personal information only as long as we need it. Identity, verification and transaction records are kept
        for 7 years after the business relationship ends or the transaction occurs, as our AML Policy requires. Contact
        messages are kept for as long as needed to resolve them and to keep a record of our support.
      </p>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your rights',
    body: (
      <>
        <p>
          You can ask for access to the personal information we hold about you and ask us to correct it. Much of it can
          be viewed and updated in Settings. We respond to requests within 20 working days. We may need to verify your
          identity first, and the law may require us to keep some records after a correction request.
        </p>
        <p>
          If you are not satisfied with how we handled a privacy matter, please tell us first. You can also complain to
          the Office of the Privacy Commissioner.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies and analytics',
    body: (
      <p>
        We use essential cookies to keep you signed in securely; the site does not work without them. If you arrive
        through a partner&apos;s referral link, a cookie records the partner&apos;s code so the referral can be
        credited. We also record page views to understand how the site is used.
      </p>
    ),
  },
  {
    id: 'breaches',
    heading: 'Privacy breaches',
    body: (
      <p>
        If a privacy breach has caused or is likely to cause serious harm, we will notify the Privacy Commissioner and
        the people affected as soon as practicable, as the Privacy Act requires.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    body: (
      <p>
        We may update this policy. We will publish the new version here with its effective date, and tell you by email
        or in the dashboard about significant changes.
      </p>
    ),
  },
];

/** Spec 2.12: Privacy Policy. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      effectiveDate={policyEffectiveDate}
      summary={
        <p>
          What personal information we collect, why we collect it, who we share it with, and how you can see and correct
          it.
        </p>
      }
      sections={sections}
    />
  );
}
