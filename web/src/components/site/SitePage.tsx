import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SiteFooter } from './SiteFooter';
import { SiteHeader, type NavItem } from './SiteHeader';
import styles from './site.module.css';

/** index.html's title, shown again when a page without its own title opens. */
const defaultTitle = 'Business Payments Platform';

interface SitePageProps {
  /** The document title's first part; the product name follows. */
  title: string;
  nav?: NavItem[];
  /** Replaces the top bar entirely (the legal pages have their own). */
  header?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every public page: skip link, sticky top bar, one <main>, footer.
 * Plain HTML and CSS, so the public pages load no antd.
 */
export function SitePage({ title, nav, header, children }: SitePageProps) {
  const { hash } = useLocation();

  useEffect(() => {
    document.title = `${title} | ${defaultTitle}`;
    return () => {
      document.title = defaultTitle;
    };
  }, [title]);

  // Links such as /#solutions arrive before this lazy page has rendered.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash]);

  return (
    <div className={styles.page}>
      <a href="#main" className={styles.skipLink}>
        Skip to main content
      </a>
      {header ?? <SiteHeader nav={nav} />}
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
