// The MetaStore port on Cloudflare D1, through drizzle's D1 driver: the
// shared SQL MetaStore (src/storage/sql), whose every atomic write is one
// batch() or one conditional statement, as D1 has no interactive
// transactions. The schema is migrated on first use.

import { drizzle } from 'drizzle-orm/d1';
import { migrate, SqlMetaStore, type SqlDatabase } from '../../src/index.js';

/** The D1 binding, as drizzle's driver takes it (workers-types' D1Database). */
export type D1DatabaseLike = Parameters<typeof drizzle>[0];

export async function openD1MetaStore(d1: D1DatabaseLike): Promise<SqlMetaStore> {
  const db = d1Database(d1);
  await migrate(db);
  return new SqlMetaStore(db);
}

/** The D1 binding as drizzle's database, for the stores written on it (the API token store too). */
export function d1Database(d1: D1DatabaseLike): SqlDatabase {
  return drizzle(d1) as unknown as SqlDatabase;
}
