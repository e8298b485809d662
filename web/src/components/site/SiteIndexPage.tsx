import { Link } from 'react-router';
import { SitePage } from './SitePage';
import styles from './site.module.css';
import type { SitePageLink } from './siteLinks';

interface SiteIndexPageProps {
  /** The page's one h1 and the document title. */
  title: string;
  lead: string;
  pages: readonly SitePageLink[];
}

/** The overview of a group of public pages (/solutions, /legal): a card with a link per page. */
export function SiteIndexPage({ title, lead, pages }: SiteIndexPageProps) {
  return (
    <SitePage title={title}>
      <section aria-labelledby="page-title" className={styles.hero}>
        <div className={styles.container}>
          <h1 id="page-title" className={styles.heroTitle}>
            {title}
          </h1>
          <p className={styles.lead}>{lead}</p>
        </div>
      </section>
      <section aria-label={`${title} pages`} className={styles.section} style={{ paddingTop: 0 }}>
        <div className={styles.container}>
          <ul className={`${styles.grid} ${styles.grid3}`}>
            {pages.map((page) => (
              <li key={page.to} className={styles.card}>
                <h2 className={styles.cardSubtitle}>
                  <Link to={page.to}>{page.label}</Link>
                </h2>
                <p className={styles.cardText}>{page.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </SitePage>
  );
}
