import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ReportDocument } from '../report-document';
import { formatFigure } from './format';
import { renderReportPdf } from './pdf';

// The PDF opens and says what it should: its first page rendered to PNG by poppler's pdftoppm and
// read back by tesseract's OCR carries the title and the total; poppler's pdftotext finds every
// key figure and table header. Both tools are Debian packages (scripts/ensure-tools.sh pdf).
const execTool = promisify(execFile);
const run = (tool: string, args: string[]) =>
  execTool(tool, args).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT'
      ? new Error(`${tool} is missing: bash scripts/ensure-tools.sh pdf installs it`)
      : error;
  });

const days = Array.from({ length: 30 }, (_, index) => `2025-03-${String(index + 1).padStart(2, '0')}`);
const sample: ReportDocument = {
  title: 'Financial Report March 2025',
  type: 'financial',
  period: '30d',
  dateRange: { from: '2025-03-01', to: '2025-03-30' },
  generatedAt: '2025-03-30T09:15:00.000Z',
  preparedFor: 'Harbour Street Coffee Ltd',
  keyFigures: [
    { key: 'totalVolume', label: 'Total volume', value: 12345.67, format: 'usd' },
    { key: 'totalCount', label: 'Transactions', value: 1482, format: 'count' },
    { key: 'averageTicket', label: 'Average ticket', value: 8.33, format: 'usd' },
    { key: 'successRate', label: 'Success rate', value: 97.3, format: 'percent' },
    { key: 'refundedCount', label: 'Refunds', value: 12, format: 'count' },
  ],
  chart: {
    title: 'Daily volume',
    kind: 'bar',
    unit: 'usd',
    points: days.map((label, index) => ({ label, value: 250 + ((index * 37) % 300) })),
  },
  tables: [
    {
      title: 'By processor',
      columns: ['Processor', 'Transactions', 'Volume (USD)'],
      rows: [
        ['stripe', 1100, 9345.67],
        ['square', 382, 3000],
      ],
    },
    {
      title: 'Transactions by day',
      columns: ['Day', 'Completed', 'Refunded', 'Failed', 'Volume (USD)'],
      // Long enough to run over two pages, so the header must repeat.
      rows: Array.from({ length: 90 }, (_, index) => [`row ${index + 1}`, 40 + index, index % 3, index % 5, 300.5]),
    },
    {
      title: 'Notes',
      columns: ['Note'],
      rows: [
        [`A note longer than a line: ${'the figures are in USD at the reference rates; '.repeat(4)}wrapped-not-cut.`],
      ],
    },
  ],
  analysisInput: {
    type: 'financial',
    period: '30d',
    dateRange: { from: '2025-03-01', to: '2025-03-30' },
    summary: { totalVolume: 12345.67, totalCount: 1482 },
    previousSummary: null,
    daily: [],
    byProcessor: [],
    byCustomer: [],
  },
};

describe('renderReportPdf', () => {
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'report-pdf-'));
    file = join(dir, 'report.pdf');
    await writeFile(file, await renderReportPdf(sample));
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is a PDF whose bytes depend only on the document', async () => {
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await renderReportPdf(sample)).equals(bytes)).toBe(true);
    const later = await renderReportPdf({ ...sample, generatedAt: '2025-03-31T09:15:00.000Z' });
    expect(later.equals(bytes)).toBe(false);
  });

  it('shows the title and the total on its first page (pdftoppm, then OCR)', async () => {
    await run('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'first')]);
    const { stdout } = await run('tesseract', [join(dir, 'first.png'), 'stdout', '-l', 'eng']);
    const text = stdout.toLowerCase();
    for (const word of ['financial', 'report', 'march', '2025']) expect(text).toContain(word);
    expect(text).toContain('total volume');
    expect(text.replace(/\s/g, '')).toContain('12,345.67');
    expect(text).toContain('harbour street coffee');
  }, 30_000);

  it('holds every key figure, every table header, the repeated header and the page numbers', async () => {
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    for (const figure of sample.keyFigures) {
      expect(text).toContain(figure.label);
      expect(text).toContain(formatFigure(figure.value, figure.format));
    }
    expect(text).toContain('$12,345.67');
    expect(text).toContain('97.3%');
    expect(text).toContain('1,482');
    for (const table of sample.tables) {
      expect(text).toContain(table.title);
      for (const column of table.columns) expect(text).toContain(column);
    }
    expect(text).toContain('Transactions by day (continued)');
    expect(text).toContain('9,345.67');
    // A column of amounts shows cents on every row; text longer than its column wraps, whole.
    expect(text).toContain('3,000.00');
    expect(text).toContain('wrapped-not-cut.');
    expect(text).toContain('Daily volume');
    expect(text).toContain('Period: Last 30 days (2025-03-01 to 2025-03-30)');
    expect(text).toContain('Generated at 2025-03-30 09:15 UTC');
    const pages = text.split('\f').filter((page) => page.trim());
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pages.length}`));
    expect(pages.length).toBeGreaterThanOrEqual(4);
  });

  it('draws an empty period and text the built-in fonts cannot show without failing', async () => {
    const empty = await renderReportPdf({
      ...sample,
      preparedFor: 'Café 東京 ☕',
      keyFigures: [{ key: 'totalVolume', label: 'Total volume', value: 0, format: 'usd' }],
      chart: { ...sample.chart, kind: 'line', points: [] },
      tables: [{ title: 'By processor', columns: ['Processor', 'Volume (USD)'], rows: [] }],
    });
    const path = join(dir, 'empty.pdf');
    await writeFile(path, empty);
    const { stdout: text } = await run('pdftotext', ['-layout', path, '-']);
    expect(text).toContain('Prepared for Café ?? ?');
    expect(text).toContain('$0.00');
    expect(text).toContain('No data for this period.');
    expect(text).toContain('No rows for this period.');
  });
});
