import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

export interface SanctionsEntry {
  id: string;
  name: string;
  type: string;
  programs: string;
}

export interface SanctionsMatch {
  entry: SanctionsEntry;
  /** exact: the same words; partial: every word of the shorter name is in the longer one. */
  strength: 'exact' | 'partial';
}

/** OFAC's "no value" marker in its CSV files, and the end-of-file character its files end with. */
const EMPTY = '-0-';
const SUB = String.fromCharCode(0x1a);

/** One CSV line's fields (RFC 4180 quoting: commas inside quotes, "" for a quote). */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted && char === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else {
      field += char;
    }
  }
  fields.push(field);
  return fields.map((value) => value.trim()).map((value) => (value === EMPTY ? '' : value));
}

/** Parses OFAC's SDN CSV (sdn.csv): ent_num, SDN_Name, SDN_Type, Program, …; no header row. */
export function parseSdnCsv(text: string): SanctionsEntry[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replaceAll(SUB, '').trim())
    .filter((line) => line.length > 0)
    .map(csvFields)
    .filter(([id, name]) => /^\d+$/.test(id ?? '') && !!name)
    .map(([id, name, type, programs]) => ({ id: id!, name: name!, type: type || 'entity', programs: programs ?? '' }));
}

/**
 * A name as words to compare: accents removed, upper case, punctuation dropped, company suffixes
 * kept (they are part of a name), order ignored (the list writes "LAST, First").
 */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .sort();
}

/** The loaded list: its entries, the file's date and SHA-256 (both recorded with every screening). */
export class SanctionsList {
  private readonly indexed: { entry: SanctionsEntry; words: string[] }[];

  constructor(
    entries: SanctionsEntry[],
    readonly listDate: Date,
    readonly sha256: string,
    readonly source: string,
  ) {
    this.indexed = entries.map((entry) => ({ entry, words: nameWords(entry.name) }));
  }

  static async load(path: string): Promise<SanctionsList> {
    const [bytes, info] = await Promise.all([readFile(path), stat(path)]);
    const entries = parseSdnCsv(bytes.toString('latin1'));
    if (!entries.length) throw new Error(`sanctions list ${path} has no entries`);
    return new SanctionsList(entries, info.mtime, createHash('sha256').update(bytes).digest('hex'), 'OFAC SDN');
  }

  get size(): number {
    return this.indexed.length;
  }

  /** The strongest match of a name: the same words, or (two words or more) one name's words all in the other's. */
  screen(name: string): SanctionsMatch | null {
    const words = nameWords(name);
    if (!words.length) return null;
    let partial: SanctionsMatch | null = null;
    for (const { entry, words: listed } of this.indexed) {
      if (listed.length === words.length && listed.every((word, i) => word === words[i])) {
        return { entry, strength: 'exact' };
      }
      const [shorter, longer] = listed.length < words.length ? [listed, words] : [words, listed];
      if (!partial && shorter.length >= 2 && shorter.every((word) => longer.includes(word))) {
        partial = { entry, strength: 'partial' };
      }
    }
    return partial;
  }
}
