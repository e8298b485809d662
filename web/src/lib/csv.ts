/** Client-side CSV export (RFC 4180) of data a screen has already loaded. */

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** Characters that make a spreadsheet read a text cell as a formula. */
const formulaStart = /^[=+\-@\t\r]/;

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A text (never a number) that a spreadsheet would run as a formula is kept as text.
  // A decimal string such as "-12.50" is a plain number, not a formula.
  if (typeof value === 'string' && formulaStart.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of values, escaped. */
export const csvLine = (values: readonly CsvValue[]): string => values.map(cell).join(',');

/** Lines joined as a CSV file: CRLF after each. */
export const csvText = (lines: readonly string[]): string => `${lines.join('\r\n')}\r\n`;

/** A header line, then one line per row. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  return csvText([
    csvLine(columns.map((column) => column.header)),
    ...rows.map((row) => csvLine(columns.map((column) => column.value(row)))),
  ]);
}

/** "business-metrics-weekly-2026-11-22.csv": the screen, its selection and today's date (UTC). */
export function csvFileName(...parts: string[]): string {
  const today = new Date().toISOString().slice(0, 10);
  return `${[...parts, today].join('-')}.csv`;
}

/** Saves the text as a .csv file through a temporary link. */
export function downloadCsv(fileName: string, csv: string): void {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next task: some browsers start the download after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
