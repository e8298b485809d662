import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../pages/analytics/testSupport';
import { csvFileName, csvLine, downloadCsv, toCsv, type CsvColumn } from './csv';

interface Row {
  name: string;
  amount: number;
  note?: string | null;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Amount (USD)', value: (r) => r.amount },
  { header: 'Note', value: (r) => r.note },
];

describe('toCsv', () => {
  it('writes a header line and one CRLF-terminated line per row', () => {
    expect(toCsv(columns, [{ name: 'Stripe', amount: 1234.5, note: 'ok' }])).toBe(
      'Name,Amount (USD),Note\r\nStripe,1234.5,ok\r\n',
    );
  });

  it('quotes commas, quotes and line breaks, and leaves missing values empty', () => {
    const csv = toCsv(columns, [
      { name: 'Smith, Jones', amount: 1, note: 'said "hi"' },
      { name: 'Two\nlines', amount: -2.25, note: null },
    ]);
    expect(csv).toBe('Name,Amount (USD),Note\r\n"Smith, Jones",1,"said ""hi"""\r\n"Two\nlines",-2.25,\r\n');
  });

  it('keeps text that a spreadsheet would run as a formula as text, but not negative numbers', () => {
    const csv = toCsv(columns, [{ name: '=HYPERLINK("x")', amount: -5, note: '@SUM(A1)' }]);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",-5,'@SUM(A1)`);
    expect(csvLine(['-12.50', '-1e3', '+1+2'])).toBe(`-12.50,'-1e3,'+1+2`);
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(columns, [])).toBe('Name,Amount (USD),Note\r\n');
  });
});

describe('csvFileName', () => {
  afterEach(() => vi.useRealTimers());

  it("names the file after the screen, its selection and today's date", () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T05:00:00Z'), toFake: ['Date'] });
    expect(csvFileName('cash-flow', 'quarterly')).toBe('cash-flow-quarterly-2026-11-22.csv');
  });
});

describe('downloadCsv', () => {
  it('downloads the text as a named UTF-8 CSV file', async () => {
    const files = captureDownloads();
    downloadCsv('report.csv', 'a,b\r\n1,2\r\n');
    expect(files).toHaveLength(1);
    expect(files[0]?.fileName).toBe('report.csv');
    expect(await files[0]?.text()).toBe('a,b\r\n1,2\r\n');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
