import type { CustomerSegmentation } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch, renderPage } from '../../test/render';
import { CustomerSegmentationPage } from './CustomerSegmentationPage';
import { chartPalette, sliceColorScale } from '../../lib/chartTheme';
import { captureDownloads, donutData, expectFailureToast, exportButton, refreshButton, statCard } from './testSupport';

vi.mock('./charts', async () => (await import('./testSupport')).chartStubs);

const path = '/api/analytics/customer-segmentation';

const segmentation: CustomerSegmentation = {
  totalCustomers: 1250,
  currency: 'USD',
  segments: [
    {
      id: 'top',
      name: 'High Value',
      tier: 'premium',
      count: 125,
      percentage: 10,
      averageValue: 15_400,
      growthRate: 12.5,
      color: '#1677ff',
      characteristics: ['Top 10% of customers by spend', 'Pays by card, "mostly"'],
    },
    {
      id: 'rest',
      name: 'Regular',
      tier: 'standard',
      count: 1125,
      percentage: 90,
      averageValue: 320.5,
      growthRate: -4,
      color: '#52c41a',
      characteristics: [],
    },
  ],
};

const renderSegmentation = () => renderPage(<CustomerSegmentationPage />, { path: '/analytics/customer-segmentation' });

describe('CustomerSegmentationPage', () => {
  it('shows the total and each segment with its share, average value and growth', async () => {
    mockFetch(() => ({ body: segmentation }));
    renderSegmentation();

    expect(within(await statCard('Total Customers')).getByText('1,250')).toBeTruthy();
    const top = screen.getByLabelText('High Value');
    expect(within(top).getByText('Premium')).toBeTruthy();
    expect(within(top).getByText('125')).toBeTruthy();
    expect(within(top).getByText('$15.4K')).toBeTruthy();
    expect(within(top).getByText('+12.5%')).toBeTruthy();
    expect(within(top).getByText('10.0%')).toBeTruthy();
    expect(within(top).getByText('Top 10% of customers by spend')).toBeTruthy();
    const regular = screen.getByLabelText('Regular');
    expect(within(regular).getByText('1,125')).toBeTruthy();
    expect(within(regular).getByText('$320.5')).toBeTruthy();
    expect(within(regular).getByText('-4.0%')).toBeTruthy();
    expect(within(regular).getByText('90.0%')).toBeTruthy();
  });

  it("colours each segment's donut slice and its card's dot the same, from the chart palette", async () => {
    mockFetch(() => ({ body: segmentation }));
    renderSegmentation();
    await screen.findByText('1,250');

    // The colour scale the donut is drawn with, from the data the page gives it.
    const scale = sliceColorScale(donutData.get('Customers per segment') ?? []);
    expect(scale.domain).toEqual(['High Value', 'Regular']);
    const rgb = (hex: string) => {
      const probe = document.createElement('span');
      probe.style.background = hex;
      return probe.style.background;
    };
    const dots = segmentation.segments.map((segment) => {
      const dot = screen.getByLabelText(segment.name).querySelector<HTMLElement>('.ant-card-head [aria-hidden]');
      if (!dot) throw new Error(`No dot on the ${segment.name} card`);
      return dot.style.background;
    });
    expect(dots).toEqual(scale.domain.map((_, index) => rgb(scale.range[index]!)));
    expect(scale.range).toEqual([chartPalette[0], chartPalette[1]]);
  });

  it('reloads on Refresh', async () => {
    const fetchMock = mockFetch(() => ({ body: segmentation }));
    const { user } = renderSegmentation();
    await screen.findByText('1,250');

    await user.click(refreshButton());
    await waitFor(() => expect(callsTo(fetchMock, path)).toHaveLength(2));
  });

  it('shows the failure toast and the empty state with Try Again, which loads again', async () => {
    let fail = true;
    const fetchMock = mockFetch(() => (fail ? { status: 500, text: '' } : { body: segmentation }));
    const { user } = renderSegmentation();

    await expectFailureToast(
      'Failed to load customer segmentation',
      'Unable to fetch customer analytics data. Please try again.',
    );
    expect(screen.getByText('No segmentation data available')).toBeTruthy();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.queryByText('Total Customers')).toBeNull();
    expect(exportButton()).toHaveProperty('disabled', true);

    fail = false;
    await user.click(screen.getByRole('button', { name: /Try Again/ }));
    expect(await screen.findByText('1,250')).toBeTruthy();
    expect(callsTo(fetchMock, path)).toHaveLength(2);
    expect(screen.queryByText('No segmentation data available')).toBeNull();
  });

  it('shows the empty state when there are no customers yet', async () => {
    mockFetch(() => ({ body: { totalCustomers: 0, currency: 'USD', segments: [] } }));
    renderSegmentation();
    expect(await screen.findByText('No segmentation data available')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try Again/ })).toBeTruthy();
  });

  it('exports the segments as CSV', async () => {
    mockFetch(() => ({ body: segmentation }));
    const files = captureDownloads();
    const { user } = renderSegmentation();
    await screen.findByText('1,250');

    await user.click(exportButton());
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.fileName).toMatch(/^customer-segmentation-\d{4}-\d{2}-\d{2}\.csv$/);
    expect((await files[0]!.text()).split('\r\n')).toEqual([
      'Segment,Tier,Customers,Share (%),Average Value (USD),Growth Rate (%),Characteristics',
      'High Value,premium,125,10,15400,12.5,"Top 10% of customers by spend; Pays by card, ""mostly"""',
      'Regular,standard,1125,90,320.5,-4,',
      '',
    ]);
  });
});
