// Opens the metadata database on libSQL: a local file (or a libSQL server URL)
// wrapped by drizzle, migrated, and served through the shared SQL MetaStore.

import { createClient, type Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate, SqlMetaStore, type SqlDatabase } from '../../src/index.js';

export interface LibsqlMetaStore {
  readonly store: SqlMetaStore;
  readonly db: SqlDatabase;
  close(): void;
}

/**
 * `url` is a libSQL URL such as `file:/var/lib/zlake/meta.db`. Concurrent
 * writers on one file wait up to `busyTimeoutMs` for the write lock.
 */
export async function openLibsqlMetaStore(url: string, options: { busyTimeoutMs?: number } = {}): Promise<LibsqlMetaStore> {
  const client: Client = createClient({ url });
  try {
    if (url.startsWith('file:')) {
      // WAL lets readers run beside the writer; busy_timeout queues writers.
      await client.execute('PRAGMA journal_mode = WAL');
      await client.execute(`PRAGMA busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
    }
    const db = drizzle(client);
    await migrate(db);
    return { store: new SqlMetaStore(db), db, close: () => client.close() };
  } catch (e) {
    client.close();
    throw e;
  }
}
