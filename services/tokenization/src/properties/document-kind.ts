import type { DocumentKind } from './property-document.entity';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What a file is by its first bytes (its magic number), never by its name or declared type: PDF
 * (%PDF-), PNG, JPEG (FF D8 FF) or AutoCAD DWG (AC10xx, or the R1.4-R2.10 markers). Null otherwise.
 */
export function documentKindOf(content: Buffer): DocumentKind | null {
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (content.subarray(0, 8).equals(PNG)) return 'png';
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'jpg';
  if (/^AC(10\d\d|1\.40|1\.50|2\.10)/.test(content.subarray(0, 6).toString('latin1'))) return 'dwg';
  return null;
}
