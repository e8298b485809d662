import type { ReactNode } from 'react';
import type { NavItem } from '../../components/site/SiteHeader';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { SitePage } from '../../components/site/SitePage';
import site from '../../components/site/site.module.css';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

/**
 * Spec 2.12: the policy pages link back to the dashboard, for a signed-in member; a visitor (or
 * while the session is still being checked) is offered the home page instead (issue 39). The
 * brand mark links home.
 */
export function useLegalNav(enabled = true): NavItem[] {
  const { data: user } = useCurrentUser({ enabled });
  return user ? [{ to: '/dashboard', label: 'Back to Dashboard' }] : [{ to: '/', label: 'Back to Home' }];
}

/** The date the current policy texts took effect (confirm with the business before publishing changes). */
export const policyEffectiveDate = '1 July 2024';

interface LegalPageProps {
  title: string;
  summary: ReactNode;
  /** Shown under the title; omit for guides. */
  effectiveDate?: string;
  sections?: readonly LegalSection[];
  nav?: NavItem[];
  children?: ReactNode;
}

/** A policy or guide page: one h1, a summary, a table of contents and numbered sections. */
export function LegalPage({ title, summary, effectiveDate, sections = [], nav, children }: LegalPageProps) {
  // A page with its own links (Security) needs no session check.
  const legalNav = useLegalNav(!nav);
  return (
    <SitePage title={title} nav={nav ?? legalNav}>
      <article className={site.section}>
        <div className={site.container}>
          <div className={site.prose}>
            <h1>{title}</h1>
            {effectiveDate && <p className={site.muted}>Effective {effectiveDate}</p>}
            <div className={site.lead} style={{ margin: 0, maxWidth: 'none' }}>
              {summary}
            </div>
            {sections.length > 2 && (
              <nav aria-label="On this page" className={site.toc}>
                <ol>
                  {sections.map((section) => (
                    <li key={section.id}>
                      <a href={`#${section.id}`}>{section.heading}</a>
                    </li>
                  ))}
                </ol>
              </nav>
            )}
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
                <h2 id={`${section.id}-heading`}>
                  {index + 1}. {section.heading}
                </h2>
                {section.body}
              </section>
            ))}
            {children}
          </div>
        </div>
      </article>
    </SitePage>
  );
}
