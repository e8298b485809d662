import type { ReportDocument } from '../report-document';

/**
 * The report as CSV (UTF-8 with a byte-order mark, RFC 4180: CRLF line ends, fields with a comma, quote or line break quoted,
 * quotes doubled): its heading lines, the key figures, then each table under its title, sections
 * separated by an empty line. Numbers stay plain numbers (no separators, no currency sign) so a
 * spreadsheet can compute with them.
 *
 * Text comes partly from other people's data (processor names, customer references, the business
 * name), so a text cell that a spreadsheet would run as a formula (starting with = + - @, or a tab
 * or carriage return, as OWASP lists) is prefixed with a single quote. Numbers we wrote ourselves
 * are never prefixed: -12.5 stays a number.
 */
export function renderReportCsv(document: ReportDocument): Buffer {
  const lines: string[] = [
    line(['Report', document.title]),
    line(['Prepared for', document.preparedFor]),
    line(['Period', document.period]),
    line(['From', document.dateRange.from]),
    line(['To', document.dateRange.to]),
    line(['Generated at', document.generatedAt]),
    '',
    line(['Key figure', 'Value', 'Unit']),
    ...document.keyFigures.map((figure) => line([figure.label, figure.value, unitOf(figure.format)])),
  ];
  for (const table of document.tables) {
    lines.push('', line([table.title]), line(table.columns), ...table.rows.map((row) => line(row)));
  }
  return Buffer.from(`${UTF8_BOM}${lines.join('\r\n')}\r\n`, 'utf8');
}

/** Excel reads a CSV without it as the system's code page, garbling names such as Māori or Zürich. */
const UTF8_BOM = '\uFEFF';

const unitOf = (format: ReportDocument['keyFigures'][number]['format']): string =>
  format === 'usd' ? 'USD' : format === 'percent' ? '%' : 'count';

const line = (cells: (string | number)[]): string => cells.map(csvCell).join(',');

/** Characters that make a spreadsheet read a cell as a formula. */
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
