import { Link } from 'react-router';
import { emergencyEmail, supportEmail, supportHours } from '../../brand';
import type { NavItem } from '../../components/site/SiteHeader';
import { LegalPage, type LegalSection } from './LegalPage';

const nav: NavItem[] = [
  { to: '/', label: 'Back to Home' },
  { to: '/contact', label: 'Contact Us', primary: true },
];

const sections: readonly LegalSection[] = [
  {
    id: 'encryption',
    heading: 'Encryption',
    body: (
      <ul>
        <li>Data at rest is encrypted with 256-bit AES, including backups.</li>
        <li>Every connection to the site, the dashboard and the API uses TLS.</li>
        <li>Credentials for connected exchanges and processors are stored encrypted and never shown again in full.</li>
      </ul>
    ),
  },
  {
    id: 'accounts',
    heading: 'Account security',
    body: (
      <ul>
        <li>
          Passwords must have at least 8 characters with upper- and lower-case letters, a number and a symbol. They are
          stored only as salted, memory-hard hashes, never in readable form.
        </li>
        <li>
          Sessions use secure, HTTP-only cookies. The access cookie lasts 15 minutes and is renewed automatically while
          you are active; renewal tokens are single-use and rotated on every renewal.
        </li>
        <li>Email verification and password reset links work once and expire after 24 hours.</li>
        <li>Repeated failed sign-in attempts are rate limited.</li>
      </ul>
    ),
  },
  {
    id: 'payments',
    heading: 'Payment data',
    body: (
      <p>
        Card payments are processed by our PCI DSS certified payment-processor partner. Full card numbers are entered
        into and stored by the processor, not by us, which keeps card data out of our systems.
      </p>
    ),
  },
  {
    id: 'operations',
    heading: 'Infrastructure and operations',
    body: (
      <ul>
        <li>Access to production systems is limited to the people who need it, and every access is logged.</li>
        <li>Services are monitored around the clock, backed by a 99.9% platform uptime SLA.</li>
        <li>Data is backed up regularly, and backups are encrypted like the data they hold.</li>
        <li>Changes are reviewed before release, and dependencies are kept up to date.</li>
      </ul>
    ),
  },
  {
    id: 'privacy',
    heading: 'Privacy and data protection',
    body: (
      <p>
        We handle personal information under the New Zealand Privacy Act 2020. Our{' '}
        <Link to="/legal/privacy">Privacy Policy</Link> explains what we collect, who we share it with, how long we keep
        it and how to ask for a copy.
      </p>
    ),
  },
  {
    id: 'incidents',
    heading: 'Incidents',
    body: (
      <p>
        If we become aware of a security incident affecting your data, we will tell you promptly, explain what happened
        and what we are doing about it, and notify the Privacy Commissioner where the law requires. If you suspect
        unauthorised access to your account, email <a href={`mailto:${emergencyEmail}`}>{emergencyEmail}</a> at any
        time, including weekends.
      </p>
    ),
  },
  {
    id: 'disclosure',
    heading: 'Reporting a vulnerability',
    body: (
      <p>
        If you believe you have found a security vulnerability, email{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with the subject &quot;Security&quot; and enough detail
        for us to reproduce it. Please give us reasonable time to fix it before disclosing it, and do not access other
        people&apos;s data or disrupt the service while testing. You can also reach us through the{' '}
        <Link to="/contact">contact form</Link>. Reports are read Monday to Friday, {supportHours}; for an incident in
        progress use the emergency address above, which is watched around the clock.
      </p>
    ),
  },
];

/** Spec 2.12: Security and Data Protection (links back to / and to /contact). */
export function SecurityPage() {
  return (
    <LegalPage
      title="Security and Data Protection"
      nav={nav}
      summary={
        <p>How we protect your account, your payments and your customers&apos; data, and how to report a concern.</p>
      }
      sections={sections}
    />
  );
}
