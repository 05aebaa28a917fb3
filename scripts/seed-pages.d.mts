/** Statements that insert generated pages `start` … `start + count - 1` into the serving index (scripts/seed-pages.mjs). */
export function seedPagesSql(count: number, options?: { start?: number; bodyWords?: number }): string[];
