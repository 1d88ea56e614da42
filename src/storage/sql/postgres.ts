// The SQL MetaStore's PostgreSQL dialect: the pg-core twins of the
// sqlite-core tables, the migrations in PostgreSQL's words, and atomic writes
// as transactions. The twins are derived column by column from schema.ts
// (text stays text, integer becomes bigint, blob becomes bytea; each keeps
// its column's mapping), so the two schemas cannot drift apart, and the
// store's statements, typed against sqlite-core, run on them unchanged.

import { getTableColumns, getTableName, max, sql } from 'drizzle-orm';
import { customType, pgTable, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { SqlDatabase, SqlDialect, SqlTables } from './database.js';
import { migrations } from './migrations.js';
import * as schema from './schema.js';

/** A drizzle PostgreSQL database (node-postgres, or any other pg driver). */
export type PostgresDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

const PG_TYPES: Record<string, string> = { text: 'text', integer: 'bigint', blob: 'bytea' };

function pgColumn(c: SQLiteColumn) {
  const type = PG_TYPES[c.getSQLType()];
  if (type === undefined) throw new TypeError(`No PostgreSQL type for column ${c.name} (${c.getSQLType()})`);
  const build = customType<{ data: unknown; driverData: unknown }>({
    dataType: () => type,
    toDriver: (v) => c.mapToDriverValue(v),
    // bigint comes back as decimal text; the store's integers fit a number.
    fromDriver: (v) => c.mapFromDriverValue(type === 'bigint' ? Number(v) : v),
  });
  const b = build(c.name);
  return c.primary ? b.primaryKey() : c.notNull ? b.notNull() : b;
}

/** The pg-core table with `table`'s name and columns. */
export function pgTwin<T extends SQLiteTable>(table: T): T {
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(table) as Record<string, SQLiteColumn>).map(([key, c]) => [key, pgColumn(c)]),
  );
  return pgTable(getTableName(table), columns) as unknown as T;
}

type PgTables = SqlTables & { readonly schemaVersion: typeof schema.schemaVersion };
let tables: PgTables | undefined;

/** The pg-core twins of the store's tables, made on first use: a lake whose metastore is SQLite never builds them. */
export function pgTables(): PgTables {
  tables ??= {
    pools: pgTwin(schema.pools),
    branches: pgTwin(schema.branches),
    commits: pgTwin(schema.commits),
    indexRules: pgTwin(schema.indexRules),
    changes: pgTwin(schema.changes),
    apiTokens: pgTwin(schema.apiTokens),
    schemaVersion: pgTwin(schema.schemaVersion),
  };
  return tables;
}

/** A migration's DDL in PostgreSQL's types (the SQLite DDL otherwise reads the same). */
export function postgresDdl(ddl: string): string {
  return ddl.replace(/\bINTEGER\b/g, 'BIGINT').replace(/\bBLOB\b/g, 'BYTEA');
}

/** Any lock number of our own: it queues processes migrating one database at once. */
const MIGRATION_LOCK = 0x7a6c616b;

/** Brings the schema up to date in one transaction; returns its version. */
export async function migratePostgres(db: PostgresDatabase): Promise<number> {
  const version = pgTables().schemaVersion;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql.raw(postgresDdl('CREATE TABLE IF NOT EXISTS zlake_schema_version (version INTEGER PRIMARY KEY NOT NULL)')));
    // The builder typed for SQLite, as the store uses it (see the top of this file).
    const q = tx as unknown as SqlDatabase;
    const rows = await q.select({ v: max(version.version) }).from(version);
    let current = rows[0]?.v ?? 0;
    for (let steps = migrations[current]; steps !== undefined; steps = migrations[current]) {
      for (const ddl of steps) await tx.execute(sql.raw(postgresDdl(ddl)));
      current++;
      await q.insert(version).values({ version: current });
    }
    return current;
  });
}

/** PostgreSQL has interactive transactions: a write's statements run in one. */
export function postgresDialect(db: PostgresDatabase): SqlDialect {
  return {
    db: db as unknown as SqlDatabase,
    tables: pgTables(),
    atomic: (build) =>
      db.transaction(async (tx) => {
        const results: unknown[] = [];
        for (const statement of build(tx as unknown as SqlDatabase)) results.push(await statement);
        return results;
      }) as never,
  };
}
