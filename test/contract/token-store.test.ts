// The TokenStore contract, run against the memory store, the SQL store on a
// real libSQL file in a temp folder (the local adapter) and on Cloudflare D1
// (Miniflare): the one drizzle implementation serves both SQL databases.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { d1TokenHarness, disposeMiniflare } from '../support/miniflare.js';
import { openLibsqlMetaStore } from '../../adapters/local/libsql.js';
import { ExistsError, MemoryTokenStore, NotFoundError, sqlSchema, SqlTokenStore, type ApiTokenRecord, type TokenStore } from '../../src/index.js';

interface Harness {
  store: TokenStore;
  cleanup(): Promise<void>;
}

const implementations: [string, () => Promise<Harness>][] = [
  ['memory', async () => ({ store: new MemoryTokenStore(), cleanup: async () => {} })],
  [
    'local libSQL',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'zlake-tokens-'));
      const m = await openLibsqlMetaStore(`file:${join(dir, 'meta.db')}`);
      return {
        store: new SqlTokenStore(m.db),
        cleanup: async () => {
          m.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  ],
  ['Cloudflare D1 (Miniflare)', d1TokenHarness],
];

afterAll(() => disposeMiniflare());

const T0 = 1_700_000_000_000_000_000n;

function record(name: string, over: Partial<ApiTokenRecord> = {}): ApiTokenRecord {
  return { id: `${name.padEnd(16, '0').slice(0, 16)}`, name, hash: 'ab'.repeat(32), scopes: ['logs:read', '*:write'], created: T0 + 123_456_789n, expires: null, ...over };
}

for (const [name, make] of implementations) {
  describe(`TokenStore on ${name}`, () => {
    let h: Harness;
    beforeEach(async () => {
      h = await make();
    });
    afterEach(async () => {
      await h.cleanup();
    });

    it('keeps a token: by id, listed by name, with nanosecond times intact', async () => {
      const a = record('beta', { id: '00000000000000b1', expires: T0 + 999_999_999_999n });
      const b = record('alpha', { id: '00000000000000a1' });
      await h.store.createToken(a);
      await h.store.createToken(b);
      expect(await h.store.getToken('00000000000000b1')).toEqual(a);
      expect(await h.store.getToken('0000000000000000')).toBeNull();
      expect((await h.store.listTokens()).map((t) => t.name)).toEqual(['alpha', 'beta']);
      expect(await h.store.listTokens()).toEqual([b, a]);
    });

    it('refuses a second token of one name or id', async () => {
      await h.store.createToken(record('one', { id: '1111111111111111' }));
      await expect(h.store.createToken(record('one', { id: '2222222222222222' }))).rejects.toBeInstanceOf(ExistsError);
      await expect(h.store.createToken(record('two', { id: '1111111111111111' }))).rejects.toBeInstanceOf(ExistsError);
      await expect(h.store.createToken(record('one', { id: '3333333333333333' }))).rejects.toThrow('Token "one" already exists');
      expect(await h.store.listTokens()).toHaveLength(1);
    });

    it('deletes by name, returning the record', async () => {
      const r = record('gone', { id: 'aaaaaaaaaaaaaaaa' });
      await h.store.createToken(r);
      expect(await h.store.deleteToken('gone')).toEqual(r);
      expect(await h.store.getToken('aaaaaaaaaaaaaaaa')).toBeNull();
      await expect(h.store.deleteToken('gone')).rejects.toBeInstanceOf(NotFoundError);
      await expect(h.store.deleteToken('gone')).rejects.toThrow('Cannot find token "gone"');
      // The name is free again.
      await h.store.createToken(record('gone', { id: 'bbbbbbbbbbbbbbbb' }));
    });
  });
}

describe('the api_tokens table', () => {
  it('matches the drizzle schema after migration', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'zlake-tokens-'));
    const m = await openLibsqlMetaStore(`file:${join(dir, 'meta.db')}`);
    try {
      const config = getTableConfig(sqlSchema.apiTokens);
      const cols = await m.db.all<{ name: string; type: string; notnull: number; pk: number }>(sql`SELECT name, type, "notnull", pk FROM pragma_table_info(${config.name})`);
      const want = config.columns.map((c) => ({ name: c.name, type: c.getSQLType().toUpperCase(), notnull: c.notNull ? 1 : 0 }));
      expect(cols.map((c) => ({ name: c.name, type: c.type, notnull: c.notnull || (c.pk > 0 ? 1 : 0) }))).toEqual(want);
    } finally {
      m.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
