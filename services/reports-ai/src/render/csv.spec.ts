import type { ReportDocument } from '../report-document';
import { csvCell, renderReportCsv } from './csv';

const document: ReportDocument = {
  title: 'Financial Report (Last 30 days)',
  type: 'financial',
  period: '30d',
  dateRange: { from: '2025-11-15', to: '2025-12-14' },
  generatedAt: '2025-12-14T10:30:00.000Z',
  preparedFor: 'Acme, "Widgets" Ltd',
  keyFigures: [
    { key: 'totalVolume', label: 'Total volume', value: 12345.67, format: 'usd' },
    { key: 'totalCount', label: 'Transactions', value: 12, format: 'count' },
    { key: 'successRate', label: 'Success rate', value: 91.7, format: 'percent' },
    { key: 'netRevenue', label: 'Net revenue', value: -12.5, format: 'usd' },
  ],
  chart: { title: 'Completed volume per day (USD)', kind: 'bar', unit: 'usd', points: [] },
  tables: [
    {
      title: 'By processor',
      columns: ['Processor', 'Transactions', 'Completed volume (USD)'],
      rows: [
        ['stripe', 10, 12000],
        ['=HYPERLINK("http://x")', 1, 345.67],
      ],
    },
    { title: 'Notes', columns: ['Note'], rows: [['Line one\nline two']] },
  ],
  analysisInput: {
    type: 'financial',
    period: '30d',
    dateRange: { from: '2025-11-15', to: '2025-12-14' },
    summary: {},
    previousSummary: null,
    daily: [],
    byProcessor: [],
    byCustomer: [],
  },
};

describe('CSV cells (RFC 4180, formula injection)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
  ])('quotes %j only when it must', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
  ])('neutralises a formula in text %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers as numbers, negative ones included', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(1234.56)).toBe('1234.56');
    expect(csvCell(Number.NaN)).toBe('');
  });
});

describe('the report as CSV', () => {
  const bytes = renderReportCsv(document);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\r\n');

  it('opens with the UTF-8 byte-order mark, so a spreadsheet reads non-ASCII names right', () => {
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('starts with the title row and ends every line with CRLF', () => {
    expect(lines[0]).toBe('Report,Financial Report (Last 30 days)');
    expect(lines[1]).toBe('Prepared for,"Acme, ""Widgets"" Ltd"');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '').includes('\r')).toBe(false);
  });

  it('lists the key figures with their units under a header row', () => {
    const header = lines.indexOf('Key figure,Value,Unit');
    expect(header).toBeGreaterThan(0);
    expect(lines.slice(header + 1, header + 5)).toEqual([
      'Total volume,12345.67,USD',
      'Transactions,12,count',
      'Success rate,91.7,%',
      'Net revenue,-12.5,USD',
    ]);
  });

  it('writes each table under its title, its cells quoted and neutralised', () => {
    const title = lines.indexOf('By processor');
    expect(lines.slice(title + 1, title + 4)).toEqual([
      'Processor,Transactions,Completed volume (USD)',
      'stripe,10,12000',
      `"'=HYPERLINK(""http://x"")",1,345.67`,
    ]);
    expect(text).toContain('Notes\r\nNote\r\n"Line one\nline two"\r\n');
  });
});
