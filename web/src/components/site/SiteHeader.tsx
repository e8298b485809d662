import { Link } from 'react-router';
import { BrandLink } from '../BrandLink';
import { LinkButton } from './LinkButton';
import styles from './site.module.css';

export interface NavItem {
  to: string;
  label: string;
  /** Shown as the primary button at the end of the bar. */
  primary?: boolean;
}

/** The landing page's top bar (spec 2.2); other pages link to its #solutions anchor. */
export const defaultNav = (solutionsHref = '/#solutions'): NavItem[] => [
  { to: '/register', label: 'Register' },
  { to: '/login', label: 'Sign In' },
  { to: solutionsHref, label: 'Solutions' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
  { to: '/register', label: 'Register Now', primary: true },
];

/** The sticky top bar of the public pages: brand mark and the page's links. */
export function SiteHeader({ nav = defaultNav() }: { nav?: NavItem[] }) {
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <BrandLink />
        <nav aria-label="Main">
          <ul className={styles.navList}>
            {nav.map((item) => (
              <li key={`${item.label}-${item.to}`}>
                {item.primary ? (
                  <LinkButton to={item.to} primary>
                    {item.label}
                  </LinkButton>
                ) : item.to.startsWith('#') ? (
                  <a href={item.to} className={styles.navLink}>
                    {item.label}
                  </a>
                ) : (
                  <Link to={item.to} className={styles.navLink}>
                    {item.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
