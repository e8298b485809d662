import { Link } from 'react-router';
import { BrandLink } from '../components/BrandLink';
import styles from '../components/site/site.module.css';

/** Spec 2.1 and 8: the fallback for unknown paths. Plain HTML, like the other public pages. */
export function NotFoundPage() {
  return (
    <div className={styles.page} style={{ alignItems: 'center', justifyContent: 'center', padding: 16, gap: 24 }}>
      <header>
        <BrandLink />
      </header>
      <main className={styles.card} style={{ width: '100%', maxWidth: 460, height: 'auto' }}>
        <h1 className={styles.cardTitle} style={{ fontSize: 24 }}>
          404 Page Not Found
        </h1>
        <p className={styles.cardText}>Did you forget to add the page to the router?</p>
        <Link to="/">Back to home</Link>
      </main>
    </div>
  );
}
