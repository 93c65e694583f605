/**
 * CSV as spreadsheets write and read it (RFC 4180): comma-separated, double-quoted when needed, CRLF line ends.
 * Cells that a spreadsheet would run as a formula are written with a leading apostrophe (OWASP "CSV injection"),
 * and that apostrophe is taken off again on reading, so a round trip keeps the text as it was.
 */

/** First characters that make Excel, LibreOffice or Sheets treat a cell as a formula. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/** A cell made safe to open in a spreadsheet, quoted when it holds a separator, a quote or a line break. */
export function csvCell(value: string): string {
  const text = value.length > 0 && FORMULA_START.has(value.charAt(0)) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of cells, CRLF-terminated. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Takes off the apostrophe `csvCell` put before a formula-like cell. */
export function unescapeCell(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_START.has(value.charAt(1)) ? value.slice(1) : value;
}

export class CsvError extends Error {
  constructor(readonly reason: 'unclosed-quote' | 'too-many-records') {
    super(reason);
  }
}

/**
 * Parses CSV text into records of cells. Records are counted as a spreadsheet counts rows (a quoted cell may span
 * lines), so record `i` is spreadsheet row `i + 1`; blank lines stay as records of one empty cell. A byte order
 * mark is ignored. Stops with `too-many-records` once more than `maxRecords` records were seen.
 */
export function parseCsv(input: string, maxRecords = Infinity): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let i = 0;
  const n = text.length;
  const endRecord = () => {
    record.push(cell);
    records.push(record);
    if (records.length > maxRecords) throw new CsvError('too-many-records');
    record = [];
    cell = '';
  };
  while (i < n) {
    const c = text.charAt(i);
    if (c === '"' && cell === '') {
      // A quoted cell: up to the closing quote; "" is one quote.
      i++;
      let closed = false;
      while (i < n) {
        const q = text.indexOf('"', i);
        if (q < 0) break;
        cell += text.slice(i, q);
        if (text[q + 1] === '"') {
          cell += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        closed = true;
        break;
      }
      if (!closed) throw new CsvError('unclosed-quote');
      continue;
    }
    if (c === ',') {
      record.push(cell);
      cell = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += c;
      i++;
    }
  }
  // The last line may lack its line break; a final line break does not start another record.
  if (cell !== '' || record.length > 0) endRecord();
  return records;
}
