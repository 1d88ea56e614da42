// The optimizer changes plans, never results: each query gives the same
// output optimized and not, and JSON lines skipped by the pushed filter's
// raw-text terms are exactly lines the filter would have dropped.
import { describe, expect, it } from 'vitest';
import { TypeContext, buildPlan, compile, encodeBatches, formatByName, readValues, type Batch, type dag } from '../../src/index.js';

function stream(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });
}

async function run(query: string, input: string, format: string, optimize: boolean, prefilter = optimize): Promise<string> {
  const zctx = new TypeContext();
  const q = compile(query, { zctx, optimize });
  const terms = prefilter ? q.pushdown?.terms : null;
  const src: AsyncIterable<Batch> = readValues(stream(input), zctx, { format, ...(terms ? { terms } : {}) });
  const enc = formatByName('zson')!.encoder!({ pretty: 0 });
  const dec = new TextDecoder();
  let out = '';
  for await (const c of encodeBatches(q.pipeline.run(src, zctx), enc)) out += typeof c === 'string' ? c : dec.decode(c);
  return out;
}

const zsonInput = [
  '{k:3,x:1,y:"a",s:"foo",a:{b:1,c:"q"}}',
  '{k:1,x:2,y:"b",s:"bar",a:{b:2,c:"r"}}',
  '{k:2,x:2,y:"c",s:"FOO bar",a:{b:3}}',
  '{k:5,y:"d",s:null(string)}',
  '{k:4,x:1.5,y:"e",s:"x",a:null({b:int64,c:string})}',
  '7',
  '"foo"',
  '{k:6,x:3(int32),y:"f",s:"y",n:[1,2,3]}',
  '{k:0,x:-1,y:"g",s:"baz",a:{b:-1,c:"s"}}',
].join('\n');

const queries = [
  'where x == 2 | where y == "c"',
  'sort k | where x > 1',
  'sort -r k | where x > 0 | head 2',
  'sort k | head 3',
  'sort | where x == 2',
  'put z := x + 1 | where x == 2',
  'put x := 10 | where x == 10',
  'rename w := y | where x == 1',
  'rename y := s | where y == "foo"',
  'drop s | where x == 2',
  'drop x | where x == 2',
  'cut k, a | where a.b > 1',
  'cut k, a.b | where a == {b:1}',
  'cut q := x | where q == 1',
  'put z := 1 | foo',
  'sort k | foo',
  'foo or x == 1.5',
  'where count() > 2',
  'sort k | where count() > 2 | yield k',
  'pass | where x == 1 | pass',
  'fork ( => where x == 2 | where k > 1 => sort k | head 1 ) | sort k',
  'switch ( case x == 1 => put t := "one" case x == 2 => where y == "b" default => pass ) | sort k',
  'over n => ( where this > 1 | sum(this) )',
  'x == 2 | count()',
  'where a.c == "q" or k == 6',
  'const c = 2\nwhere x == c | yield k',
  'func big(v): (v > 1)\nsort k | where big(x)',
  'where typeof(this) == <int64>',
  'search 2 | sort k',
  'where !(x == 2) | sort k',
  'fork ( => pass => put x := 2 ) | where x == 2 | sort k, y',
  'switch ( case k > 3 => put w := 1 default => pass ) | where y > "b" | sort k',
  'fork ( => pass => pass ) | where x == 1 | merge k',
];

describe('optimized plans give the same results', () => {
  for (const q of queries) {
    it(q.replace(/\n/g, ' '), async () => {
      const plain = await run(q, zsonInput, 'zson', false);
      expect(await run(q, zsonInput, 'zson', true)).toBe(plain);
    });
  }
});

// JSON lines whose values spell their numbers and strings in many ways.
function jsonLines(): string {
  const numbers = ['443', '443.0', '4.43e2', '4.43E+2', '44300e-2', '442.99999999999999999', '-443', '4430', '1443', '44', '0', '1e0', '1', '1.0'];
  const strings = ['"443"', '"foo"', '"FOO"', '"f\\u006fo"', '"x foo y"', '"fo"', '"\\"foo\\""', '"K\\u212a"', '"k"', '"true"'];
  const lines: string[] = [];
  let i = 0;
  for (const n of numbers) {
    for (const s of strings) {
      i++;
      lines.push(`{"id":{"p":${n}},"s":${s},"t":${i % 3 === 0},"n":${i % 2 === 0 ? 'null' : n},"arr":[${n},${s}]}`);
    }
  }
  lines.push('', '{"foo":1}', '{"FOO":{"bar":2}}', '{"e":1e3}');
  return lines.join('\n') + '\n';
}

const jsonQueries = [
  'where id.p == 443',
  'where id.p == 443 | count()',
  'where 1 == n',
  'where id.p == 1 or s == "k"',
  'search 443',
  'search foo',
  'FOO 443',
  'foo or 1',
  'where s == "foo"',
  'where s == "foo" and id.p == 44',
  'where t == true',
  'search true',
  'search null',
  'search k',
  'where arr[0] == 443',
  'grep("foo", s)',
  'search 1000',
];

describe('the JSON prefilter skips only lines the filter drops', () => {
  const input = jsonLines();
  for (const q of jsonQueries) {
    it(q, async () => {
      const plain = await run(q, input, 'ndjson', false);
      expect(plain).not.toBe('');
      expect(await run(q, input, 'ndjson', true)).toBe(plain);
      expect(await run(q, input, 'json', true)).toBe(plain);
    });
  }
});

describe('a plan read back from JSON runs as compiled', () => {
  const planQueries = [
    'func big(v): (v > 1)\nconst c = "x"\nwhere big(k) | put t := c | sort k | head 3',
    'type port = uint16\nyield {k, p: <port>(k)}',
    'over n with k => ( yield this + k )',
    'yield (over n | sum(this))',
    'fork ( => where x == 2 => count() )| sort this',
    'switch x ( case 1 => yield "one" default => yield "other" )',
    'sum(k) by y | sort y',
  ];
  for (const q of planQueries) {
    it(q.replace(/\n/g, ' '), async () => {
      const want = await run(q, zsonInput, 'zson', true);
      const zctx = new TypeContext();
      const plan = JSON.parse(JSON.stringify(compile(q, { zctx: new TypeContext() }).dag)) as dag.Seq;
      const built = buildPlan(plan, { zctx });
      const enc = formatByName('zson')!.encoder!({ pretty: 0 });
      const dec = new TextDecoder();
      let out = '';
      const src = readValues(stream(zsonInput), zctx, { format: 'zson' });
      for await (const c of encodeBatches(built.pipeline.run(src, zctx), enc)) out += typeof c === 'string' ? c : dec.decode(c);
      expect(out).toBe(want);
    });
  }
});
