import { Link } from 'react-router';
import { brandName, supportEmail, supportHours } from '../../brand';
import site from '../../components/site/site.module.css';
import { amlFigures } from './amlFigures';
import { LegalPage, policyEffectiveDate, type LegalSection } from './LegalPage';

const sections: readonly LegalSection[] = [
  {
    id: 'purpose',
    heading: 'Purpose and scope',
    body: (
      <p>
        This policy sets out how {brandName} prevents its services from being used for money laundering, the financing
        of terrorism and sanctions evasion. It applies to every customer, every transaction and everyone who works for
        us. Our programme follows the Anti-Money Laundering and Countering Financing of Terrorism Act 2009 (AML/CFT Act)
        and related New Zealand law. Amounts in this policy are in New Zealand dollars, or the equivalent in another
        currency.
      </p>
    ),
  },
  {
    id: 'officer',
    heading: 'Compliance officer',
    body: (
      <p>
        A designated AML/CFT compliance officer, reporting to senior management, is responsible for this policy, for
        reviewing alerts and for reporting to the authorities. The programme is reviewed regularly and independently
        audited as the law requires.
      </p>
    ),
  },
  {
    id: 'cdd',
    heading: 'Customer due diligence (KYC)',
    body: (
      <>
        <p>Before services start, we identify and verify:</p>
        <ul>
          <li>the business: legal name, registration number (such as the NZBN), address and nature of business;</li>
          <li>its beneficial owners and the people acting on its behalf;</li>
          <li>the purpose of the account and the expected volume of transactions.</li>
        </ul>
        <p>
          Applicants must be at least {amlFigures.minimumAge} years old. Once documents are complete, KYC approval
          typically takes {amlFigures.kycApproval}. Services such as payment processing and tokenization are available
          only after KYC is approved.
        </p>
      </>
    ),
  },
  {
    id: 'edd',
    heading: 'Enhanced due diligence',
    body: (
      <>
        <p>We apply enhanced due diligence, including source of funds or wealth, when:</p>
        <ul>
          <li>a single transaction, or linked transactions, exceed {amlFigures.enhancedDueDiligence};</li>
          <li>a customer or beneficial owner is a politically exposed person;</li>
          <li>a customer is connected to a high-risk jurisdiction, or uses a trust or complex ownership structure;</li>
          <li>activity is unusual for the customer, or our risk scoring rates it high risk (71-100).</li>
        </ul>
      </>
    ),
  },
  {
    id: 'monitoring',
    heading: 'Transaction monitoring and thresholds',
    body: (
      <>
        <ul>
          <li>
            <strong>Large-transaction screening:</strong> transactions above {amlFigures.largeTransactionScreening} are
            screened against sanctions lists and risk rules before they complete.
          </li>
          <li>
            <strong>Enhanced due diligence:</strong> transactions above {amlFigures.enhancedDueDiligence} trigger the
            checks described in section 4.
          </li>
          <li>
            <strong>Travel rule:</strong> for wire transfers and virtual asset transfers of {amlFigures.travelRule} or
            more, we collect originator and beneficiary information and pass it on with the transfer.
          </li>
          <li>
            <strong>Ongoing monitoring:</strong> every transaction receives a risk score from 0 to 100 (low 0-30, medium
            31-70, high 71-100). Patterns such as structuring just below a threshold, rapid movement of funds and
            unusual counterparties raise alerts for review.
          </li>
        </ul>
        <p className={site.small}>
          The screening threshold ({amlFigures.largeTransactionScreening}) and the travel-rule threshold (
          {amlFigures.travelRule}) are separate controls; a transfer can be subject to both.
        </p>
      </>
    ),
  },
  {
    id: 'sanctions',
    heading: 'Sanctions and PEP screening',
    body: (
      <p>
        Customers, beneficial owners and counterparties are screened at onboarding and again whenever the lists change,
        against United Nations sanctions, New Zealand designations under the Terrorism Suppression Act 2002 and the
        Russia Sanctions Act 2022, and other international lists that apply to our services. We do not deal with
        sanctioned persons.
      </p>
    ),
  },
  {
    id: 'reporting',
    heading: 'Suspicious activity reporting',
    body: (
      <p>
        Where we have reasonable grounds to suspect that a transaction or activity is relevant to money laundering,
        terrorism financing or another offence, we report it to the New Zealand Police Financial Intelligence Unit as
        the AML/CFT Act requires. The law prohibits us from telling anyone that a report has been made.
      </p>
    ),
  },
  {
    id: 'customer-notification',
    heading: 'Holds and customer notification',
    body: (
      <p>
        We may delay, hold or refuse a transaction, or restrict an account, while we complete our checks. Unless the law
        prevents us, we notify the customer within {amlFigures.customerNotification} and explain what information we
        need.
      </p>
    ),
  },
  {
    id: 'tokenization',
    heading: 'Real estate tokenization',
    body: (
      <p>
        Tokenization is offered only for properties in New Zealand and Australia. Issuers and every investor complete
        KYC before whitelisting, token offers are limited to wholesale investors as defined by the Financial Markets
        Conduct Act 2013, and tokens can be transferred only between whitelisted, verified investors. Property
        valuations must be no older than 6 months.
      </p>
    ),
  },
  {
    id: 'records',
    heading: 'Record keeping',
    body: (
      <p>
        Identity and verification records are kept for {amlFigures.recordYears} years after the business relationship
        ends, and transaction records for {amlFigures.recordYears} years after the transaction, so that any transaction
        can be reconstructed.
      </p>
    ),
  },
  {
    id: 'training',
    heading: 'Training',
    body: (
      <p>
        Everyone who works for us is trained in this policy when they join and at least once a year, with further
        training for the people who review alerts and customers.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Questions',
    body: (
      <p>
        Questions about this policy can be sent to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or through our{' '}
        <Link to="/contact">contact form</Link> (category Compliance). Our compliance team answers Monday to Friday,{' '}
        {supportHours}.
      </p>
    ),
  },
];

/** Spec 2.12 and 9: the AML Policy. */
export function AmlPolicyPage() {
  return (
    <LegalPage
      title="AML Policy"
      effectiveDate={policyEffectiveDate}
      summary={
        <p>
          Our anti-money laundering and counter-terrorism financing policy: how we verify customers, monitor
          transactions, report suspicious activity and keep records.
        </p>
      }
      sections={sections}
    />
  );
}
