// The real @brimdata/zed-js client (0.0.16) against a real server. It reads
// `channel_id` from control messages, so the server runs revision 1.8.0.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRevisionOrThrow } from '../../src/index.js';
import type { ZedClient } from '../runtimes/client.js';
import { testServer, type TestServer } from './server.js';

const require = createRequire(import.meta.url);
// The package exports only its index; the client class lives beside it.
const { BaseClient } = require(require.resolve('@brimdata/zed-js').replace(/index\.js$/, 'client/base-client.js')) as {
  BaseClient: new (url: string) => ZedClient;
};


function client(url: string): ZedClient {
  const c = new BaseClient(url);
  // The package's Client uses window.fetch; in Node the global one does.
  c.fetch = (...a) => globalThis.fetch(...a);
  return c;
}

// Every value kind zed-js 0.0.16 decodes (it has no enum support).
const KINDS =
  '{ts:2024-01-01T00:00:00Z,u8:1(uint8),u16:2(uint16),u32:3(uint32),u64:4(uint64),i8:-1(int8),i16:-2(int16),i32:-3(int32),i64:-4,' +
  'f16:1.5(float16),f32:2.5(float32),f64:3.5,b:true,by:0x0102,s:"str",ip:10.0.0.1,net:10.0.0.0/8,ty:<int64>,n:null,d:1h2m3s,' +
  'e:error("boom"),arr:[1,2],set:|["a","b"]|,map:|{"k":1}|,un:1((int64,string)),named:7(=myint),rec:{x:{y:1}},nulls:null(int64)}\n';

let s: TestServer;
let c: ZedClient;
beforeAll(async () => {
  s = await testServer({ apiVersion: parseRevisionOrThrow('1.8.0') });
  c = client(s.url);
});
afterAll(async () => {
  await s.stop();
});

describe('@brimdata/zed-js against zlake (revision 1.8.0)', () => {
  it('reads the version and the auth method', async () => {
    expect(await c.version()).toEqual({ version: 'v1.8.0' });
    expect(await c.authMethod()).toEqual({ kind: '', auth0: null });
  });

  it('creates, lists, renames, loads, queries, reports stats and deletes pools', async () => {
    const made = await c.createPool('kinds', { order: 'asc', key: 'ts' });
    expect(made.pool.name).toBe('kinds');
    const id = made.pool.id;
    await c.createPool('second');
    const names = (await c.getPools()).map((p) => p.name).sort();
    expect(names).toEqual(['kinds', 'second']);
    expect((await c.getPool('kinds')).id).toBe(id);

    const load = await c.send({ method: 'POST', path: `/pool/${id}/branch/main`, body: KINDS, contentType: 'application/x-zson' });
    expect(load.status).toBe(200);

    const rows = await (await c.query('from kinds')).js();
    expect(rows).toHaveLength(1);
    const r = rows[0]!;
    expect(r.ts).toEqual(new Date('2024-01-01T00:00:00Z'));
    expect([r.u8, r.u16, r.u32, r.u64, r.i8, r.i16, r.i32, r.i64]).toEqual([1, 2, 3, 4, -1, -2, -3, -4]);
    expect([r.f16, r.f32, r.f64, r.b]).toEqual([1.5, 2.5, 3.5, true]);
    expect([r.by, r.s, r.ip, r.net, r.ty, r.n, r.d]).toEqual(['0x0102', 'str', '10.0.0.1', '10.0.0.0/8', 'int64', null, 3723000]);
    expect(r.e).toBeInstanceOf(Error);
    expect(r.arr).toEqual([1, 2]);
    expect(r.set).toEqual(['a', 'b']);
    expect(r.map).toEqual(new Map([['k', 1]]));
    expect([r.un, r.named, r.nulls]).toEqual([1, 7, null]);
    expect(r.rec).toEqual({ x: { y: 1 } });
    const zed = await (await c.query('from kinds')).zed();
    expect(zed[0]!.toString()).toBe(
      '{ts:2024-01-01T00:00:00Z,u8:1,u16:2,u32:3,u64:4,i8:-1,i16:-2,i32:-3,i64:-4,f16:1.5,f32:2.5,f64:3.5,b:true,by:0x0102,s:str,ip:10.0.0.1,net:10.0.0.0/8,ty:int64,n:null,d:1h2m3s,e:Error(boom),arr:[1,2],set:|[a,b]|,map:|{k:1}|,un:1,named:7,rec:{x:{y:1}},nulls:null}',
    );

    const stats = (await c.getPoolStats(id)) as { size: number; span: { ts: Date; dur: number } | null };
    expect(stats.size).toBeGreaterThan(0);
    expect(stats.span?.ts).toEqual(new Date('2024-01-01T00:00:00Z'));
    // nano.Duration is an int64 of nanoseconds in Zed: zed-js gets a number.
    expect(typeof stats.span?.dur).toBe('number');

    await c.updatePool(id, { name: 'renamed' });
    expect((await c.getPool(id)).name).toBe('renamed');
    expect(await c.deletePool(id)).toBe(true);
    expect((await c.getPools()).map((p) => p.name)).toEqual(['second']);
  });

  it('rejects with the server\'s error kind and message', async () => {
    await expect(c.query('from nosuch')).rejects.toMatchObject({ name: 'item does not exist', message: 'nosuch: pool not found' });
    await expect(c.createPool('second')).rejects.toMatchObject({ message: 'second: pool already exists' });
  });

  it('subscribes to events', async () => {
    const es = c.subscribe();
    const got = new Promise<{ type: string; data: string }>((ok) => es.addEventListener('pool-new', (e) => ok(e)));
    // The subscription must be live before the event happens.
    for (let i = 0; i < 100 && s.service.events.size === 0; i++) await new Promise((ok) => setTimeout(ok, 20));
    const made = await c.createPool('evented');
    const e = await got;
    es.close();
    expect(e.type).toBe('pool-new');
    expect(JSON.parse(e.data)).toEqual({ pool_id: made.pool.id });
  });
});
