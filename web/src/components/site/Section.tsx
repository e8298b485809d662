import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import styles from './site.module.css';

interface SectionProps {
  /** The in-page anchor; also names the heading's id. */
  id?: string;
  title: string;
  intro?: ReactNode;
  /** A slightly lighter band, to separate neighbouring sections. */
  alt?: boolean;
  children: ReactNode;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A titled page section (h2) in the centred container. */
export function Section({ id, title, intro, alt, children }: SectionProps) {
  const headingId = `${id ?? slug(title)}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cx(styles.section, alt && styles.sectionAlt)}>
      <div className={styles.container}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {title}
        </h2>
        {intro && <p className={styles.sectionIntro}>{intro}</p>}
        {children}
      </div>
    </section>
  );
}
