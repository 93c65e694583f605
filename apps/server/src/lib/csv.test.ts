import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, CsvError, parseCsv, unescapeCell } from './csv.js';

describe('csv', () => {
  it('escapes cells a spreadsheet would run as formulas, and reads them back as written', () => {
    for (const v of ['=1+1', '+82', '-3', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","y")']) {
      const cell = csvCell(v);
      expect(cell.replace(/^"/, '')[0]).toBe("'");
      const [[read]] = parseCsv(csvLine([v])) as [[string]];
      expect(unescapeCell(read)).toBe(v);
    }
    expect(csvCell('네이비 코트')).toBe('네이비 코트');
    expect(csvCell("it's")).toBe("it's");
    expect(unescapeCell("'plain")).toBe("'plain");
  });

  it('quotes separators, quotes and line breaks and parses them back', () => {
    const cells = ['a,b', 'say "hi"', 'two\r\nlines', ' padded ', '', '한글'];
    expect(parseCsv(csvLine(cells) + csvLine(['x']))).toEqual([cells, ['x']]);
  });

  it('counts records like spreadsheet rows, ignores a BOM and a last line break', () => {
    expect(parseCsv('\uFEFFh1,h2\n1,2\n\n3,"4\n5"\n6,7')).toEqual([
      ['h1', 'h2'],
      ['1', '2'],
      [''],
      ['3', '4\n5'],
      ['6', '7'],
    ]);
    expect(parseCsv('a\r\n')).toEqual([['a']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('refuses an unclosed quote and stops after too many records', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(CsvError);
    expect(() => parseCsv('1\n2\n3\n', 2)).toThrow(expect.objectContaining({ reason: 'too-many-records' }));
  });
});
