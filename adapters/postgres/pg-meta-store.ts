// The MetaStore on PostgreSQL through node-postgres (the pg package) and
// drizzle's node-postgres driver: the shared SQL MetaStore in its PostgreSQL
// dialect (every write one transaction), migrated on open. A lost or refused
// connection fails a request with UnavailableError; nothing is half-written.

import pg from 'pg';
import {
  causes,
  guardMetaStore,
  migratePostgres,
  networkLost,
  postgresDialect,
  SqlMetaStore,
  type MetaStore,
  type PostgresDatabase,
  type TokenStore,
  SqlTokenStore,
  UnavailableError,
} from '../../src/index.js';

export interface PostgresMetaStore {
  readonly store: MetaStore;
  /** zlake's API tokens, in the same database. */
  readonly tokens: TokenStore;
  readonly pool: pg.Pool;
  /** The change counter every write moves: a cache's probe (see adapters/node/meta-cache.ts). */
  version(): Promise<unknown>;
  close(): Promise<void>;
}

export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  readonly maxConnections?: number;
  /** Longest wait for a connection, in ms (default 5000). */
  readonly connectTimeoutMs?: number;
}

/** SQLSTATE classes and codes that mean the server is gone or refuses work for now. */
const LOST_STATES = /^(08|57P0[1-3]|53300)/;

/** Why `e` is a lost connection to PostgreSQL, or null. */
export function postgresLost(e: unknown): string | null {
  const net = networkLost(e);
  if (net !== null) return net;
  for (const c of causes(e)) {
    if (typeof c !== 'object' || c === null) continue;
    const code = 'code' in c ? String(c.code) : '';
    if (LOST_STATES.test(code)) return code;
    const msg = c instanceof Error ? c.message : '';
    // (A database closed to connections answers a new one with SQLSTATE 55000, a class shared with other errors.)
    if (/^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|is not currently accepting connections/.test(msg)) return msg;
  }
  return null;
}

/** Opens (and migrates) the metastore at `url`, a postgres:// or postgresql:// URL. */
export async function openPostgresMetaStore(url: string, opts: PostgresOptions = {}): Promise<PostgresMetaStore> {
  // Imported here: drizzle's driver reads node-postgres on import, and the
  // CLI loads node-postgres only for a lake that uses it (scripts/bundle-node.mjs).
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.maxConnections ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
  });
  // An idle connection that breaks is dropped from the pool; the next query opens another.
  pool.on('error', () => {});
  try {
    const db = drizzle(pool) as unknown as PostgresDatabase;
    await migratePostgres(db);
    const dialect = postgresDialect(db);
    const store = guardMetaStore(new SqlMetaStore(dialect.db, dialect), postgresLost);
    return {
      store,
      tokens: SqlTokenStore.of(dialect),
      pool,
      async version() {
        try {
          const r = await pool.query<{ version: string }>('SELECT version FROM zlake_changes WHERE id = 1');
          return r.rows[0]?.version;
        } catch (e) {
          throw unreachable(e);
        }
      },
      close: () => pool.end(),
    };
  } catch (e) {
    await pool.end().catch(() => {});
    throw unreachable(e);
  }
}

/** UnavailableError for a lost connection; `e` itself otherwise. */
function unreachable(e: unknown): unknown {
  const why = postgresLost(e);
  return why === null ? e : new UnavailableError(`Metastore unreachable: ${why}`, { cause: e });
}
