// POST /query over a real server: every output format, control messages in
// ZJSON and ZNG, compile errors with their exact bodies, the head default,
// errors after the start, query status, describe, compile and cancellation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TypeContext } from '../../src/index.js';
import { formatValue } from '../../src/zson/index.js';
import { ZngDecoder, type ZngControl } from '../../src/formats/zng/index.js';
import { errorText, testServer, type TestServer } from './server.js';

let s: TestServer;
beforeAll(async () => {
  s = await testServer({ queryStatusTtlMs: 2000 });
  await s.pool('test', '{ts:0}\n');
  await s.pool('logs', '{ts:3,s:"c",n:3}\n{ts:1,s:"a",n:1}\n{ts:2,s:"b",n:2}\n');
});
afterAll(async () => {
  await s.stop();
});

const STATS = /^\{"type":"QueryStats","value":\{"start_time":\{"sec":\d+,"ns":\d+\},"update_time":\{"sec":\d+,"ns":\d+\},"bytes_read":(\d+),"bytes_matched":(\d+),"records_read":(\d+),"records_matched":(\d+)\}\}$/;

describe('query output formats', () => {
  it('writes ZSON by default, one value per line', async () => {
    const r = await s.post('/query', { query: 'from logs' });
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Type')).toBe('application/x-zson');
    expect(r.headers.get('X-Request-Id')).toMatch(/^[0-9A-Za-z]{27}$/);
    expect(await r.text()).toBe('{ts:1,s:"a",n:1}\n{ts:2,s:"b",n:2}\n{ts:3,s:"c",n:3}\n');
  });

  it('writes JSON as one array, and [] when nothing comes', async () => {
    expect(await s.query('from logs | yield n', 'application/json')).toBe('[1,2,3]\n');
    expect(await s.query('from logs | n > 5', 'application/json')).toBe('[]\n');
    expect(await s.query('from logs | cut s', 'application/json')).toBe('[{"s":"a"},{"s":"b"},{"s":"c"}]\n');
  });

  it('writes NDJSON one value per line', async () => {
    expect(await s.query('from logs | cut s', 'application/x-ndjson')).toBe('{"s":"a"}\n{"s":"b"}\n{"s":"c"}\n');
  });

  it('writes CSV and TSV', async () => {
    expect(await s.query('from logs | cut s,n', 'text/csv')).toBe('s,n\na,1\nb,2\nc,3\n');
    expect(await s.query('from logs | cut s,n', 'text/tab-separated-values')).toBe('s\tn\na\t1\nb\t2\nc\t3\n');
  });

  it('writes ZJSON without control messages unless ctrl is set', async () => {
    const out = await s.query('from test@main', 'application/x-zjson');
    expect(out).toBe('{"type":{"kind":"record","id":30,"fields":[{"name":"ts","type":{"kind":"primitive","name":"int64"}}]},"value":["0"]}\n');
  });

  it('takes the first usable type of the Accept header', async () => {
    expect(await s.query('from test', 'text/plain, application/json')).toBe('[{"ts":0}]\n');
    expect(await s.query('from test', 'application/json;q=0.9')).toBe('[{"ts":0}]\n');
    expect(await s.query('from test', '*/*')).toBe('{ts:0}\n');
    const r = await s.post('/query', { query: 'from test' }, { Accept: 'application/xml, text/css' });
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(errorText('invalid operation', 'could not find supported MIME type in Accept header'));
  });

  it('refuses response formats the registry cannot write yet, or never writes', async () => {
    const r = await s.post('/query', { query: 'from test' }, { Accept: 'application/x-line' });
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(errorText('invalid operation', 'could not find supported MIME type in Accept header'));
  });
});

describe('control messages', () => {
  it('frames ZJSON results with channel set, end and stats (latest: channel names)', async () => {
    const r = await s.post('/query?ctrl=T', { query: 'from test@main' }, { Accept: 'application/x-zjson' });
    const lines = (await r.text()).trimEnd().split('\n');
    expect(lines[0]).toBe('{"type":"QueryChannelSet","value":{"channel":"main"}}');
    expect(lines[1]).toBe('{"type":{"kind":"record","id":30,"fields":[{"name":"ts","type":{"kind":"primitive","name":"int64"}}]},"value":["0"]}');
    expect(lines[2]).toBe('{"type":"QueryChannelEnd","value":{"channel":"main"}}');
    const m = STATS.exec(lines[3]!);
    expect(m).not.toBeNull();
    // bytes_read counts what the scan took from storage (at least the one value's byte).
    const [bytesRead, ...rest] = m!.slice(1).map(Number);
    expect(bytesRead).toBeGreaterThanOrEqual(1);
    expect(rest).toEqual([1, 1, 1]);
    expect(lines).toHaveLength(4);
  });

  it('sends only the channel end and stats for a query with no results', async () => {
    const r = await s.post('/query?ctrl=true', { query: 'from logs | n > 10' }, { Accept: 'application/x-zjson' });
    const lines = (await r.text()).trimEnd().split('\n');
    expect(lines[0]).toBe('{"type":"QueryChannelEnd","value":{"channel":"main"}}');
    expect(lines[1]).toMatch(STATS);
    expect(lines).toHaveLength(2);
  });

  it('carries control messages as ZSON control frames in ZNG', async () => {
    const r = await s.post('/query?ctrl=1', { query: 'from logs | count()' }, { Accept: 'application/x-zng' });
    const controls: ZngControl[] = [];
    const dec = new ZngDecoder(new TypeContext(), { onControl: (c) => controls.push(c) });
    const vals = [...dec.push(new Uint8Array(await r.arrayBuffer())), ...dec.end()];
    expect(vals.map((v) => formatValue(v))).toEqual(['3(uint64)']);
    const texts = controls.map((c) => {
      expect(c.format).toBe(2);
      return new TextDecoder().decode(c.body);
    });
    expect(texts[0]).toBe('{channel:"main"}(=QueryChannelSet)');
    expect(texts[1]).toBe('{channel:"main"}(=QueryChannelEnd)');
    expect(texts[2]).toMatch(
      /^\{start_time:\S+Z,update_time:\S+Z,Progress:\{bytes_read:\d+,bytes_matched:\d+,records_read:\d+,records_matched:\d+\}\(=Progress\)\}\(=QueryStats\)$/,
    );
    expect(controls[0]!.position).toBe(0);
  });

  it('refuses a ctrl value strconv.ParseBool refuses, quoting the value', async () => {
    const r = await s.post('/query?ctrl=Foo', { query: 'from test' }, { Accept: 'application/x-zjson' });
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(errorText('invalid operation', 'invalid query param "Foo": strconv.ParseBool: parsing "Foo": invalid syntax'));
  });

  it('reports an error after the start in-band as QueryError, and at /query/status', async () => {
    const id = 'my-request-id-1';
    const r = await s.post('/query?ctrl=T', { query: 'func f(x): ( f(x+1) ) from test | yield f(1)' }, { Accept: 'application/x-zjson', 'X-Request-Id': id });
    expect(r.status).toBe(200);
    expect(r.headers.get('X-Request-Id')).toBe(id);
    const lines = (await r.text()).trimEnd().split('\n');
    expect(lines).toEqual(['{"type":"QueryError","value":{"error":"stack overflow"}}']);
    const st = await s.req(`/query/status/${id}`, { headers: { Accept: 'application/json' } });
    expect(st.status).toBe(200);
    expect(await st.text()).toBe('{"error":"stack overflow"}\n');
  });

  it('cuts the body short without ctrl and still closes a JSON array', async () => {
    const id = 'my-request-id-2';
    const csv = await s.post('/query', { query: 'from logs | yield n==1 ? {a:1} : {b:"x"}' }, { Accept: 'text/csv', 'X-Request-Id': id });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toBe('a\n1\n');
    const st = await (await s.req(`/query/status/${id}`, { headers: { Accept: 'application/json' } })).json();
    expect(st.error).toBe("CSV output requires uniform records but multiple types encountered (consider 'fuse')");
    const json = await s.post('/query', { query: 'func f(x): ( f(x+1) ) from logs | yield n==3 ? f(1) : n' }, { Accept: 'application/json' });
    // The failing batch is lost whole; the array is still closed.
    expect(await json.text()).toBe('[]\n');
  });
});

describe('query errors before the start', () => {
  it('answers Zed\'s bodies for a missing pool name, HEAD and unknown metas', async () => {
    const cases: [unknown, string][] = [
      ['', errorText('invalid operation', 'no pool name given')],
      [{ query: '' }, errorText('invalid operation', 'no pool name given')],
      [
        { query: 'from HEAD' },
        errorText('invalid operation', 'pool name missing at line 1, column 1:\nfrom HEAD\n~~~~~~~~~', {
          compilation_errors: [{ Msg: 'pool name missing', Pos: 0, End: 9 }],
        }),
      ],
      [
        { query: 'from :unknownmeta' },
        errorText('invalid operation', 'unknown lake metadata type "unknownmeta" in from operator at line 1, column 1:\nfrom :unknownmeta\n~~~~~~~~~~~~~~~~~', {
          compilation_errors: [{ Msg: 'unknown lake metadata type "unknownmeta" in from operator', Pos: 0, End: 17 }],
        }),
      ],
      [
        { query: 'from doesnotexist' },
        errorText('invalid operation', 'doesnotexist: pool not found at line 1, column 6:\nfrom doesnotexist\n     ~~~~~~~~~~~~', {
          compilation_errors: [{ Msg: 'doesnotexist: pool not found', Pos: 5, End: 17 }],
        }),
      ],
      [
        { query: 'from test@nobranch' },
        errorText('invalid operation', '"nobranch": branch not found at line 1, column 1:\nfrom test@nobranch\n~~~~~~~~~~~~~~~~~~', {
          compilation_errors: [{ Msg: '"nobranch": branch not found', Pos: 0, End: 18 }],
        }),
      ],
      [
        { query: 'from test:nosuchmeta' },
        errorText('invalid operation', 'unknown metadata type "nosuchmeta" at line 1, column 1:\nfrom test:nosuchmeta\n~~~~~~~~~~~~~~~~~~~~', {
          compilation_errors: [{ Msg: 'unknown metadata type "nosuchmeta"', Pos: 0, End: 20 }],
        }),
      ],
      [
        { query: 'from nomatch*' },
        errorText('invalid operation', 'nomatch*: pool matching glob not found at line 1, column 6:\nfrom nomatch*\n     ~~~~~~~~', {
          compilation_errors: [{ Msg: 'nomatch*: pool matching glob not found', Pos: 5, End: 13 }],
        }),
      ],
    ];
    for (const [body, want] of cases) {
      const r = await s.post('/query', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.headers.get('Content-Type')).toBe('application/json');
      expect(await r.text()).toBe(want);
    }
  });

  it('answers a syntax error with the parser\'s marker and its byte offset', async () => {
    const r = await s.post('/query', { query: 'from test | put x:=' });
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(
      errorText('invalid operation', 'error parsing Zed at line 1, column 20:\nfrom test | put x:=\n               === ^ ===', {
        compilation_errors: [{ Msg: 'error parsing Zed', Pos: 19, End: -1 }],
      }),
    );
  });

  it('HTML-escapes the error body as Go does', async () => {
    const r = await s.post('/query', { query: 'from <x>' });
    const text = await r.text();
    expect(text).toContain('\\u003cx\\u003e');
    expect(text).not.toContain('<x>');
  });
});

describe('the head default and time travel', () => {
  it('reads the head pool and branch when the query has no from', async () => {
    expect(await s.query('count()', 'application/json', { pool: 'logs' })).toBe('[3]\n');
    expect(await s.query('', 'application/json', { pool: 'test', branch: 'main' })).toBe('[{"ts":0}]\n');
    expect(await s.query('from HEAD | count()', 'application/json', { pool: 'logs' })).toBe('[3]\n');
    const r = await s.post('/query', { query: 'count()', head: null });
    expect(await r.text()).toBe(errorText('invalid operation', 'no pool name given'));
  });

  it('reads an earlier commit by id', async () => {
    await s.pool('tt', '{ts:1}\n');
    const tip = (await (await s.req('/pool/tt/branch/main', { headers: { Accept: 'application/json' } })).json()).commit;
    await s.req('/pool/tt/branch/main', { method: 'POST', body: new TextEncoder().encode('{ts:2}') });
    expect(await s.query(`from tt@${tip} | count()`, 'application/json')).toBe('[1]\n');
    expect(await s.query('from tt | count()', 'application/json')).toBe('[2]\n');
  });
});

describe('query status', () => {
  it('reports success as an empty error, then forgets the query', async () => {
    const id = 'status-ok-1';
    const r = await s.post('/query', { query: 'from test' }, { 'X-Request-Id': id });
    await r.text();
    const st = await s.req(`/query/status/${id}`);
    expect(st.headers.get('Content-Type')).toBe('application/x-zson');
    expect(await st.text()).toBe('{error:""}(=api.QueryError)\n');
    await new Promise((ok) => setTimeout(ok, 2300));
    const gone = await s.req(`/query/status/${id}`);
    expect(gone.status).toBe(400);
    expect(await gone.text()).toBe(errorText('invalid operation', 'query not found'));
  });

  it('answers 400 for an id it never saw', async () => {
    const r = await s.req('/query/status/never');
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(errorText('invalid operation', 'query not found'));
  });
});

describe('describe and compile', () => {
  it('describes sources and channels', async () => {
    const r = await s.post('/query/describe', { query: 'from logs | count() by s | sort s' }, { Accept: 'application/json' });
    expect(r.status).toBe(200);
    const info = await r.json();
    expect(info.sources).toHaveLength(1);
    expect(info.sources[0]).toMatchObject({ kind: 'Pool', name: 'logs', inferred: false });
    expect(info.sources[0].id).toMatch(/^0x[0-9a-f]{40}$/);
    expect(info.channels).toEqual([{ name: 'main', aggregation_keys: [['s']], sort: [{ order: 'asc', key: ['s'] }] }]);
    const plain = await (await s.post('/query/describe', { query: 'from logs' }, { Accept: 'application/json' })).json();
    expect(plain.channels).toEqual([{ name: 'main', aggregation_keys: null, sort: [{ order: 'asc', key: ['ts'] }] }]);
    const meta = await (await s.post('/query/describe', { query: 'from :pools' }, { Accept: 'application/json' })).json();
    expect(meta.sources).toEqual([{ kind: 'LakeMeta', meta: 'pools' }]);
    const head = await (await s.post('/query/describe', { query: 'count()', head: { pool: 'test' } }, { Accept: 'application/json' })).json();
    expect(head.sources[0]).toMatchObject({ kind: 'Pool', name: 'test', inferred: true });
    expect(head.channels[0].aggregation_keys).toEqual([]);
  });

  it("follows each output channel's sort order and keys through fork, from and put", async () => {
    const channels = async (query: string) =>
      (await (await s.post('/query/describe', { query, head: { pool: 'test' } }, { Accept: 'application/json' })).json()).channels;
    const ts = [{ order: 'asc', key: ['ts'] }];
    // Each branch's output has its own: an aggregation on one, the pool's order kept through put on the other.
    expect(await channels('fork (=> from test | sum(n) by s | output main => from logs | put x := "foo" | output secondary)')).toEqual([
      { name: 'main', aggregation_keys: [['s']], sort: null },
      { name: 'secondary', aggregation_keys: null, sort: ts },
    ]);
    // Pools that share their key merge in its order; put of the key itself loses it.
    expect(await channels('from (pool test pool logs) | put foo := "bar"')).toEqual([{ name: 'main', aggregation_keys: null, sort: ts }]);
    expect(await channels('from logs | put ts := 1')).toEqual([{ name: 'main', aggregation_keys: null, sort: null }]);
    // Branches combined without an output arrive in no order.
    expect(await channels('from logs | fork (=> pass => pass)')).toEqual([{ name: 'main', aggregation_keys: null, sort: null }]);
    expect(await channels('from logs | fork (=> output main => yield "bar" | output secondary)')).toEqual([
      { name: 'main', aggregation_keys: null, sort: ts },
      { name: 'secondary', aggregation_keys: null, sort: null },
    ]);
  });

  it('answers describe errors as /query does', async () => {
    const r = await s.post('/query/describe', { query: 'from nosuch' });
    expect(r.status).toBe(400);
    expect((await r.json()).compilation_errors).toEqual([{ Msg: 'nosuch: pool not found', Pos: 5, End: 11 }]);
  });

  it('returns the parsed AST, and parse errors with compilation_errors', async () => {
    const r = await s.post('/compile', { query: 'from p | count() by x' }, { Accept: 'application/json' });
    expect(r.status).toBe(200);
    const ast = await r.json();
    expect(Array.isArray(ast)).toBe(true);
    expect(ast[0].kind).toBe('Pool');
    expect(ast[1].kind).toBe('Summarize');
    expect(JSON.stringify(ast)).not.toContain('"loc"');
    const bad = await s.post('/compile', { query: 'count(' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).compilation_errors[0].Msg).toBe('error parsing Zed');
  });
});

describe('streaming', () => {
  it('streams a large result with backpressure and survives a client that leaves', async () => {
    const n = 20000;
    await s.pool('big', Array.from({ length: n }, (_, i) => `{ts:${i},s:"${'x'.repeat(50)}"}`).join('\n'));
    const full = await s.query('from big | count()', 'application/json');
    expect(full).toBe(`[${n}]\n`);
    // A small answer goes out whole with its length; a large one is chunked.
    const small = await s.post('/query', { query: 'from big | head 2' }, { Accept: 'application/x-ndjson' });
    expect(small.headers.get('Content-Length')).toBe(String((await small.clone().arrayBuffer()).byteLength));
    const large = await s.post('/query', { query: 'from big' }, { Accept: 'application/x-ndjson' });
    expect(large.headers.get('Content-Length')).toBeNull();
    expect((await large.text()).split('\n')).toHaveLength(n + 1);
    // Read one chunk, then go away.
    const ac = new AbortController();
    const r = await s.post('/query', { query: 'from big' }, { Accept: 'application/x-ndjson' });
    const reader = r.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await reader.cancel();
    ac.abort();
    // The server still answers.
    expect(await s.query('from test', 'application/json')).toBe('[{"ts":0}]\n');
  });

  it('cancels a running query when the client disconnects', async () => {
    const id = 'cancel-me-1';
    const ac = new AbortController();
    const r = await s.post('/query', { query: 'from big | sort -r s | yield {ts, t: ts * 2}' }, { 'X-Request-Id': id, Accept: 'application/x-ndjson' }).then((res) => res);
    const reader = r.body!.getReader();
    await reader.read();
    await reader.cancel();
    ac.abort();
    const st = await s.req(`/query/status/${id}`, { headers: { Accept: 'application/json' } });
    expect(st.status).toBe(200);
    const body = await st.json();
    expect(['', 'context canceled']).toContain(body.error);
  });
});
