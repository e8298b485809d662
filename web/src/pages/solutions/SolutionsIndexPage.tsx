import { SiteIndexPage } from '../../components/site/SiteIndexPage';
import { solutionPages } from '../../components/site/siteLinks';

/** /solutions: an overview of the five solutions pages. */
export function SolutionsIndexPage() {
  return (
    <SiteIndexPage
      title="Solutions"
      lead="Payments, blockchain, compliance, crypto and real-estate tokenization on one platform. Choose a solution to read more."
      pages={solutionPages}
    />
  );
}
