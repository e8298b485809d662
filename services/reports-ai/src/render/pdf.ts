import type { ReportType } from '@app/contracts';
import PDFDocument from 'pdfkit';
import type { KeyFigure, ReportChart, ReportDocument, ReportTable } from '../report-document';
import { formatCell, formatFigure, formatTimestamp, isAmountColumn, periodLabel } from './format';

/**
 * The report as an A4 PDF: a title page (with the headline figures, so the first page alone says
 * what the report found), the key figures, the chart drawn with pdfkit's own vector primitives,
 * then the tables, whose header row repeats on every page they run onto, and page numbers.
 * Only the built-in Helvetica is used, so rendering never fetches or embeds a font; the document's
 * CreationDate (which pdfkit also derives the file ID from) is the report's generatedAt, so the
 * same document always gives the same bytes.
 */

type Pdf = PDFKit.PDFDocument;

const margin = 50;
const colours = { text: '#1f2937', muted: '#6b7280', accent: '#1d4ed8', rule: '#d1d5db', band: '#f3f4f6' };
const regular = 'Helvetica';
const bold = 'Helvetica-Bold';
/** Figures shown on the title page. */
const headlineCount = 3;
const tableFontSize = 9;
/** A table row's least height; rows with wrapped text are taller. */
const rowHeight = 16;
/** Lines a table cell may wrap onto before it is cut. */
const maxCellLines = 6;
/** Room a table's title takes above its header. */
const titleHeight = 24;
/** Rows kept on the page of their table's header. */
const minRowsTogether = 3;
const cellPadding = 4;
const chartHeight = 220;
/** Room left of the plot for the scale's labels. */
const scaleWidth = 56;

export function renderReportPdf(document: ReportDocument): Promise<Buffer> {
  const created = new Date(document.generatedAt);
  if (Number.isNaN(created.getTime())) throw new Error(`generatedAt is not a date: ${document.generatedAt}`);
  const pdf = new PDFDocument({
    size: 'A4',
    margin,
    bufferPages: true,
    info: {
      Title: pdfText(document.title),
      Subject: pdfText(`${typeLabel(document.type)}, ${document.dateRange.from} to ${document.dateRange.to}`),
      Author: pdfText(document.preparedFor),
      Creator: 'reports-ai',
      CreationDate: created,
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  titlePage(pdf, document);
  pdf.addPage();
  keyFigures(pdf, document.keyFigures);
  chart(pdf, document.chart);
  for (const table of document.tables) drawTable(pdf, table);
  footers(pdf, document.title);
  pdf.end();
  return finished;
}

const typeLabel = (type: ReportType): string => `${type.charAt(0).toUpperCase()}${type.slice(1)} report`;

/** Characters outside WinAnsi (what the built-in fonts can show) become "?" rather than wrong glyphs. */
const winAnsiExtras = new Set('ƒ–—‘’‚“”„†‡•…€‰‹›ˆ™ŒœŠšŸŽž˜');
const pdfText = (text: string): string =>
  Array.from(text.replace(/[\r\n\t]+/g, ' '), (char) => {
    const code = char.codePointAt(0)!;
    return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char) ? char : '?';
  }).join('');

const contentWidth = (pdf: Pdf): number => pdf.page.width - margin * 2;
const bottom = (pdf: Pdf): number => pdf.page.height - margin;

/** Starts a new page unless `height` more points fit on this one; answers whether it did. */
function ensureSpace(pdf: Pdf, height: number): boolean {
  if (pdf.y + height <= bottom(pdf)) return false;
  pdf.addPage();
  return true;
}

/** One line of text cut with an ellipsis to `width`, left- or right-aligned in it; never wraps. */
function cell(pdf: Pdf, text: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left'): void {
  let shown = pdfText(text);
  if (pdf.widthOfString(shown) > width) {
    while (shown.length > 0 && pdf.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
    shown = `${shown}…`;
  }
  const left = align === 'right' ? x + width - pdf.widthOfString(shown) : x;
  pdf.text(shown, left, y, { lineBreak: false });
}

function heading(pdf: Pdf, text: string): void {
  pdf.font(bold).fontSize(16).fillColor(colours.text);
  pdf.text(pdfText(text), margin, pdf.y, { width: contentWidth(pdf) });
  pdf.moveDown(0.6);
}

function titlePage(pdf: Pdf, document: ReportDocument): void {
  const width = contentWidth(pdf);
  pdf.y = 180;
  pdf.font(bold).fontSize(12).fillColor(colours.accent).text(typeLabel(document.type).toUpperCase(), margin, pdf.y);
  pdf.moveDown(0.5);
  pdf.font(bold).fontSize(28).fillColor(colours.text).text(pdfText(document.title), { width });
  pdf.moveDown(1);
  pdf
    .font(regular)
    .fontSize(14)
    .text(pdfText(`Prepared for ${document.preparedFor}`), { width });
  pdf.moveDown(0.4);
  pdf.fontSize(12).fillColor(colours.muted);
  pdf.text(`Period: ${periodLabel(document.period)} (${document.dateRange.from} to ${document.dateRange.to})`, {
    width,
  });
  pdf.text(`Generated at ${formatTimestamp(document.generatedAt)}`, { width });
  pdf.moveDown(1.5);
  pdf
    .moveTo(margin, pdf.y)
    .lineTo(margin + width, pdf.y)
    .lineWidth(1)
    .strokeColor(colours.rule)
    .stroke();
  pdf.moveDown(1.5);
  pdf.font(regular).fontSize(18).fillColor(colours.text);
  for (const figure of document.keyFigures.slice(0, headlineCount)) {
    const y = pdf.y;
    cell(pdf, figure.label, margin, y, width * 0.6);
    pdf.font(bold);
    cell(pdf, formatFigure(figure.value, figure.format), margin + width * 0.6, y, width * 0.4, 'right');
    pdf.font(regular);
    pdf.y = y + 30;
  }
}

function keyFigures(pdf: Pdf, figures: KeyFigure[]): void {
  const width = contentWidth(pdf);
  heading(pdf, 'Key figures');
  pdf.fontSize(11).fillColor(colours.text);
  for (const figure of figures) {
    ensureSpace(pdf, 22);
    const y = pdf.y;
    pdf.font(regular);
    cell(pdf, figure.label, margin, y + 5, width * 0.65);
    pdf.font(bold);
    cell(pdf, formatFigure(figure.value, figure.format), margin + width * 0.65, y + 5, width * 0.35, 'right');
    pdf
      .moveTo(margin, y + 22)
      .lineTo(margin + width, y + 22)
      .lineWidth(0.5)
      .strokeColor(colours.rule)
      .stroke();
    pdf.y = y + 22;
  }
  if (figures.length === 0) pdf.font(regular).text('No figures for this report.', margin, pdf.y);
  pdf.moveDown(2);
}

/** A round step (1, 2 or 5 times a power of ten) giving about `ticks` gridlines over `span`. */
function niceStep(span: number, ticks: number): number {
  const raw = span / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const compactCount = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

function chart(pdf: Pdf, chart: ReportChart): void {
  ensureSpace(pdf, chartHeight + 70);
  heading(pdf, chart.title);
  const top = pdf.y + 10;
  const left = margin + scaleWidth;
  const width = contentWidth(pdf) - scaleWidth;
  const values = chart.points.map((point) => point.value);
  const step = niceStep(Math.max(0, ...values) - Math.min(0, ...values) || 1, 5);
  const low = Math.floor(Math.min(0, ...values) / step) * step;
  const high = Math.max(Math.ceil(Math.max(0, ...values) / step) * step, low + step);
  const yOf = (value: number) => top + chartHeight - ((value - low) / (high - low)) * chartHeight;
  const label = (value: number) => (chart.unit === 'usd' ? compactUsd : compactCount).format(value);

  // The scale: a gridline and a label at every step, the unit above it.
  pdf.font(regular).fontSize(8).fillColor(colours.muted);
  pdf.text(chart.unit === 'usd' ? 'USD' : 'Count', margin, top - 14, { lineBreak: false });
  for (let tick = low; tick <= high + step / 2; tick += step) {
    const y = yOf(tick);
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(colours.rule)
      .stroke();
    cell(pdf, label(tick), margin, y - 3, scaleWidth - 6, 'right');
  }
  pdf
    .moveTo(left, top)
    .lineTo(left, top + chartHeight)
    .lineWidth(1)
    .strokeColor(colours.muted)
    .stroke();
  pdf
    .moveTo(left, yOf(0))
    .lineTo(left + width, yOf(0))
    .stroke();

  const count = chart.points.length;
  if (count === 0) {
    pdf.fontSize(10).text('No data for this period.', left, top + chartHeight / 2 - 5, { width, align: 'center' });
  } else {
    const slot = width / count;
    const centre = (index: number) => left + slot * (index + 0.5);
    if (chart.kind === 'bar') {
      chart.points.forEach((point, index) => {
        const y = Math.min(yOf(point.value), yOf(0));
        pdf.rect(centre(index) - slot * 0.35, y, slot * 0.7, Math.abs(yOf(point.value) - yOf(0))).fill(colours.accent);
      });
    } else {
      chart.points.forEach((point, index) =>
        index === 0 ? pdf.moveTo(centre(index), yOf(point.value)) : pdf.lineTo(centre(index), yOf(point.value)),
      );
      pdf.lineWidth(1.5).strokeColor(colours.accent).stroke();
      if (count <= 31) chart.points.forEach((point, index) => pdf.circle(centre(index), yOf(point.value), 2));
      if (count <= 31) pdf.fill(colours.accent);
    }
    // Labels under the axis, as many as fit without overlapping.
    pdf.fontSize(7).fillColor(colours.muted);
    const labelWidth = Math.max(...chart.points.map((point) => pdf.widthOfString(pdfText(point.label)))) + 6;
    const every = Math.max(1, Math.ceil(labelWidth / slot));
    chart.points.forEach((point, index) => {
      if (index % every === 0)
        cell(pdf, point.label, centre(index) - labelWidth / 2 + 3, top + chartHeight + 5, labelWidth);
    });
  }
  pdf.fillColor(colours.text);
  pdf.x = margin;
  pdf.y = top + chartHeight + 30;
}

/** Column widths from their content: natural widths when they fit, else the widest share the rest. */
function columnWidths(pdf: Pdf, table: ReportTable, amounts: boolean[], available: number): number[] {
  const natural = table.columns.map((column, index) => {
    pdf.font(bold);
    let widest = pdf.widthOfString(pdfText(column));
    pdf.font(regular);
    for (const row of table.rows)
      widest = Math.max(widest, pdf.widthOfString(pdfText(formatCell(row[index] ?? '', amounts[index]!))));
    return widest + cellPadding * 2;
  });
  const total = natural.reduce((sum, width) => sum + width, 0);
  if (total <= available) return natural.map((width) => width + (available - total) / natural.length);
  // Columns narrower than an equal share keep their width; the others split what remains.
  const widths = [...natural];
  let open = natural.map((_, index) => index);
  let remaining = available;
  for (;;) {
    const share = remaining / open.length;
    const fitting = open.filter((index) => natural[index]! <= share);
    if (fitting.length === 0) {
      for (const index of open) widths[index] = share;
      return widths;
    }
    remaining -= fitting.reduce((sum, index) => sum + natural[index]!, 0);
    open = open.filter((index) => natural[index]! > share);
    if (open.length === 0) return widths;
  }
}

/** Text cut with an ellipsis to at most `lines` lines of `width`, so that a row always fits a page. */
function fitLines(pdf: Pdf, text: string, width: number, lines: number): string {
  const fits = (candidate: string) => pdf.heightOfString(candidate, { width }) <= pdf.currentLineHeight(true) * lines;
  if (fits(text)) return text;
  let [low, high] = [0, text.length];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(`${text.slice(0, middle)}…`)) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low)}…`;
}

function drawTable(pdf: Pdf, table: ReportTable): void {
  const width = contentWidth(pdf);
  pdf.fontSize(tableFontSize);
  const amounts = table.columns.map((column, index) =>
    isAmountColumn(
      column,
      table.rows.map((row) => row[index]),
    ),
  );
  const widths = columnWidths(pdf, table, amounts, width);
  const numeric = table.columns.map(
    (_, index) => table.rows.length > 0 && table.rows.every((row) => typeof row[index] === 'number'),
  );
  // A row is as tall as its longest cell: long text wraps within its column rather than being cut.
  const layout = (cells: (string | number)[], font: string) => {
    pdf.font(font).fontSize(tableFontSize);
    const texts = widths.map((columnWidth, index) =>
      fitLines(
        pdf,
        pdfText(formatCell(cells[index] ?? '', amounts[index]!)),
        columnWidth - cellPadding * 2,
        maxCellLines,
      ),
    );
    const textHeight = Math.max(
      pdf.currentLineHeight(true),
      ...texts.map((text, index) => pdf.heightOfString(text, { width: widths[index]! - cellPadding * 2 })),
    );
    return { texts, height: Math.max(rowHeight, textHeight + 7) };
  };
  const drawRow = ({ texts }: ReturnType<typeof layout>, y: number) => {
    let x = margin;
    widths.forEach((columnWidth, index) => {
      const align = numeric[index] ? 'right' : 'left';
      pdf.text(texts[index]!, x + cellPadding, y + 4, { width: columnWidth - cellPadding * 2, align });
      x += columnWidth;
    });
  };
  const header = layout(table.columns, bold);
  const drawHeader = (continued: boolean) => {
    pdf.font(bold).fontSize(13).fillColor(colours.text);
    pdf.text(pdfText(continued ? `${table.title} (continued)` : table.title), margin, pdf.y, { width });
    pdf.moveDown(0.4);
    const y = pdf.y;
    pdf.rect(margin, y, width, header.height).fill(colours.band);
    pdf.font(bold).fontSize(tableFontSize).fillColor(colours.text);
    drawRow(header, y);
    pdf.y = y + header.height;
  };

  // A table that fits on a page starts on a new one rather than leaving a few rows behind; a
  // longer one starts where it is if its header and first rows fit.
  const rows = table.rows.map((cells) => layout(cells, regular));
  const opening = titleHeight + header.height;
  const heightOf = (some: typeof rows) => (some.length ? some.reduce((sum, row) => sum + row.height, 0) : rowHeight);
  const whole = opening + heightOf(rows);
  const first = opening + heightOf(rows.slice(0, minRowsTogether));
  ensureSpace(pdf, whole <= bottom(pdf) - margin ? whole : first);
  drawHeader(false);
  for (const row of rows) {
    if (ensureSpace(pdf, row.height)) drawHeader(true);
    const y = pdf.y;
    pdf.font(regular).fontSize(tableFontSize).fillColor(colours.text);
    drawRow(row, y);
    pdf.moveTo(margin, y + row.height).lineTo(margin + width, y + row.height);
    pdf.lineWidth(0.5).strokeColor(colours.rule).stroke();
    pdf.y = y + row.height;
  }
  if (table.rows.length === 0) {
    pdf.font(regular).fontSize(tableFontSize).fillColor(colours.muted);
    pdf.text('No rows for this period.', margin + cellPadding, pdf.y + 4, { lineBreak: false });
    pdf.y += rowHeight;
  }
  pdf.x = margin;
  pdf.moveDown(2);
}

/** "Page n of m" on every page, written once all pages exist. */
function footers(pdf: Pdf, title: string): void {
  const { start, count } = pdf.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    pdf.switchToPage(index);
    // Writing inside the bottom margin would otherwise make pdfkit start a new page.
    const bottomMargin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = pdf.page.height - margin + 18;
    const width = contentWidth(pdf);
    pdf.font(regular).fontSize(8).fillColor(colours.muted);
    cell(pdf, title, margin, y, width * 0.7);
    cell(pdf, `Page ${index - start + 1} of ${count}`, margin + width * 0.7, y, width * 0.3, 'right');
    pdf.page.margins.bottom = bottomMargin;
  }
}
