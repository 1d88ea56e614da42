import { describe, expect, it } from 'vitest';
import { InvalidError } from '../../errors/index.js';
import { TypeContext, type Value } from '../../zed/index.js';
import { formatValue, parseZsonValue } from '../../zson/index.js';
import { aggregateNames, lookupAggregate, resolveAggregate } from './registry.js';

describe('registry', () => {
  it('holds every aggregate function of Zed v1.18.0', () => {
    expect(aggregateNames()).toEqual([
      'and', 'any', 'avg', 'collect', 'collect_map', 'count', 'dcount', 'fuse', 'max', 'min', 'or', 'sum', 'union',
    ]);
    expect(lookupAggregate('median')).toBeUndefined();
  });

  it('reports unknown functions and missing arguments as Zed does', () => {
    expect(() => resolveAggregate('median', true)).toThrow('unknown aggregation function: median');
    for (const name of ['and', 'any', 'collect', 'dcount', 'fuse', 'min', 'max', 'or', 'sum', 'union']) {
      expect(() => resolveAggregate(name, false)).toThrow(`${name}: argument required`);
    }
    expect(resolveAggregate('count', false).name).toBe('count');
    expect(resolveAggregate('count', true).name).toBe('count');
  });
});

// Splitting the input between two aggregators and merging their partials
// into a third must give what one aggregator gives: the group table relies
// on it when it spills.
describe('partials', () => {
  const inputs: Record<string, string[]> = {
    count: ['1', 'null', '"a"', 'error("x")'],
    any: ['null(int64)', '7', '8'],
    avg: ['1', '2', '"x"', '3(uint8)', '4.5'],
    sum: ['1(int32)', '2', '3(uint64)', '4.5', 'null(int64)'],
    min: ['5', '3(uint64)', '-2', '1s'],
    max: ['5(uint8)', '2', '7', 'null(float64)'],
    and: ['true', 'null(bool)', 'true', 'false'],
    or: ['false', '1', 'false', 'true'],
    collect: ['1', '"a"', '{x:1}', '2', 'null'],
    union: ['1', '"a"', '1', '2((int64,string))', '[1]'],
    collect_map: ['|{"a":1}|', '|{"b":"x"}|', '|{"a":2}|', '|{1:1}|'],
    dcount: ['1', '2', '2', '"a"', 'null', '3'],
    fuse: ['{a:1}', '{b:"x"}', '{a:"y",c:[1]}', 'null'],
  };

  for (const [name, texts] of Object.entries(inputs)) {
    it(`${name}: merged partials of any split equal one pass`, () => {
      const zctx = new TypeContext();
      const def = lookupAggregate(name)!;
      const vals: Value[] = texts.map((s) => parseZsonValue(s, zctx));
      const one = def.make();
      for (const v of vals) one.consume(v);
      const want = formatValue(one.result(zctx));
      for (let k = 0; k <= vals.length; k++) {
        const a = def.make();
        const b = def.make();
        vals.slice(0, k).forEach((v) => a.consume(v));
        vals.slice(k).forEach((v) => b.consume(v));
        const m = def.make();
        m.consumeAsPartial(a.resultAsPartial(zctx));
        m.consumeAsPartial(b.resultAsPartial(zctx));
        expect(formatValue(m.result(zctx)), `split at ${k}`).toBe(want);
        // A partial of merged partials is a partial too.
        const again = def.make();
        again.consumeAsPartial(m.resultAsPartial(zctx));
        expect(formatValue(again.result(zctx)), `re-merge at ${k}`).toBe(want);
      }
    });
  }

  it('reject partials of the wrong shape', () => {
    const zctx = new TypeContext();
    const bad = parseZsonValue('"x"', zctx);
    for (const name of ['count', 'avg', 'and', 'or', 'dcount', 'fuse']) {
      expect(() => lookupAggregate(name)!.make().consumeAsPartial(bad), name).toThrow(InvalidError);
    }
  });
});
