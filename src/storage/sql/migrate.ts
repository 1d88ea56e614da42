// Applies the SQL migrations a database lacks, one batch per migration so a
// migration is all or nothing. Safe to run from several processes at once.

import { max, sql } from 'drizzle-orm';
import { migrations } from './migrations.js';
import { schemaVersion } from './schema.js';
import type { SqlDatabase } from './database.js';

/** Brings the schema up to date; returns its version. */
export async function migrate(db: SqlDatabase): Promise<number> {
  await db.run(sql`CREATE TABLE IF NOT EXISTS zlake_schema_version (version INTEGER PRIMARY KEY NOT NULL)`);
  for (;;) {
    const current = await readVersion(db);
    const steps = migrations[current];
    if (steps === undefined) return current;
    const next = current + 1;
    const statements = steps.map((s) => db.run(sql.raw(s)));
    try {
      await db.batch([db.insert(schemaVersion).values({ version: next }), ...statements]);
    } catch (e) {
      // Another process applied it first (its version row or tables exist).
      if ((await readVersion(db)) >= next) continue;
      throw e;
    }
  }
}

async function readVersion(db: SqlDatabase): Promise<number> {
  const rows = await db.select({ v: max(schemaVersion.version) }).from(schemaVersion);
  return rows[0]?.v ?? 0;
}
