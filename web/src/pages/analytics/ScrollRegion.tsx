import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroll area, named and reachable by keyboard so it can be scrolled
 * without a mouse (axe: scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </div>
  );
}
