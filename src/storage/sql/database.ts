// The database type the SQL MetaStore is written against: drizzle's async
// SQLite database with batch(), which libSQL's and D1's drivers both provide.

import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';

export type SqlDatabase = BaseSQLiteDatabase<'async', unknown> & {
  /** Runs the statements in one implicit transaction: all or nothing. */
  batch<U extends BatchItem<'sqlite'>, T extends Readonly<[U, ...U[]]>>(batch: T): Promise<BatchResponse<T>>;
};
