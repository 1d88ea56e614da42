// inputFields: the top-level fields a query reads of its input, or null
// when it may read them all; and, over NDJSON, the same answers whether the
// reader leaves the other fields out or not.
import { describe, expect, it } from 'vitest';
import { TypeContext, compile } from '../../index.js';
import { runQuery } from '../../../test/support/run-query.js';

function fields(query: string): readonly string[] | null {
  return compile(query, { zctx: new TypeContext() }).fields ?? null;
}

describe('inputFields', () => {
  it('names the fields a summarize, yield or cut reads, through filters, head, tail and sorts', () => {
    expect(fields('sum(orig_bytes) by id.orig_h')).toEqual(['id', 'orig_bytes']);
    expect(fields('count()')).toEqual([]);
    expect(fields('where proto=="tcp" | count() by service')).toEqual(['proto', 'service']);
    expect(fields('x > 1 | sort -r y | head 3 | yield z')).toEqual(['x', 'y', 'z']);
    expect(fields('cut a, b.c')).toEqual(['a', 'b']);
    expect(fields('const k = 1\nyield a + k')).toEqual(['a']);
    expect(fields('put x:=a+1 | sum(x) by s')).toEqual(['a', 's', 'x']);
    expect(fields('put a.b:=c | cut a')).toEqual(['a', 'c']);
  });

  it('gives null (all fields) when values may pass on whole or be read whole', () => {
    for (const q of ['*', 'where x > 1', 'head 3', 'RSTOS0 | count()', 'yield this', 'count() by typeof(this)', 'sort | yield a', 'put a := 1', 'drop a | count()', 'rename b:=a | count()', 'fork (=> count() => yield a)', 'yield {...this}']) {
      expect([q, fields(q)]).toEqual([q, null]);
    }
  });

  it('answers the same over NDJSON with the other fields left out', async () => {
    const input = [
      '{"a":1,"b":{"c":"x","d":[1,2]},"s":"tcp","n":1.5,"skip":{"deep":[{"x":1}]}}',
      '{"a":2,"b":null,"s":"udp","skip":"\\"quoted\\""}',
      '{"s":"tcp","n":-3,"a":null}',
      '{"b":{"c":"y"},"a":4,"s":"tcp","extra":[true,false,null]}',
      '{}',
      '{"a":"str","s":7}',
      '5',
      '[1,{"a":2}]',
    ].join('\n');
    const queries = [
      'count()',
      'sum(a) by s',
      'count() by b.c',
      'where s=="tcp" | yield a',
      'a > 1 | cut a, b.c',
      'sort -r a | head 2 | yield {a,s}',
      'avg(n), min(n), max(n) by s',
      'collect(a) by s',
      'where has(b) | count()',
      'where missing(n) | yield s',
      'tail 2 | yield a',
      'put x:=a+1 | sum(x) by s',
      'put b.e:=s | cut b',
      'put a:=1 | count()',
      'put s:=len(s) | count() by s',
    ];
    for (const q of queries) {
      expect(fields(q)).not.toBeNull();
      expect([q, await runQuery(q, input, 'ndjson', { project: true })]).toEqual([q, await runQuery(q, input, 'ndjson')]);
    }
  });
});
