// compile() shares the parse of a query text between compilations: the AST
// must come out of every compilation as the parser made it, and two
// compilations of one text must each run on their own.
import { describe, expect, it } from 'vitest';
import { TypeContext, compile, parseQuery } from '../../src/index.js';
import { runQuery } from '../support/run-query.js';

const queries = [
  'from p | v==3 | count()',
  'const c = 2\nfunc f(x): (x * c)\nyield f(a) | sort this',
  'op twice(v): ( yield v | yield v )\ntwice(a)',
  'fork ( => where a > 1 => count() ) | sort this',
  'over arr with k => ( yield {k, v: this} )',
  'get "http://127.0.0.1:1/x" headers {"A": ["b"]}',
  'file "x.zson" | put y := a',
];

describe('the parse cache', () => {
  it('gives each compilation the same AST, unchanged by compiling', () => {
    const sources = { open: () => (async function* () {})() };
    for (const q of queries) {
      const a = compile(q, { zctx: new TypeContext(), sources });
      const b = compile(q, { zctx: new TypeContext(), sources });
      expect(b.ast, q).toBe(a.ast);
      expect(JSON.parse(JSON.stringify(a.ast)), q).toEqual(JSON.parse(JSON.stringify(parseQuery(q))));
    }
  });

  it('runs two compilations of one text independently', async () => {
    const q = 'const c = 2\nfunc f(x): (x * c)\nyield f(a) | sort this';
    const [x, y] = await Promise.all([runQuery(q, '{a:1}\n{a:3}\n'), runQuery(q, '{a:5}\n')]);
    expect(x).toBe('2\n6\n');
    expect(y).toBe('10\n');
  });
});
