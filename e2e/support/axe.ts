import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The page's serious and critical axe violations, one line each (empty when there are none). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.nodes.length} node(s)): ${violation.help}`);
}
