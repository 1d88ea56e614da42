// Pool routes over a real server: create, rename, delete, errors and the
// shapes of their answers in JSON and ZSON (lake-api.md §5.2-5.3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText, testServer, type TestServer } from './server.js';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
});
afterAll(async () => {
  await s.stop();
});

const bytes = (s: string) => new TextEncoder().encode(s);
const HEX = /^0x[0-9a-f]{40}$/;
const TS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

describe('POST /pool', () => {
  it('creates a pool and answers BranchMeta in JSON', async () => {
    const r = await s.post('/pool', { name: 'p1', layout: { order: 'desc', keys: [['ts']] } }, { Accept: 'application/json' });
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Type')).toBe('application/json');
    expect(r.headers.get('X-Request-Id')).toMatch(/^[0-9A-Za-z]{27}$/);
    const text = await r.text();
    expect(text.endsWith('}\n')).toBe(true);
    const body = JSON.parse(text);
    expect(body.pool.name).toBe('p1');
    expect(body.pool.id).toMatch(HEX);
    expect(body.pool.ts).toMatch(TS);
    expect(body.pool.layout).toEqual({ order: 'desc', keys: [['ts']] });
    expect(body.pool.seek_stride).toBe(65536);
    expect(body.pool.threshold).toBe(524288000);
    expect(body.branch).toEqual({ ts: body.pool.ts, name: 'main', commit: '0x0000000000000000000000000000000000000000' });
  });

  it('answers in ZSON by default with Zed\'s type names', async () => {
    const r = await s.post('/pool', { name: 'p2', layout: { keys: [['a', 'b']] }, thresh: 1000, seek_stride: 500 });
    expect(r.headers.get('Content-Type')).toBe('application/x-zson');
    const text = await r.text();
    expect(text).toMatch(
      /^\{pool:\{ts:\S+,name:"p2",id:0x[0-9a-f]{40}\(=ksuid\.KSUID\),layout:\{order:"asc"\(=order\.Which\),keys:\[\["a","b"\]\(=field\.Path\)\]\(=field\.List\)\}\(=order\.SortKey\),seek_stride:500,threshold:1000\}\(=pools\.Config\),branch:\{ts:\S+,name:"main",commit:0x0{40}\(ksuid\.KSUID\)\}\(=branches\.Config\)\}\(=lake\.BranchMeta\)\n$/,
    );
  });

  it('defaults a pool with no keys to ts descending whatever the order says', async () => {
    const r = await s.post('/pool', { name: 'p3', layout: { order: 'asc' } }, { Accept: 'application/json' });
    expect((await r.json()).pool.layout).toEqual({ order: 'desc', keys: [['ts']] });
  });

  it('reads a ZSON body and a ZNG-less curl form body as ZSON', async () => {
    const r = await s.req('/pool', {
      method: 'POST',
      body: '{name:"p4",layout:{order:"desc",keys:[["x"]]}}',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    });
    expect(r.status).toBe(200);
    expect((await r.json()).pool.layout).toEqual({ order: 'desc', keys: [['x']] });
  });

  it('refuses a duplicate name with 409 and Zed\'s body', async () => {
    const r = await s.post('/pool', { name: 'p1' });
    expect(r.status).toBe(409);
    expect(r.headers.get('Content-Type')).toBe('application/json');
    expect(await r.text()).toBe(errorText('conflict with pending operation', 'p1: pool already exists'));
  });

  it('refuses the name HEAD with a 500', async () => {
    const r = await s.post('/pool', { name: 'HEAD' });
    expect(r.status).toBe(500);
    expect(await r.text()).toBe(errorText('other error', 'pool cannot be named "HEAD"'));
  });

  it('gives 400 for a body that is not ZSON or JSON', async () => {
    const r = await s.post('/pool', '{name:');
    expect(r.status).toBe(400);
    const body = await r.json();
    expect(body.type).toBe('Error');
    expect(body.kind).toBe('invalid operation');
    expect(body.error).toMatch(/ZSON|syntax|parse/i);
  });

  it('gives 400 for a field of the wrong type', async () => {
    const r = await s.post('/pool', { name: 17 });
    expect(r.status).toBe(400);
    expect((await r.json()).error).toBe('cannot unmarshal int64 into field "name" of type string');
  });

  it('gives 400 for an unknown order', async () => {
    const r = await s.post('/pool', { name: 'bad-order', layout: { order: 'sideways', keys: [['x']] } });
    expect(r.status).toBe(400);
    expect((await r.json()).error).toBe('unknown order: "sideways"');
  });

  it('gives Zed\'s errors for a bad or unsupported Content-Type', async () => {
    let r = await s.post('/pool', { name: 'x' }, { 'Content-Type': 'text/plain, application/json' });
    expect(await r.text()).toBe(errorText('invalid operation', 'mime: unexpected content after media subtype'));
    r = await s.post('/pool', { name: 'x' }, { 'Content-Type': 'application/xml' });
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(errorText('invalid operation', 'unsupported MIME type: application/xml'));
    r = await s.post('/pool', { name: 'x' }, { 'Content-Type': 'application/x-ndjson' });
    expect(await r.text()).toBe(errorText('invalid operation', 'no such format: "ndjson"'));
  });

  it('refuses a body over the limit without reading it all', async () => {
    const small = await testServer({ bodyLimit: 64 });
    try {
      const r = await small.post('/pool', { name: 'x'.repeat(100) });
      expect(r.status).toBe(413);
      expect(await r.text()).toBe(errorText('invalid operation', 'request body too large: the limit is 64 bytes'));
      const ok = await small.post('/pool', { name: 'ok' });
      expect(ok.status).toBe(200);
    } finally {
      await small.stop();
    }
  });
});

describe('PUT and DELETE /pool/{pool}', () => {
  it('renames a pool by name and by id, with 204 and no body', async () => {
    const id = await s.pool('ren1');
    let r = await s.req('/pool/ren1', { method: 'PUT', body: JSON.stringify({ name: 'ren2' }), headers: { 'Content-Type': 'application/json' } });
    expect(r.status).toBe(204);
    expect(await r.text()).toBe('');
    expect(r.headers.get('Content-Type')).toBeNull();
    r = await s.req(`/pool/${id}`, { method: 'PUT', body: bytes('{name:"ren3"}') });
    expect(r.status).toBe(204);
    const pools = await s.query(`from :pools | id==${id} | yield name`);
    expect(pools).toBe('"ren3"\n');
  });

  it('refuses renaming to an existing name, its own included', async () => {
    await s.pool('taken');
    let r = await s.req('/pool/ren3', { method: 'PUT', body: bytes('{name:"taken"}') });
    expect(r.status).toBe(409);
    expect(await r.text()).toBe(errorText('conflict with pending operation', 'taken: pool already exists'));
    r = await s.req('/pool/taken', { method: 'PUT', body: bytes('{name:"taken"}') });
    expect(r.status).toBe(409);
  });

  it('answers 404 for a missing pool with the name as given', async () => {
    const r = await s.req('/pool/nosuch', { method: 'PUT', body: bytes('{name:"x"}') });
    expect(r.status).toBe(404);
    expect(await r.text()).toBe(errorText('item does not exist', 'nosuch: pool not found'));
    const d = await s.req('/pool/nosuch', { method: 'DELETE' });
    expect(d.status).toBe(404);
    expect(await d.text()).toBe(errorText('item does not exist', 'nosuch: pool not found'));
  });

  it('deletes a pool with its data', async () => {
    await s.pool('gone', '{ts:1}\n');
    const r = await s.req('/pool/gone', { method: 'DELETE' });
    expect(r.status).toBe(204);
    expect(await s.query('from :pools | name=="gone" | count()')).toBe('');
    const q = await s.post('/query', { query: 'from gone' });
    expect(q.status).toBe(400);
  });

  it('decodes path segments as Zed does: %2F stays inside, + is a space', async () => {
    await s.pool('a/b c+');
    const r = await s.req(`/pool/${encodeURIComponent('a/b c+')}/branch/main`, { headers: { Accept: 'application/json' } });
    expect(r.status).toBe(200);
    const plus = await s.req('/pool/a%2Fb+c%2B/branch/main', { headers: { Accept: 'application/json' } });
    expect(plus.status).toBe(200);
    expect(await plus.json()).toEqual({ commit: '0x0000000000000000000000000000000000000000', warnings: null });
  });
});
