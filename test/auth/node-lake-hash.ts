// A hash of a local lake (zlake serve's folder): every row of every metadata
// table of its libSQL file, in key order, and every stored object's bytes.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LocalLake } from '../../adapters/local/index.js';

export async function localLakeHash(local: LocalLake): Promise<string> {
  const h = createHash('sha256');
  const db = local.meta.db;
  const tables = (await db.all(sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)) as { name: string }[];
  for (const { name } of tables) {
    const rows = (await db.all(sql.raw(`SELECT * FROM "${name}" ORDER BY rowid`))) as unknown[];
    h.update(`${name}\n${JSON.stringify(rows, (_k, v: unknown) => (v instanceof ArrayBuffer ? Buffer.from(v).toString('hex') : v))}\n`);
  }
  for await (const b of local.blobs.list('')) {
    const bytes = await local.blobs.get(b.key);
    h.update(`${b.key} ${createHash('sha256').update(bytes ?? new Uint8Array()).digest('hex')}\n`);
  }
  return h.digest('hex');
}
