import { Link } from 'react-router';
import {
  brandName,
  companyAddressLines,
  copyrightYear,
  supportEmail,
  supportHours,
  supportPhone,
  telHref,
} from '../../brand';
import { BrandLink } from '../BrandLink';
import { LinkButton } from './LinkButton';
import styles from './site.module.css';
import { footerLinkGroups } from './siteLinks';

/** The public pages' footer (spec 2.2): site links, contact e-mail and phone, support hours, postal address, contact form. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.container}>
        <div className={styles.footerGrid}>
          <div>
            <BrandLink />
            <p className={`${styles.muted} ${styles.small}`}>
              Payments, intelligence and compliance for businesses worldwide.
            </p>
            <address className={styles.address}>
              {companyAddressLines.join(', ')}
              <br />
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
              <br />
              <a href={telHref(supportPhone)}>{supportPhone}</a>
            </address>
            <p className={`${styles.muted} ${styles.small}`}>Support: Monday to Friday, {supportHours}</p>
            <LinkButton to="/contact">Contact Form</LinkButton>
          </div>
          {footerLinkGroups.map((group) => (
            <nav key={group.heading} aria-labelledby={`footer-${group.heading.toLowerCase()}`}>
              <h2 id={`footer-${group.heading.toLowerCase()}`} className={styles.footerHeading}>
                {group.heading}
              </h2>
              <ul className={styles.footerLinks}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className={styles.copyright}>
          © {copyrightYear} {brandName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
