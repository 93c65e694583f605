import { describe, expect, it } from 'vitest';
import { CsvError, escapeCell, readCsv, unescapeCell, writeCsv } from './closet-csv.js';

describe('closet CSV', () => {
  it('writes a BOM and CRLF, escapes cells a spreadsheet would run as formulas, and reads them back as written', () => {
    const formulas = ['=1+1', '+82', '-3', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","y")', '＝1+1'];
    const text = writeCsv([formulas]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const [written] = readCsv(text);
    expect(written?.map((cell) => cell.startsWith("'"))).toEqual(formulas.map(() => true));
    expect(written?.map(unescapeCell)).toEqual(formulas);
    expect(writeCsv([['네이비 코트', "it's"]])).toBe("\uFEFF네이비 코트,it's\r\n");
    expect(unescapeCell("'plain")).toBe("'plain");
  });

  it('escapes a formula at the start of every line inside a cell and quotes every cell with a line break', () => {
    const cells = [
      'x\n=1+1',
      'x\r\n+1',
      'x\r@SUM(A1)',
      'a\n\n-1\n\tb',
      "'=already",
      "x\n''+2",
      '\r\n=cmd',
      '=1\n=2',
      'no\nformula',
      '한글\n＝1',
    ];
    const text = writeCsv([cells]);
    // Every physical line of the file, inside quotes or not, starts with something a spreadsheet does not run.
    for (const line of text.slice(1).split(/\r\n|\r|\n/))
      expect(line).not.toMatch(/^[=+\-@\t\uFF1D\uFF0B\uFF0D\uFF20]/);
    const [written] = readCsv(text);
    expect(written).toHaveLength(cells.length);
    // Each cell comes back as one quoted cell whose lines are escaped, and unescaping gives the text as it was.
    for (const cell of written ?? [])
      for (const line of cell.split(/\r\n|\r|\n/)) expect(line).not.toMatch(/^[=+\-@\t]/);
    expect(written?.map(unescapeCell)).toEqual(cells);
    expect(escapeCell('x\n=1+1')).toBe("x\n'=1+1");
    expect(escapeCell('x\r\n+1')).toBe("x\r\n'+1");
    expect(escapeCell("'=already")).toBe("''=already");
    expect(writeCsv([['x\n=1+1', 'plain']])).toBe(`\uFEFF"x\n'=1+1",plain\r\n`);
  });

  it('quotes separators, quotes, line breaks and edge spaces and parses them back', () => {
    const cells = ['a,b', 'say "hi"', 'two\r\nlines', ' padded ', '', '한글'];
    const text = writeCsv([cells, ['x']]);
    expect(text).toContain('" padded "');
    expect(readCsv(text)).toEqual([cells, ['x']]);
    expect(writeCsv([['-스트라이프, "반팔"']])).toBe(`\uFEFF"'-스트라이프, ""반팔"""\r\n`);
  });

  it('counts records like spreadsheet rows, with any line ends, a BOM, and no record after the last line break', () => {
    expect(readCsv('\uFEFFh1,h2\n1,2\n\n3,"4\n5"\r\n6,7\r8,9')).toEqual([
      ['h1', 'h2'],
      ['1', '2'],
      [''],
      ['3', '4\n5'],
      ['6', '7'],
      ['8', '9'],
    ]);
    expect(readCsv('a\r\n')).toEqual([['a']]);
    expect(readCsv('')).toEqual([]);
    // Rows of any length and quotes inside a cell are the rows' business, not a broken file.
    expect(readCsv('a,b,c\r\nd\r\n키 180"\r\n')).toEqual([['a', 'b', 'c'], ['d'], ['키 180"']]);
  });

  it('refuses an unclosed quote', () => {
    expect(() => readCsv('a,"b\n')).toThrow(CsvError);
  });
});
