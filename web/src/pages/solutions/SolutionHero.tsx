import type { ReactNode } from 'react';
import site from '../../components/site/site.module.css';

interface SolutionHeroProps {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** The hero's buttons. */
  children?: ReactNode;
}

/** The opening of a solutions page: its one h1, a lead paragraph and the main calls to action. */
export function SolutionHero({ eyebrow, title, lead, children }: SolutionHeroProps) {
  return (
    <section aria-labelledby="page-title" className={site.hero}>
      <div className={site.container}>
        <p className={site.eyebrow}>{eyebrow}</p>
        <h1 id="page-title" className={site.heroTitle}>
          {title}
        </h1>
        <p className={site.lead}>{lead}</p>
        {children && <div className={site.actions}>{children}</div>}
      </div>
    </section>
  );
}

export interface FeatureCard {
  title: string;
  description: string;
}

/** A grid of titled cards. */
export function FeatureGrid({ items }: { items: readonly FeatureCard[] }) {
  return (
    <ul className={`${site.grid} ${site.grid3}`}>
      {items.map((item) => (
        <li key={item.title} className={site.card}>
          <h3 className={site.cardSubtitle}>{item.title}</h3>
          <p className={site.cardText}>{item.description}</p>
        </li>
      ))}
    </ul>
  );
}

/** A numbered list of steps (the numbers come from CSS counters). */
export function StepList({ steps }: { steps: readonly { title: string; description: ReactNode }[] }) {
  return (
    <ol className={site.steps}>
      {steps.map((step) => (
        <li key={step.title} className={site.step}>
          <h3 className={site.cardSubtitle}>{step.title}</h3>
          <p className={site.cardText}>{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
