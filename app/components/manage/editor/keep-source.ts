import { unwrapBareLinks } from './site-link';

/*
 * What the rich editor writes back keeps the bytes of what nobody edited (D25). The Markdown
 * serializer writes every table padded to its widest cell and every link in brackets, so typing
 * one sentence changed a table and a bare address elsewhere in the page, and a changed source
 * marks its translations outdated. Tables whose cells are unchanged keep their source text, and
 * bare addresses stay bare (site-link.ts).
 */

const DELIMITER_ROW = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const FENCE = /^\s*(```|~~~)/;

/** A table's cells and alignments, spacing aside: two tables with equal keys show the same. */
function tableKey(lines: string[]) {
  return lines
    .map((line, index) => {
      const cells = line
        .trim()
        .replace(/^\|/, '')
        .replace(/(?<!\\)\|$/, '')
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replace(/\s+/g, ' '));
      return index === 1
        ? cells.map((cell) => `${cell.startsWith(':') ? ':' : ''}-${cell.endsWith(':') ? ':' : ''}`).join('|')
        : cells.join('|');
    })
    .join('\n');
}

/** The tables of a Markdown text: the lines they take (from, to exclusive) and their key. */
function tablesOf(lines: string[]) {
  const tables: Array<{ from: number; to: number; key: string }> = [];
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (FENCE.test(line)) inFence = !inFence;
    if (inFence || !line.includes('|') || !DELIMITER_ROW.test(lines[i + 1] ?? '') || !(lines[i + 1] ?? '').includes('-'))
      continue;
    let to = i + 2;
    while (to < lines.length && (lines[to] as string).trim() !== '' && (lines[to] as string).includes('|')) to++;
    tables.push({ from: i, to, key: tableKey(lines.slice(i, to)) });
    i = to - 1;
  }
  return tables;
}

/** `serialized` with each table that is unchanged since `source` written as `source` wrote it. */
export function keepSourceTables(source: string, serialized: string): string {
  const sourceLines = source.split('\n');
  const unused = tablesOf(sourceLines);
  if (!unused.length) return serialized;
  const lines = serialized.split('\n');
  const out: string[] = [];
  let at = 0;
  for (const table of tablesOf(lines)) {
    out.push(...lines.slice(at, table.from));
    const match = unused.findIndex((candidate) => candidate.key === table.key);
    if (match === -1) out.push(...lines.slice(table.from, table.to));
    else {
      const [kept] = unused.splice(match, 1);
      out.push(...sourceLines.slice(kept?.from, kept?.to));
    }
    at = table.to;
  }
  out.push(...lines.slice(at));
  return out.join('\n');
}

/**
 * One blank line between blocks, none before the first or after the last: the serializer puts extra ones around
 * tables. More than one blank line means nothing in Markdown, except inside a code fence, which
 * keeps its own.
 */
function oneBlankLine(markdown: string): string {
  const out: string[] = [];
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (FENCE.test(line)) inFence = !inFence;
    if (!inFence && line.trim() === '' && (out.length === 0 || out.at(-1)?.trim() === '')) continue;
    out.push(line);
  }
  while (out.length && out.at(-1)?.trim() === '') out.pop();
  return out.join('\n');
}

/** The rich editor's Markdown with what nobody edited as the source wrote it. */
export function keepSourceFormatting(source: string, serialized: string): string {
  const kept = oneBlankLine(keepSourceTables(source, unwrapBareLinks(serialized)));
  // The source's last line break (or its absence) too.
  return source.endsWith('\n') && kept ? `${kept}\n` : kept;
}
