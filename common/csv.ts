/*
 * CSV as spreadsheets read and write it (RFC 4180): the newsletter's export, the redirects' export
 * and import (server/services/newsletter.ts, server/services/redirects.ts).
 */

/** A CSV cell: quoted, and a leading =, +, - or @ defused so a spreadsheet does not run it as a formula. */
export const csvCell = (value: string) => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replaceAll('"', '""')}"`;

/** Lines of cells as a CSV file: every cell quoted (csvCell), CRLF line ends, one at the end. */
export const csvFile = (rows: string[][]) => `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;

/**
 * The rows of a CSV text, each with its line number (1-based, of the line it starts on): cells may
 * be quoted (`"a,b"`, `""` for a quote, line breaks inside), lines end in LF or CRLF, a leading
 * byte-order mark and empty lines are skipped. A quote left open is reported by `unclosedAt`.
 * Cells are not trimmed; a leading `'` that defused a formula (csvCell) is kept: callers decide.
 */
export function parseCsv(text: string): { rows: { line: number; cells: string[] }[]; unclosedAt?: number } {
  const rows: { line: number; cells: string[] }[] = [];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let cellStarted = false;
  const endRow = () => {
    if (cellStarted || cells.length || cell) {
      cells.push(cell);
      rows.push({ line: rowLine, cells });
    }
    cells = [];
    cell = '';
    cellStarted = false;
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && !cell) {
      quoted = true;
      cellStarted = true;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      cellStarted = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += char;
  }
  if (quoted) return { rows, unclosedAt: rowLine };
  endRow();
  return { rows };
}
