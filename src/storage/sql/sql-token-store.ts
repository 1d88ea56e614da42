// The TokenStore over drizzle's async SQLite database (libSQL, D1), written
// once like the SQL MetaStore: each write is one statement, so it needs no
// transaction (D1 has none). On PostgreSQL it runs on the dialect's twin of
// the table (postgres.ts), as the MetaStore does.

import { asc, eq } from 'drizzle-orm';
import { tokenExists, tokenNotFound, type ApiTokenRecord, type TokenStore } from '../token-store.js';
import type { SqlDatabase, SqlDialect } from './database.js';
import { apiTokens } from './schema.js';

type TokenRow = typeof apiTokens.$inferSelect;

function toRecord(r: TokenRow): ApiTokenRecord {
  return {
    id: r.id,
    name: r.name,
    hash: r.hash,
    scopes: JSON.parse(r.scopes) as string[],
    created: r.created,
    expires: r.expires ?? null,
  };
}

export class SqlTokenStore implements TokenStore {
  constructor(
    private readonly db: SqlDatabase,
    private readonly table: typeof apiTokens = apiTokens,
  ) {}

  /** The store on a dialect's database and tables (PostgreSQL's, say). */
  static of(dialect: SqlDialect): SqlTokenStore {
    return new SqlTokenStore(dialect.db, dialect.tables.apiTokens);
  }

  async createToken(t: ApiTokenRecord): Promise<void> {
    const added = await this.db
      .insert(this.table)
      .values({ id: t.id, name: t.name, hash: t.hash, scopes: JSON.stringify(t.scopes), created: t.created, expires: t.expires })
      .onConflictDoNothing()
      .returning({ id: this.table.id });
    if (added.length === 0) throw tokenExists(t.name);
  }

  async getToken(id: string): Promise<ApiTokenRecord | null> {
    const rows = await this.db.select().from(this.table).where(eq(this.table.id, id));
    return rows[0] === undefined ? null : toRecord(rows[0]);
  }

  async listTokens(): Promise<ApiTokenRecord[]> {
    const rows = await this.db.select().from(this.table).orderBy(asc(this.table.name));
    return rows.map(toRecord);
  }

  async deleteToken(name: string): Promise<ApiTokenRecord> {
    const rows = await this.db.delete(this.table).where(eq(this.table.name, name)).returning();
    if (rows[0] === undefined) throw tokenNotFound(name);
    return toRecord(rows[0]);
  }
}
