// cut and record literals of fields of `this` read their fields by
// position (runtime/expr/field-paths.ts) where a record holds them all.
// Random records of many shapes (fields missing, null records, named
// records on the way, errors) must come out as the same query does when it indexes the fields by names it works
// out (`this[lower("c")][lower("d")]`: a constant index would make a path
// of it), which is evaluated field by field.
import { describe, expect, it } from 'vitest';
import { FieldPaths, TypeContext } from '../../src/index.js';
import { parseZsonValue } from '../../src/zson/index.js';
import { seededRandom } from '../support/formats.js';
import { pick, record } from '../support/random-records.js';
import { runQuery } from '../support/run-query.js';

const PATHS = [['a'], ['b'], ['c'], ['c', 'd'], ['c', 'e'], ['n'], ['n', 'a'], ['n', 'b'], ['n', 'b', 'x']];

describe('fields read by position', () => {
  it('cut and record literals answer as indexed fields do, in 600 random cases', { timeout: 300_000 }, async () => {
    const r = seededRandom(20261127);
    let nonEmpty = 0;
    for (let c = 0; c < 600; c++) {
      const input = `${Array.from({ length: 12 }, () => record(r)).join('\n')}\n`;
      // Distinct top-level names for a record literal, paths that do not overlap for cut.
      const count = 1 + Math.floor(r() * 4);
      const paths: string[][] = [];
      for (let k = 0; k < 20 && paths.length < count; k++) {
        const p = pick(r, PATHS);
        if (paths.some((q) => q.slice(0, Math.min(p.length, q.length)).join('.') === p.slice(0, Math.min(p.length, q.length)).join('.'))) continue;
        paths.push(p);
      }
      const indexed = (p: string[]) => `this${p.map((s) => `[lower("${s}")]`).join('')}`;
      const named = r() < 0.5;
      let query: string;
      let reference: string;
      if (r() < 0.5) {
        query = `cut ${paths.map((p, i) => (named ? `f${i}:=${p.join('.')}` : p.join('.'))).join(',')}`;
        reference = `cut ${paths.map((p, i) => `${named ? `f${i}` : p.join('.')}:=${indexed(p)}`).join(',')}`;
      } else {
        query = `yield {${paths.map((p, i) => (named || p.length > 1 ? `f${i}:${p.join('.')}` : p[0])).join(',')}}`;
        reference = `yield {${paths.map((p, i) => `${named || p.length > 1 ? `f${i}` : p[0]}:${indexed(p)}`).join(',')}}`;
      }
      const got = await runQuery(query, input);
      const want = await runQuery(reference, input);
      expect({ query, input, got }).toEqual({ query, input, got: want });
      if (!got.startsWith('ERROR') && got.split('\n').some((l) => l.startsWith('{') && !l.includes('error("missing")'))) nonEmpty++;
    }
    // Most cases found their fields in some of the records.
    expect(nonEmpty).toBeGreaterThan(300);
  });

  it('resolves a path once per type and reads elements by position', () => {
    const zctx = new TypeContext();
    const v = parseZsonValue('{a:1,c:{d:"x",e:null(int64)},n:null({b:{x:int64}})}', zctx);
    const f = new FieldPaths([['c', 'e'], ['a'], ['c', 'd'], ['n', 'b', 'x']]);
    const plan = f.plan(v.type)!;
    expect(plan).not.toBeNull();
    expect(f.plan(v.type)).toBe(plan);
    expect(plan.types.map((t) => t.kind === 'primitive' && t.name)).toEqual(['int64', 'int64', 'string', 'int64']);
    f.read(plan, v.bytes);
    const text = (k: number) => (f.starts[k]! < 0 ? null : new TextDecoder().decode(v.bytes!.subarray(f.starts[k]!, f.ends[k]!)));
    expect([text(0), text(2), text(3)]).toEqual([null, 'x', null]);
    expect(v.bytes![f.starts[1]!]).toBe(2);
    // A path through something other than a record, or to a field the type lacks: no plan.
    expect(f.plan(parseZsonValue('{a:1,c:1,n:null({b:{x:int64}})}', zctx).type)).toBeNull();
    expect(new FieldPaths([['z']]).plan(v.type)).toBeNull();
    expect(new FieldPaths([['a']]).plan(parseZsonValue('1', zctx).type)).toBeNull();
    expect(new FieldPaths([['c', 'd']]).plan(parseZsonValue('{c:{d:1}((int64,{d:int64}))}', zctx).type)).toBeNull();
    // Named records on the way are read through.
    expect(new FieldPaths([['c', 'd']]).plan(parseZsonValue('{c:{d:1}(=cn)}(=top)', zctx).type)).not.toBeNull();
    // A null record: every field null.
    f.read(plan, null);
    expect([...f.starts]).toEqual([-1, -1, -1, -1]);
  });
});
