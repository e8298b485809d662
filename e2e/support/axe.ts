import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The page's serious and critical axe violations, one line each with the elements concerned
 * (empty when there are none).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.nodes.length} node(s)): ${violation.help}: ${violation.nodes
          .map((node) => `${node.target.join(' ')} [${node.any.map((check) => check.message).join('; ')}]`)
          .join(', ')}`,
    );
}

/**
 * Waits (up to 3 s) until no CSS animation or transition that ends is running: a toast fading in has blended,
 * lower-contrast colours that are not what a user reads.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          // Spinners loop for ever; only animations that end are waited for.
          .every(
            (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      null,
      {
        timeout: 3000,
        polling: 100,
      },
    )
    .catch(() => undefined);
}
