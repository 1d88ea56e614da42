// The server caches metadata reads and checks, before serving from the
// cache, whether anyone else wrote the lake's database. A commit made by
// another process (here: another connection, through the library) must
// show in the server's next query.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalLake } from '../../adapters/local/index.js';
import { readValues, TypeContext } from '../../src/index.js';
import { testServer, type TestServer } from './server.js';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
  await s.pool('p', '{ts:1}');
});
afterAll(async () => {
  await s.stop();
});

function zson(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });
}

describe('metadata cache coherence', () => {
  it('sees commits made by another connection to the same lake', async () => {
    const count = async () => s.query('from p | count()', 'application/json');
    expect(await count()).toBe('[1]\n');
    const other = await openLocalLake(join(s.dir, 'lake'));
    try {
      let commit = '';
      for (let n = 2; n <= 4; n++) {
        commit = (await other.lake.load('p', 'main', readValues(zson(`{ts:${n}}`), new TypeContext(), { format: 'zson' }))).commit;
        // A probe's answer stands for 1 ms (adapters/node/meta-cache.ts): a later read sees the commit.
        await new Promise((r) => setTimeout(r, 5));
        expect(await count()).toBe(`[${n}]\n`);
      }
      await other.lake.createBranch('p', 'dev', `0x${commit}`);
      await new Promise((r) => setTimeout(r, 5));
      const branches = await s.query('from p:branches | yield branch.name | sort this', 'application/json');
      expect(branches).toBe('["dev","main"]\n');
    } finally {
      other.close();
    }
  });
});
