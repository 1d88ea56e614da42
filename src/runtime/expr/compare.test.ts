import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';
import {
  asBool,
  compare,
  inContainer,
  logicalAnd,
  logicalNot,
  logicalOr,
  makeConstCompare,
  makeConstIn,
  makeLogicalAnd,
  makeLogicalOr,
  walkValue,
  type CompareOp,
} from './compare.js';
import { Value } from '../../zed/index.js';

const h = harness();
const cmp = (op: CompareOp, a: string, b: string) => h.z(compare(op, h.v(a), h.v(b)));

describe('compare', () => {
  test('compare gives the documented results (expressions.md)', () => {
    expect(cmp('>', '1', '2')).toBe('false');
    expect(cmp('<', '1', '2')).toBe('true');
    expect(cmp('>', '"b"', '"a"')).toBe('true');
    expect(cmp('>', '1', '"a"')).toBe('false');
    expect(cmp('>', '1', 'error("missing")')).toBe('error("missing")');
  });

  test('compare with a null operand (compare-null-int64.yaml)', () => {
    for (const b of ['null(int64)', 'null']) {
      expect(['==', '!=', '<', '<=', '>', '>='].map((op) => cmp(op as CompareOp, '1', b))).toEqual([
        'false', 'true', 'false', 'false', 'false', 'false',
      ]);
    }
    expect(cmp('==', '"s"', 'null(string)')).toBe('false');
    expect(cmp('<=', 'null', 'null(int64)')).toBe('true');
    expect(cmp('==', 'null(string)', 'null')).toBe('true');
  });

  test('compare coerces numbers across types, times and durations', () => {
    expect(cmp('==', '1', '1.')).toBe('true');
    expect(cmp('==', '1(uint8)', '1')).toBe('true');
    expect(cmp('==', '-1', '18446744073709551615(uint64)')).toBe('false');
    expect(cmp('<', '-1', '0(uint64)')).toBe('true');
    expect(cmp('==', '1s', '1000000000')).toBe('true');
    expect(cmp('>', '100(port=uint16)', '200(port=uint16)')).toBe('false');
    expect(cmp('<', 'NaN', '1.')).toBe('true');
  });

  test('compare of unlike or unordered types', () => {
    expect(cmp('==', '"1"', '1')).toBe('false');
    expect(cmp('!=', '"1"', '1')).toBe('true');
    expect(cmp('==', '{a:1}', '{a:1}')).toBe('true');
    expect(cmp('<', '1.1.1.1', '2.2.2.2')).toBe('false');
    expect(cmp('<=', '1.1.1.1', '1.1.1.1')).toBe('true');
    expect(cmp('<', '0x01', '0x02')).toBe('true');
    expect(cmp('<=', 'false', 'false')).toBe('true');
  });

  test('compare: == sees through names but not unions; < untags unions', () => {
    expect(cmp('==', '"a"(=s)', '"a"')).toBe('true');
    expect(cmp('==', '1((int64,string))', '1')).toBe('false');
    expect(cmp('<=', '1((int64,string))', '1')).toBe('true');
    expect(cmp('==', '%b(enum(a,b))', '1')).toBe('true');
  });

  test('compare passes errors through, the left one first', () => {
    expect(cmp('==', 'error("missing")', 'error("missing")')).toBe('error("missing")');
    expect(cmp('<', 'error("a")', 'error("b")')).toBe('error("a")');
  });
});

describe('inContainer', () => {
  const isIn = (a: string, b: string) => h.z(inContainer(h.v(a), h.v(b)));
  test('inContainer searches the whole value (expressions.md)', () => {
    expect(isIn('1', '{a:[1,2]}')).toBe('true');
    expect(isIn('1', '{b:{c:3}}')).toBe('false');
    expect(isIn('1', '{d:{e:1}}')).toBe('true');
    expect(isIn('2', '|[1,2,3]|')).toBe('true');
    expect(isIn('4', '|[1,2,3]|')).toBe('false');
    expect(isIn('2', '[1(uint32),2(uint32)]')).toBe('true');
  });
  test('inContainer checks map keys and values (in-map.yaml)', () => {
    expect(isIn('"a"', '|{"a":1,"b":2}|')).toBe('true');
    expect(isIn('1', '|{"a":1,"b":2}|')).toBe('true');
    expect(isIn('10', '|{"a":1,"b":2}|')).toBe('false');
    expect(isIn('error("missing")', '|{"a":1}|')).toBe('error("missing")');
    expect(isIn('"a"', 'error("missing")')).toBe('error("missing")');
  });
  test('inContainer of a value in itself and in unions', () => {
    expect(isIn('1', '1')).toBe('true');
    expect(isIn('"x"', '["x"((int64,string))]')).toBe('true');
    expect(isIn('null', '[null(int64)]')).toBe('true');
  });
});

describe('walkValue', () => {
  test('walkValue visits values depth first and stops on true', () => {
    const seen: string[] = [];
    const v = h.v('{a:1,b:[2,3],c:|{"k":4}|}');
    walkValue(v.type, v.bytes, (t, b) => {
      seen.push(h.z(new Value(t, b)));
      return false;
    });
    expect(seen).toEqual(['{a:1,b:[2,3],c:|{"k":4}|}', '1', '[2,3]', '2', '3', '|{"k":4}|', '"k"', '4']);
    let n = 0;
    expect(walkValue(v.type, v.bytes, () => ++n === 2)).toBe(true);
    expect(n).toBe(2);
  });
});

describe('logic', () => {
  // runtime/sam/expr/ztests/logical.yaml over {t:true,f:false,m:error("missing"),n:null(bool)}
  const val: Record<string, string> = { t: 'true', f: 'false', m: 'error("missing")', n: 'null(bool)' };
  const and = (a: string, b: string) => h.z(logicalAnd(h.ectx, h.v(val[a]!), h.v(val[b]!)));
  const or = (a: string, b: string) => h.z(logicalOr(h.ectx, h.v(val[a]!), h.v(val[b]!)));
  const M = 'error("missing")';
  test('logicalAnd follows logical.yaml', () => {
    expect(['t', 'f', 'n', 'm'].map((b) => and('t', b))).toEqual(['true', 'false', 'false', M]);
    expect(['t', 'f', 'n', 'm'].map((b) => and('f', b))).toEqual(['false', 'false', 'false', 'false']);
    expect(['t', 'f', 'n', 'm'].map((b) => and('n', b))).toEqual(['false', 'false', 'false', 'false']);
    expect(['t', 'f', 'n', 'm'].map((b) => and('m', b))).toEqual([M, M, M, M]);
  });
  test('logicalOr follows logical.yaml', () => {
    expect(['t', 'f', 'n', 'm'].map((b) => or('t', b))).toEqual(['true', 'true', 'true', 'true']);
    expect(['t', 'f', 'n', 'm'].map((b) => or('f', b))).toEqual(['true', 'false', 'false', M]);
    expect(['t', 'f', 'n', 'm'].map((b) => or('n', b))).toEqual(['true', 'false', 'false', M]);
    expect(['t', 'f', 'n', 'm'].map((b) => or('m', b))).toEqual(['true', 'false', 'false', M]);
  });
  test('logicalNot follows logical.yaml and rejects non-bools', () => {
    expect(['t', 'f', 'm', 'n'].map((a) => h.z(logicalNot(h.ectx, h.v(val[a]!))))).toEqual(['false', 'true', M, 'true']);
    expect(h.z(logicalNot(h.ectx, h.v('1')))).toBe('error({message:"not type bool",on:1})');
    expect(h.z(asBool(h.ectx, h.v('true(=b)')))).toBe('true(=b)');
  });
  test('makeLogicalAnd and makeLogicalOr evaluate the right side only when needed', () => {
    let calls = 0;
    const rhs = () => {
      calls++;
      return h.v('true');
    };
    const and = makeLogicalAnd<Value>(h.ectx, (x) => x, rhs);
    const or = makeLogicalOr<Value>(h.ectx, (x) => x, rhs);
    expect(h.z(and(h.v('false')))).toBe('false');
    expect(h.z(or(h.v('true')))).toBe('true');
    expect(calls).toBe(0);
    expect(h.z(or(h.v('"x"')))).toBe('error({message:"not type bool",on:"x"})');
    expect(h.z(and(h.v('true')))).toBe('true');
    expect(calls).toBe(1);
  });
});

describe('literal comparisons', () => {
  const cc = (op: CompareOp, v: string, lit: string) => {
    const f = makeConstCompare(op, h.v(lit));
    return f === null ? 'none' : h.z(f(h.v(v)));
  };
  test('makeConstCompare follows Zed’s constant predicates (boolean.go)', () => {
    expect(cc('>', '"b"', '"a"')).toBe('true');
    expect(cc('<', 'null(int64)', '1')).toBe('true');
    expect(cc('==', '"1"', '1')).toBe('false');
    expect(cc('==', '1(uint8)', '1')).toBe('true');
    expect(cc('>', '18446744073709551615(uint64)', '1')).toBe('false');
    expect(cc('<', '1.5', '2')).toBe('true');
    expect(cc('<', 'NaN', '2.')).toBe('false');
    expect(cc('!=', 'NaN', '2.')).toBe('true');
    expect(cc('>', '2022-01-01T00:00:00Z', '2021-01-01T00:00:00Z')).toBe('true');
    expect(cc('==', 'null(string)', 'null')).toBe('true');
    expect(cc('!=', '1', 'null')).toBe('true');
    expect(cc('<', '1', 'null')).toBe('none');
    expect(cc('==', '10.0.0.1', '10.0.0.1')).toBe('true');
    expect(cc('<', '10.0.0.1', '::1')).toBe('true');
    expect(cc('>', 'true', 'false')).toBe('true');
    expect(cc('==', '1', '1(uint64)')).toBe('none');
    expect(cc('==', 'error("missing")', '1')).toBe('error("missing")');
    expect(cc('==', '1((int64,string))', '1')).toBe('false');
  });
  test('makeConstIn searches with the literal predicate', () => {
    const f = makeConstIn(h.v('2'))!;
    expect(h.z(f(h.v('{a:[1(uint32),2(uint32)]}')))).toBe('true');
    expect(h.z(f(h.v('{a:[1(uint32)]}')))).toBe('false');
    expect(h.z(f(h.v('error("missing")')))).toBe('error("missing")');
    expect(makeConstIn(h.v('1(int8)'))).toBeNull();
  });
});
