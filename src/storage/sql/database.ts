// The database type the SQL MetaStore is written against: drizzle's async
// SQLite database with batch(), which libSQL's and D1's drivers both provide;
// and the dialect, which says how a write runs all or nothing.

import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import * as schema from './schema.js';

export type SqlDatabase = BaseSQLiteDatabase<'async', unknown> & {
  /** Runs the statements in one implicit transaction: all or nothing. */
  batch<U extends BatchItem<'sqlite'>, T extends Readonly<[U, ...U[]]>>(batch: T): Promise<BatchResponse<T>>;
};

/** The store's tables, as drizzle objects of the dialect (typed as the sqlite-core ones). */
export interface SqlTables {
  readonly pools: typeof schema.pools;
  readonly branches: typeof schema.branches;
  readonly commits: typeof schema.commits;
  readonly indexRules: typeof schema.indexRules;
  readonly changes: typeof schema.changes;
  readonly apiTokens: typeof schema.apiTokens;
}

/**
 * What the store needs of a database: a query builder, its tables, and a
 * way to run several statements atomically. The statements are built by
 * `build` on the database `atomic` hands it (a transaction's, where the
 * dialect has interactive transactions) and run in order; their results
 * come back in the same order.
 */
export interface SqlDialect {
  readonly db: SqlDatabase;
  readonly tables: SqlTables;
  atomic<U extends BatchItem<'sqlite'>, T extends Readonly<[U, ...U[]]>>(build: (db: SqlDatabase) => T): Promise<BatchResponse<T>>;
}

/** libSQL and D1: one batch() is one implicit transaction. */
export function sqliteDialect(db: SqlDatabase): SqlDialect {
  return {
    db,
    tables: schema,
    atomic: (build) => db.batch(build(db)),
  };
}
