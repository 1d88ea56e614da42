// F5: a load killed mid-write (kill -9) leaves its temporary file in the
// pool's data folder; vacuum skipped dot-files, so nothing ever reclaimed
// them. Vacuum now removes the stale ones of dead writers, and only those.
import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../service/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
  await s.pool('tmp', '{ts:1}\n');
});
afterAll(async () => {
  await s.stop();
});

/** Above any Linux pid_max (2^22): no such process. */
const DEAD_PID = 99_999_999;

describe('temporary files of killed loads', () => {
  it('before: a stale .tmp- file of a dead load stayed forever; now: vacuum removes it and keeps fresh ones and those of live writers', async () => {
    const root = join(s.dir, 'lake');
    const pools = readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name);
    expect(pools).toHaveLength(1);
    const data = join(root, pools[0]!, 'data');
    const objects = readdirSync(data).filter((n) => !n.startsWith('.'));
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    const make = (name: string, old: boolean) => {
      writeFileSync(join(data, name), new Uint8Array(4096));
      if (old) utimesSync(join(data, name), twoHoursAgo, twoHoursAgo);
    };
    make(`.tmp-${DEAD_PID}-0-stale`, true);
    make(`.tmp-${DEAD_PID}-1-fresh`, false);
    // The test runner is alive: its stale-looking file may be a stalled write.
    make(`.tmp-${process.pid}-2-alive`, true);
    // Not one of the store's temporary files: never touched.
    make('.keep', true);

    // A dry run removes nothing.
    let r = await s.post('/pool/tmp/revision/main/vacuum?dryrun=T', '', { Accept: 'application/json' });
    expect(r.status).toBe(200);
    expect(readdirSync(data)).toContain(`.tmp-${DEAD_PID}-0-stale`);

    r = await s.post('/pool/tmp/revision/main/vacuum', '', { Accept: 'application/json' });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ object_ids: null });
    expect(readdirSync(data).sort()).toEqual([`.keep`, `.tmp-${DEAD_PID}-1-fresh`, `.tmp-${process.pid}-2-alive`, ...objects].sort());
    // The pool's data is whole.
    expect(await s.query('from tmp | count()', 'application/json')).toBe('[1]\n');
  });
});
