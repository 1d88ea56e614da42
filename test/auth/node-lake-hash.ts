// A hash of a local lake (zlake serve's folder): every row of every metadata
// table of its libSQL file, in key order, and every stored object's bytes.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'libsql';
import type { OpenedLake } from '../../adapters/node/open-lake.js';

export async function localLakeHash(lake: OpenedLake): Promise<string> {
  const h = createHash('sha256');
  const db = new Database(join(lake.folder!, 'meta.db'), { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
    for (const { name } of tables) {
      const rows = db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all() as unknown[];
      h.update(`${name}\n${JSON.stringify(rows, (_k, v: unknown) => (v instanceof ArrayBuffer || v instanceof Uint8Array ? Buffer.from(v as Uint8Array).toString('hex') : v))}\n`);
    }
  } finally {
    db.close();
  }
  for await (const b of lake.blobs.list('')) {
    const bytes = await lake.blobs.get(b.key);
    h.update(`${b.key} ${createHash('sha256').update(bytes ?? new Uint8Array()).digest('hex')}\n`);
  }
  return h.digest('hex');
}
