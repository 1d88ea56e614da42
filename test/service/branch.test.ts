// Branch routes over a real server: create, tip, delete, delete data by ids
// and by where, merge, revert, stats and vacuum, with Zed's bodies and events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText, testServer, type TestServer } from './server.js';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
});
afterAll(async () => {
  await s.stop();
});

const NIL = '0x0000000000000000000000000000000000000000';
const JSON_ACCEPT = { Accept: 'application/json' };
const bytes = (x: string) => new TextEncoder().encode(x);

async function load(pool: string, branch: string, zson: string): Promise<string> {
  const r = await s.req(`/pool/${pool}/branch/${branch}`, { method: 'POST', body: bytes(zson), headers: JSON_ACCEPT });
  expect(r.status).toBe(200);
  return (await r.json()).commit;
}

async function tip(pool: string, branch: string): Promise<string> {
  return (await (await s.req(`/pool/${pool}/branch/${branch}`, { headers: JSON_ACCEPT })).json()).commit;
}

async function objectIds(pool: string, branch = 'main'): Promise<string[]> {
  return JSON.parse(await s.query(`from ${pool}@${branch}:objects | yield id`, 'application/json'));
}

describe('branches', () => {
  it('creates a branch at a commit, reads its tip and deletes it', async () => {
    await s.pool('b1', '{ts:1}\n');
    const at = await tip('b1', 'main');
    const r = await s.post('/pool/b1', { name: 'dev', commit: at }, JSON_ACCEPT);
    expect(r.status).toBe(200);
    const b = await r.json();
    expect(b.name).toBe('dev');
    expect(b.commit).toBe(at);
    expect(await tip('b1', 'dev')).toBe(at);
    const z = await s.post('/pool/b1', { name: 'zson', commit: '000000000000000000000000000' });
    expect(await z.text()).toMatch(/^\{ts:\S+,name:"zson",commit:0x0{40}\(=ksuid\.KSUID\)\}\(=branches\.Config\)\n$/);
    expect(await tip('b1', 'zson')).toBe(NIL);
    const dup = await s.post('/pool/b1', { name: 'dev', commit: at });
    expect(dup.status).toBe(409);
    expect(await dup.text()).toBe(errorText('conflict with pending operation', 'b1/dev: branch already exists'));
    const del = await s.req('/pool/b1/branch/dev', { method: 'DELETE' });
    expect(del.status).toBe(204);
    const gone = await s.req('/pool/b1/branch/dev', { method: 'DELETE' });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe(errorText('item does not exist', '"dev": branch not found'));
    const get = await s.req('/pool/b1/branch/dev');
    expect(await get.text()).toBe(errorText('item does not exist', '"dev": branch not found'));
  });

  it('answers a branch tip in ZSON with warnings null', async () => {
    await s.pool('b2');
    const r = await s.req('/pool/b2/branch/main');
    expect(await r.text()).toBe(`{commit:${NIL}(=ksuid.KSUID),warnings:null([string])}(=api.CommitResponse)\n`);
  });
});

describe('delete data', () => {
  it('deletes objects by id and by where', async () => {
    await s.pool('d1');
    await load('d1', 'main', '{ts:1,x:"a"}\n{ts:2,x:"b"}\n');
    await load('d1', 'main', '{ts:3,x:"c"}\n');
    const ids = await objectIds('d1');
    expect(ids).toHaveLength(2);
    const r = await s.post('/pool/d1/branch/main/delete', { object_ids: [ids[1]] }, { ...JSON_ACCEPT, 'Zed-Commit': '{"author":"me"}' });
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.warnings).toBeNull();
    expect(await s.query('from d1 | yield x')).toBe('"a"\n"b"\n');
    const w = await s.post('/pool/d1/branch/main/delete', { where: 'x=="a"' }, JSON_ACCEPT);
    expect(w.status).toBe(200);
    expect(await s.query('from d1 | yield x')).toBe('"b"\n');
    // The old data is still there by time travel.
    expect(await s.query(`from d1@${body.commit} | count()`)).toBe('2(uint64)\n');
  });

  it('answers Zed\'s errors', async () => {
    await s.pool('d2', '{ts:1}\n');
    const cases: [unknown, number, string][] = [
      [{}, 400, errorText('invalid operation', 'either object_ids or where must be set')],
      [{ object_ids: ['0x0000000000000000000000000000000000000001'], where: 'ts==1' }, 400, errorText('invalid operation', 'object_ids and where cannot both be set')],
      [{ object_ids: ['bad'] }, 400, errorText('invalid operation', 'invalid ID: bad')],
      [{ object_ids: ['0x0000000000000000000000000000000000000001'] }, 404, errorText('item does not exist', '000000000000000000000000001: commit object not found')],
      [{ where: 'ts==99' }, 400, errorText('invalid operation', 'empty transaction')],
    ];
    for (const [body, status, want] of cases) {
      const r = await s.post('/pool/d2/branch/main/delete', body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(await r.text()).toBe(want);
    }
    const nb = await s.post('/pool/d2/branch/nosuch/delete', { where: 'ts==1' });
    expect(nb.status).toBe(404);
    expect(await nb.text()).toBe(errorText('item does not exist', '"nosuch": branch not found'));
  });
});

describe('merge and revert', () => {
  it('merges a child branch into its parent and reverts a commit', async () => {
    await s.pool('m1', '{ts:1}\n');
    await s.post('/pool/m1', { name: 'dev', commit: await tip('m1', 'main') });
    await load('m1', 'dev', '{ts:2}\n');
    const r = await s.req('/pool/m1/branch/main/merge/dev', { method: 'POST', headers: JSON_ACCEPT });
    expect(r.status).toBe(200);
    const merged = await r.json();
    expect(merged.warnings).toBeNull();
    expect(await s.query('from m1 | count()')).toBe('2(uint64)\n');
    const again = await s.req('/pool/m1/branch/main/merge/dev', { method: 'POST' });
    expect(again.status).toBe(500);
    expect(await again.text()).toBe(errorText('other error', 'error merging "dev" into "main": difference is empty'));

    const c = await load('m1', 'main', '{ts:3}\n');
    const rv = await s.req(`/pool/m1/branch/main/revert/${c}`, { method: 'POST', headers: JSON_ACCEPT });
    expect(rv.status).toBe(200);
    expect(await s.query('from m1 | count()')).toBe('2(uint64)\n');
    const bad = await s.req('/pool/m1/branch/main/revert/0x0000000000000000000000000000000000000009', { method: 'POST' });
    expect(bad.status).toBe(500);
    expect(await bad.text()).toBe(errorText('other error', 'commit not found: 000000000000000000000000009'));
  });
});

describe('stats and vacuum', () => {
  it('reports the size and time span of main', async () => {
    await s.pool('st');
    let r = await s.req('/pool/st/stats', { headers: JSON_ACCEPT });
    expect(await r.text()).toBe('{"size":0,"span":null}\n');
    await load('st', 'main', '{ts:2020-04-21T22:40:30.06852324Z}\n{ts:2020-04-22T00:00:00Z}\n');
    r = await s.req('/pool/st/stats', { headers: JSON_ACCEPT });
    const st = await r.json();
    expect(st.size).toBeGreaterThan(0);
    // Zed's nano.Duration is an int64 of nanoseconds.
    expect(st.span).toEqual({ ts: '2020-04-21T22:40:30.06852324Z', dur: 4769931476761 });
    r = await s.req('/pool/st/stats');
    expect(await r.text()).toMatch(/^\{size:\d+,span:\{ts:2020-04-21T22:40:30\.06852324Z,dur:4769931476761\(=nano\.Duration\)\}\(=nano\.Span\)\}\(=exec\.PoolStats\)\n$/);
    const nomain = await s.req('/pool/st/branch/main', { method: 'DELETE' });
    expect(nomain.status).toBe(204);
    r = await s.req('/pool/st/stats');
    expect(r.status).toBe(404);
    expect(await r.text()).toBe(errorText('item does not exist', '"main": branch not found'));
  });

  it('vacuums deleted objects, with a dry run first', async () => {
    await s.pool('v1');
    await load('v1', 'main', '{ts:1}\n');
    await load('v1', 'main', '{ts:2}\n');
    const ids = await objectIds('v1');
    await s.post('/pool/v1/branch/main/delete', { object_ids: [ids[0]] });
    let r = await s.req('/pool/v1/revision/main/vacuum?dryrun=T', { method: 'POST', headers: JSON_ACCEPT });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ object_ids: [ids[0]] });
    r = await s.req('/pool/v1/revision/main/vacuum', { method: 'POST', headers: JSON_ACCEPT });
    expect(await r.json()).toEqual({ object_ids: [ids[0]] });
    r = await s.req('/pool/v1/revision/main/vacuum', { method: 'POST', headers: JSON_ACCEPT });
    expect(await r.json()).toEqual({ object_ids: null });
    r = await s.req('/pool/v1/revision/main/vacuum?dryrun=maybe', { method: 'POST' });
    expect(await r.text()).toBe(errorText('invalid operation', 'invalid query param "maybe": strconv.ParseBool: parsing "maybe": invalid syntax'));
    r = await s.req('/pool/nosuch/revision/main/vacuum', { method: 'POST' });
    expect(await r.text()).toBe(errorText('item does not exist', 'nosuch: pool not found'));
    expect(await s.query('from v1 | yield ts')).toBe('2\n');
  });
});

describe('compact and vectors', () => {
  it('compacts objects given as Zed bytes, refusing JSON strings and fewer than two', async () => {
    await s.pool('c1');
    await load('c1', 'main', '{ts:1}\n');
    await load('c1', 'main', '{ts:2}\n');
    const ids = await objectIds('c1');
    const zson = (list: string[]) => bytes(`{object_ids:[${list.join(',')}]}`);
    let r = await s.req('/pool/c1/branch/main/compact', { method: 'POST', body: zson(ids), headers: JSON_ACCEPT });
    expect(r.status).toBe(200);
    expect((await r.json()).warnings).toBeNull();
    expect(await objectIds('c1')).toHaveLength(1);
    expect(await s.query('from c1 | yield ts')).toBe('1\n2\n');
    r = await s.post('/pool/c1/branch/main/compact', { object_ids: ids });
    expect(r.status).toBe(400);
    r = await s.req('/pool/c1/branch/main/compact', { method: 'POST', body: zson([(await objectIds('c1'))[0]!]) });
    expect(r.status).toBe(500);
    expect(await r.text()).toBe(errorText('other error', 'compact: two or more source objects required'));
  });

  it('adds and deletes vector copies (latest only)', async () => {
    await s.pool('vec', '{ts:1}\n');
    const [id] = await objectIds('vec');
    const body = bytes(`{object_ids:[${id}]}`);
    let r = await s.req('/pool/vec/revision/main/vector', { method: 'POST', body, headers: JSON_ACCEPT });
    expect(r.status).toBe(200);
    expect(JSON.parse(await s.query('from vec:vectors | yield id', 'application/json'))).toEqual([id]);
    r = await s.req('/pool/vec/revision/main/vector', { method: 'DELETE', body, headers: JSON_ACCEPT });
    expect(r.status).toBe(200);
    expect(await s.query('from vec:vectors | yield id', 'application/json')).toBe('[]\n');
    r = await s.req('/pool/vec/revision/main/vector', { method: 'POST', body, headers: { 'Zed-Api-Version': '1.8.0' } });
    expect(r.status).toBe(404);
  });
});

describe('index rules (v1.8.0)', () => {
  it('adds rules, indexes objects, updates and deletes rules', async () => {
    const h = { 'Zed-Api-Version': '1.8.0' };
    await s.pool('ix', '{ts:1,a:"x"}\n');
    let r = await s.post('/index', { rules: [{ name: 'r1', fields: [['a']] }] }, h);
    expect(r.status).toBe(204);
    const objs = await objectIds('ix');
    r = await s.post('/pool/ix/branch/main/index', { rules: ['r1'], tags: objs }, { ...h, ...JSON_ACCEPT });
    expect(r.status).toBe(200);
    expect((await r.json()).warnings).toBeNull();
    await load('ix', 'main', '{ts:2,a:"y"}\n');
    r = await s.post('/pool/ix/branch/main/index/update', { rules: ['r1'] }, { ...h, ...JSON_ACCEPT });
    expect(r.status).toBe(200);
    const list = await s.post('/query', { query: 'from :index_rules' }, { ...h, Accept: 'application/json' });
    const ids = (JSON.parse(await list.text()) as { id: string }[]).map((x) => x.id);
    expect(ids).toHaveLength(1);
    r = await s.req('/index', { method: 'DELETE', body: JSON.stringify({ rule_ids: ids }), headers: { ...h, ...JSON_ACCEPT, 'Content-Type': 'application/json' } });
    expect(r.status).toBe(200);
    const del = await r.json();
    expect(del.rules).toHaveLength(1);
    expect(del.rules[0].name).toBe('r1');
    expect(del.rules[0].fields).toEqual([['a']]);
    // Latest has no index routes.
    r = await s.post('/index', { rules: [] });
    expect(r.status).toBe(404);
  });
});
