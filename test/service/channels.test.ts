// Output channels over a real server: `output NAME` and `debug` results come
// on their own channels, each opened by QueryChannelSet and closed by
// QueryChannelEnd (named in the latest revision, numbered in 1.8.0), and
// /query/describe lists them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from './server.js';

let s: TestServer;
beforeAll(async () => {
  s = await testServer();
  await s.pool('nums', '{ts:1,x:1}\n{ts:2,x:2}\n{ts:3,x:3}\n');
  await s.pool('more', '{ts:4,x:4}\n');
});
afterAll(async () => {
  await s.stop();
});

interface Line {
  type: unknown;
  value: unknown;
}

/** The ZJSON lines of a ctrl=T query, QueryStats left out. */
async function lines(query: string, headers: Record<string, string> = {}): Promise<Line[]> {
  const r = await s.post('/query?ctrl=T', { query }, { Accept: 'application/x-zjson', ...headers });
  expect(r.status).toBe(200);
  return (await r.text())
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => l.type !== 'QueryStats');
}

/** The data values of each channel, and the order its Set and End came in. */
function byChannel(ls: Line[], key: 'channel' | 'channel_id' = 'channel'): Map<unknown, { values: unknown[]; events: string[] }> {
  const out = new Map<unknown, { values: unknown[]; events: string[] }>();
  let current: unknown = null;
  const of = (c: unknown) => {
    let e = out.get(c);
    if (e === undefined) out.set(c, (e = { values: [], events: [] }));
    return e;
  };
  for (const l of ls) {
    if (l.type === 'QueryChannelSet' || l.type === 'QueryChannelEnd') {
      const c = (l.value as Record<string, unknown>)[key];
      of(c).events.push(l.type === 'QueryChannelSet' ? 'set' : 'end');
      if (l.type === 'QueryChannelSet') current = c;
      continue;
    }
    of(current).values.push(l.value);
  }
  return out;
}

describe('query channels', () => {
  it('sends an output operator\'s values on its channel and the rest on main', async () => {
    const ch = byChannel(await lines('from nums | fork (=> x>=2 | output big => count())'));
    expect([...ch.keys()].sort()).toEqual(['big', 'main']);
    expect(ch.get('big')!.values.map((v) => (v as string[])[1]).sort()).toEqual(['2', '3']);
    expect(ch.get('main')!.values).toEqual(['3']);
    for (const c of ch.values()) expect(c.events[c.events.length - 1]).toBe('end');
  });

  it('sends debug values on channel debug while the main flow goes on', async () => {
    const ch = byChannel(await lines('from nums | debug f"saw {x}" | yield x*10'));
    expect((ch.get('debug')!.values as string[]).sort()).toEqual(['saw 1', 'saw 2', 'saw 3']);
    expect((ch.get('main')!.values as string[]).sort()).toEqual(['10', '20', '30']);
  });

  it('numbers the channels in revision 1.8.0', async () => {
    const ch = byChannel(await lines('from nums | debug | count()', { 'Zed-Api-Version': '1.8.0' }), 'channel_id');
    expect([...ch.keys()].sort()).toEqual([0, 1]);
    expect(ch.get(0)!.values).toEqual(['3']);
    expect(ch.get(1)!.values).toHaveLength(3);
  });

  it('ends a channel that produced nothing without opening it', async () => {
    const ls = await lines('from nums | fork (=> x>5 | output none => count())');
    expect(ls.filter((l) => JSON.stringify(l.value).includes('"none"')).map((l) => l.type)).toEqual(['QueryChannelEnd']);
  });

  it('rejects an output that does not end a leaf with a compilation error', async () => {
    const r = await s.post('/query', { query: 'from nums | output x | count()' }, { Accept: 'application/json' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ kind: 'invalid operation', compilation_errors: [{ Msg: 'output operator must be at flowgraph leaf', Pos: 12, End: 20 }] });
  });

  it('describes every channel', async () => {
    const r = await s.post('/query/describe', { query: 'from nums | fork (=> output side => count() by x)' }, { Accept: 'application/json' });
    expect(r.status).toBe(200);
    const d = (await r.json()) as { channels: { name: string }[] };
    expect(d.channels.map((c) => c.name)).toEqual(['main', 'side']);
  });

  it('reads each path\'s own pool when a fork\'s first path starts with a source, with no pool taken from the head', async () => {
    const query = 'fork (\n=> from nums | sum(x) by k:=1 | output main\n=> from more | put y := "foo" | output secondary\n)';
    const r = await s.post('/query/describe', { query, head: { pool: 'nums' } }, { Accept: 'application/json' });
    expect(r.status).toBe(200);
    const d = (await r.json()) as { sources: { name: string; inferred: boolean }[]; channels: { name: string }[] };
    expect(d.sources.map((x) => [x.name, x.inferred])).toEqual([
      ['nums', false],
      ['more', false],
    ]);
    expect(d.channels.map((c) => c.name)).toEqual(['main', 'secondary']);
    const ch = byChannel(await lines(query));
    expect(ch.get('main')!.values).toEqual([['1', '6']]);
    expect((ch.get('secondary')!.values as unknown[][]).map((v) => v.slice(1))).toEqual([['4', 'foo']]);
  });
});
