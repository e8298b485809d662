import type { SyncFrequency } from '@app/contracts';

const syncDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Mar 4, 2026, 9:05 AM", or 'Never' before the first sync. */
export function formatSyncDate(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : syncDate.format(date);
}

export const syncFrequencyLabels: Record<SyncFrequency, string> = {
  realtime: 'Real-time',
  hourly: 'Hourly',
  daily: 'Daily',
};

/** Form text as the API wants it: trimmed, and left out when blank. */
export const optional = (value: string | undefined): string | undefined => value?.trim() || undefined;
