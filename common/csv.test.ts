import { describe, expect, it } from 'vitest';
import { csvCell, csvFile, parseCsv } from './csv';

describe('CSV', () => {
  it('reads quoted cells, doubled quotes, line breaks inside quotes, CRLF and a byte-order mark', () => {
    expect(parseCsv('\uFEFFa,"b,c"\r\n"d ""e""","f\ng"\n\nh,\n')).toEqual({
      rows: [
        { line: 1, cells: ['a', 'b,c'] },
        { line: 2, cells: ['d "e"', 'f\ng'] },
        { line: 5, cells: ['h', ''] },
      ],
    });
    expect(parseCsv('a,b')).toEqual({ rows: [{ line: 1, cells: ['a', 'b'] }] });
    expect(parseCsv('')).toEqual({ rows: [] });
  });
  it('says where a quote is left open', () => {
    expect(parseCsv('a,b\n"c,d\ne,f').unclosedAt).toBe(2);
  });
  it('writes what it reads back, formulas defused', () => {
    const rows = [
      ['/a"b', 'x,y', ''],
      ['=cmd()', '+1', '@x'],
    ];
    const file = csvFile(rows);
    expect(file.endsWith('\r\n')).toBe(true);
    expect(parseCsv(file).rows.map((row) => row.cells)).toEqual([rows[0], ["'=cmd()", "'+1", "'@x"]]);
    expect(csvCell('-1')).toBe(`"'-1"`);
  });
});
