// Opens the metadata database on libSQL: a local file or a libSQL server
// (Turso, sqld) wrapped by drizzle, migrated, and served through the shared
// SQL MetaStore. A server out of reach fails requests with UnavailableError.

import type { Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import Database from 'libsql';
import { fileURLToPath } from 'node:url';
import { guardMetaStore, migrate, networkLost, SqlMetaStore, UnavailableError, type MetaStore, type SqlDatabase } from '../../src/index.js';

export interface LibsqlMetaStore {
  readonly store: MetaStore;
  readonly db: SqlDatabase;
  /**
   * A value that moves when anyone writes the database (a cache's probe). For
   * a file, libSQL's data_version, read on a connection of its own through
   * one prepared statement (microseconds, where a statement through the client
   * costs tens); for a server, the store's change counter.
   */
  version(): Promise<unknown>;
  close(): void;
}

/**
 * `url` is a libSQL URL: `file:/var/lib/zlake/meta.db`, `libsql://…` or
 * `http(s)://…` (with `?authToken=…` where the server wants one). Concurrent
 * writers on one file wait up to `busyTimeoutMs` for the write lock.
 */
export async function openLibsqlMetaStore(url: string, options: { busyTimeoutMs?: number } = {}): Promise<LibsqlMetaStore> {
  const isFile = url.startsWith('file:');
  // A file needs only libSQL's native engine; the full client also loads the
  // HTTP and WebSocket ones (tens of milliseconds of every lake command).
  const { createClient } = isFile ? await import('@libsql/client/sqlite3') : await import('@libsql/client');
  const client: Client = createClient({ url });
  let probe: { stmt: { get(): unknown }; db: { close(): void } } | null = null;
  try {
    if (isFile) {
      // WAL lets readers run beside the writer; busy_timeout queues writers.
      await client.execute('PRAGMA journal_mode = WAL');
      await client.execute(`PRAGMA busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
    }
    const db = drizzle(client);
    await migrate(db);
    return {
      store: guardMetaStore(new SqlMetaStore(db), networkLost),
      db,
      async version() {
        if (!isFile) {
          try {
            return (await client.execute('SELECT version FROM zlake_changes WHERE id = 1')).rows[0]?.['version'];
          } catch (e) {
            throw unreachable(e);
          }
        }
        if (probe === null) {
          const native = new Database(fileURLToPath(url.split('?')[0]!), { readonly: true });
          probe = { db: native, stmt: native.prepare('PRAGMA data_version') };
        }
        // (The row also carries timing metadata that changes on every read: take the number alone.)
        return (probe.stmt.get() as { data_version: number }).data_version;
      },
      close: () => {
        probe?.db.close();
        client.close();
      },
    };
  } catch (e) {
    client.close();
    throw unreachable(e);
  }
}

/** UnavailableError for a server out of reach; `e` itself otherwise. */
function unreachable(e: unknown): unknown {
  const why = networkLost(e);
  return why === null ? e : new UnavailableError(`Metastore unreachable: ${why}`, { cause: e });
}
