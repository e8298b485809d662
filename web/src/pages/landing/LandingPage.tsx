import { Link } from 'react-router';
import { companyAddressLines, supportEmail } from '../../brand';
import { LinkButton } from '../../components/site/LinkButton';
import { Section } from '../../components/site/Section';
import { defaultNav } from '../../components/site/SiteHeader';
import { SitePage } from '../../components/site/SitePage';
import styles from '../../components/site/site.module.css';
import { about, benefits, partners, solutions, statistics } from './content';

/** Spec 2.2. Plain HTML and CSS: this page must stay light (no antd). */
export function LandingPage() {
  return (
    <SitePage title="Business Payments, Intelligence and Compliance" nav={defaultNav('#solutions')}>
      <section aria-labelledby="hero-heading" className={styles.hero}>
        <div className={styles.container}>
          <p className={styles.eyebrow}>Payments · Intelligence · Compliance · Tokenization</p>
          <h1 id="hero-heading" className={styles.heroTitle}>
            Unified payments, intelligence and compliance for your business
          </h1>
          <p className={styles.lead}>
            Process cards, wallets, crypto and point-of-sale payments on one platform, understand your business with
            AI-driven analytics, and stay compliant with automated KYC and AML.
          </p>
          <div className={styles.actions}>
            <LinkButton to="/register" primary large>
              Register Now
            </LinkButton>
            <LinkButton to="/contact" large>
              Request Info
            </LinkButton>
          </div>
        </div>
      </section>

      <section aria-labelledby="statistics-heading" className={styles.container}>
        <h2 id="statistics-heading" className="sr-only">
          Platform statistics
        </h2>
        <ul className={`${styles.grid} ${styles.grid4}`}>
          {statistics.map((stat) => (
            <li key={stat.label} className={`${styles.card} ${styles.stat}`}>
              <span className={styles.statValue}>{stat.value}</span>
              <span className={styles.muted}>{stat.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <Section
        id="solutions"
        title="Comprehensive Financial Solutions"
        intro="Everything a business needs to get paid, grow and stay compliant, from a single account."
      >
        <ul className={`${styles.grid} ${styles.grid2}`}>
          {solutions.map((solution) => (
            <li key={solution.title} className={styles.card}>
              <h3 className={styles.cardTitle}>{solution.title}</h3>
              <p className={styles.cardText}>{solution.description}</p>
              <p className={styles.cardText}>
                {solution.links.map((link, index) => (
                  <span key={link.to}>
                    {index > 0 && ' · '}
                    <Link to={link.to}>{link.label}</Link>
                  </span>
                ))}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title="Why Choose Payments Platform"
        intro="Built for businesses that need enterprise capabilities without enterprise complexity."
        alt
      >
        <ul className={`${styles.grid} ${styles.grid3}`}>
          {benefits.map((benefit) => (
            <li key={benefit.title} className={styles.card}>
              <h3 className={styles.cardSubtitle}>{benefit.title}</h3>
              <p className={styles.cardText}>{benefit.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="about"
        title="About Us"
        intro="A New Zealand company, based in Albany on Auckland's North Shore, building financial infrastructure for businesses everywhere."
      >
        <ul className={styles.grid}>
          {about.map((item) => (
            <li key={item.title} className={styles.card}>
              <h3 className={styles.cardSubtitle}>{item.title}</h3>
              <p className={styles.cardText}>{item.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title="Strategic Technology Partnerships"
        intro="We build on certified, proven infrastructure so you don't have to."
        alt
      >
        <ul className={`${styles.grid} ${styles.grid2}`}>
          {partners.map((partner) => (
            <li key={partner.title} className={styles.card}>
              <h3 className={styles.cardSubtitle}>{partner.title}</h3>
              <p className={styles.cardText}>{partner.description}</p>
              <ul className={styles.checkList}>
                {partner.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title="Ready to transform your payments?"
        intro="Open an account in minutes. Our team reviews applications in 1-2 business days."
      >
        <div className={styles.actions} style={{ marginTop: 0 }}>
          <LinkButton to="/register" primary large>
            Create Free Account
          </LinkButton>
          <LinkButton to="/contact" large>
            Contact Sales
          </LinkButton>
        </div>
      </Section>

      <Section
        id="contact"
        title="Contact Us"
        intro="Questions about the platform, pricing or partnerships? We're here to help."
        alt
      >
        <div className={styles.narrow} style={{ margin: '0 auto', textAlign: 'center' }}>
          <address className={styles.address}>
            {companyAddressLines.join(', ')}
            <br />
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </address>
          <LinkButton to="/contact" primary>
            Contact Form
          </LinkButton>
        </div>
      </Section>
    </SitePage>
  );
}
