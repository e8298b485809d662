import { termsOfService } from '@app/contracts';
import { brandName } from '../../brand';
import { HelpBlocks } from './HelpBlocks';
import { LegalPage, policyEffectiveDate, type LegalSection } from './LegalPage';

/** The sections are the help content in @app/contracts, which the chat assistant answers from too. */
const sections: readonly LegalSection[] = termsOfService.sections.map((section) => ({
  id: section.id,
  heading: section.heading,
  body: <HelpBlocks blocks={section.blocks} />,
}));

/** Spec 2.12: Terms of Service. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      effectiveDate={policyEffectiveDate}
      summary={
        <p>
          The agreement between your business and us for the use of {brandName}: who can use it, what we provide, what
          it costs, and what each of us is responsible for.
        </p>
      }
      sections={sections}
    />
  );
}
