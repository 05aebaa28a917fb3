import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type * as schema from './schema';

export type Schema = typeof schema;

/**
 * The database as the services see it: Drizzle's async SQLite API plus atomic `batch`, which both
 * platform drivers provide (libSQL on node, D1 on workers). Platforms build it; services take it
 * as an argument.
 */
export type Database = BaseSQLiteDatabase<'async', unknown, Schema> & {
  batch<U extends BatchItem<'sqlite'>, T extends Readonly<[U, ...U[]]>>(batch: T): Promise<BatchResponse<T>>;
};
