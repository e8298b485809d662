import { screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { DonutSlice } from './AnalyticsCharts';

/** The data each stand-in donut was last given, by its label. */
export const donutData = new Map<string, DonutSlice[]>();

/** Stand-ins for the lazily loaded charts: canvas drawing is not available in jsdom. */
export const chartStubs = {
  LineChart: ({ label }: { label: string }) => <figure aria-label={label} />,
  GroupedColumnChart: ({ label }: { label: string }) => <figure aria-label={label} />,
  DonutChart: ({ label, data }: { label: string; data: DonutSlice[] }) => {
    donutData.set(label, data);
    return <figure aria-label={label} />;
  },
};

/** jsdom's Blob has no text(); FileReader reads it. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsText(blob);
  });
}

/** Records the files the page downloads (name and text) instead of saving them. */
export function captureDownloads() {
  const files: { fileName: string; text: () => Promise<string> }[] = [];
  let lastBlob: Blob | undefined;
  if (!('createObjectURL' in URL)) {
    Object.assign(URL, { createObjectURL: () => '', revokeObjectURL: () => undefined });
  }
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    lastBlob = blob as Blob;
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = lastBlob;
    files.push({
      fileName: this.download,
      text: async () => (blob ? (await readBlob(blob)).replace(/^\uFEFF/, '') : ''),
    });
  });
  return files;
}

/** The spec 8 failure toast: title and description, shown as an alert. */
export async function expectFailureToast(title: string, description: string) {
  expect(await screen.findByText(title)).toBeTruthy();
  expect(screen.getByText(description)).toBeTruthy();
}

export const exportButton = () => screen.getByRole('button', { name: /Export CSV/ });
export const refreshButton = () => screen.getByRole('button', { name: /Refresh/ });

/** The card around a statistic's title, to read its figure. */
export const statCard = async (title: string) => {
  const heading = await screen.findByText(title);
  const card = heading.closest<HTMLElement>('.ant-card');
  if (!card) throw new Error(`No card around ${title}`);
  return card;
};
