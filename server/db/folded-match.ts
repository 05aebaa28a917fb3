import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { foldQuery, foldSqlFor } from '../../common/persian-fold';

/**
 * The dashboard's searches (pages, users, media, comments, subscribers; issue 37, docs/content.md
 * "Search"): a column holds the typed text when its folded form does — the one table of
 * common/persian-fold.ts, as public search and sign-in use it — so «كتاب», «کتابهای» (no
 * half-space), «1370» and «ھادی» find «کتاب»، «کتاب‌های»، «۱۳۷۰» and «هادی». Literal text: no
 * pattern characters (`instr`, not LIKE); a NUL matches nothing. Case: ASCII (SQLite's lower()).
 */
export function containsFolded(columns: readonly (SQLWrapper | SQL)[], query: string): SQL {
  const folded = foldQuery(query);
  if (query.includes('\0')) return sql`0`;
  const around = foldSqlFor('\u0000', folded);
  const [before, after] = around ? around.split('\u0000') : ['', ''];
  const one = (column: SQLWrapper | SQL) =>
    around
      ? sql`instr(${sql.raw(before!)}lower(${column})${sql.raw(after!)}, ${folded}) > 0`
      : sql`instr(lower(${column}), ${folded}) > 0`;
  return sql`(${sql.join(columns.map(one), sql` or `)})`;
}
