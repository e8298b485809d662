import { describe, expect, it } from 'vitest';
import { figureLabel, formatDateRange, formatFigure } from './labels';

describe('report figures', () => {
  it.each([
    ['totalVolume', 1234.5, 'Total volume', '$1,234.50'],
    ['totalCount', 12045, 'Transactions', '12,045'],
    ['averageTicket', 10.25, 'Average ticket', '$10.25'],
    ['successRate', 97.25, 'Success rate', '97.3%'],
    // What the merchant paid the platform is money, named as the financial report names it.
    ['subscriptionFeesPaid', 699, 'Subscription costs paid (card and crypto)', '$699.00'],
    ['subscriptionFeesRefunded', 0, 'Subscription costs refunded', '$0.00'],
    ['netRevenue', -575.55, 'Net revenue (volume less subscription costs)', '-$575.55'],
    ['payoutsPaid', 10, 'Payouts paid', '$10.00'],
    // Keys the screen does not know: labelled and formatted from their names.
    ['refundedVolume', -20, 'Refunded volume', '-$20.00'],
    ['failedCount', 3, 'Failed count', '3'],
    ['largeTransactionShare', 4.5, 'Large transaction share', '4.5%'],
    ['screenedTransactions', 88, 'Screened transactions', '88'],
  ])('%s reads "%s" as %s', (key, value, label, text) => {
    expect(figureLabel(key)).toBe(label);
    expect(formatFigure(key, value)).toBe(text);
  });

  it("writes the UTC days of the period, whatever the viewer's time zone", () => {
    expect(formatDateRange({ from: '2026-10-24', to: '2026-11-22' })).toBe('Oct 24, 2026 – Nov 22, 2026');
  });
});
