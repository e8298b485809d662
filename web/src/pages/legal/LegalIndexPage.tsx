import { SiteIndexPage } from '../../components/site/SiteIndexPage';
import { legalPages } from '../../components/site/siteLinks';

/** /legal: an overview of the policies and the user guide. */
export function LegalIndexPage() {
  return (
    <SiteIndexPage
      title="Legal and Policies"
      lead="The terms, policies and guides that apply to your use of the platform."
      pages={legalPages}
    />
  );
}
