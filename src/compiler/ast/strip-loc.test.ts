import { describe, expect, test } from 'vitest';
import type { Expr } from './index.js';
import { stripLoc } from './index.js';

describe('stripLoc', () => {
  test('removes loc at every depth and leaves other fields alone', () => {
    const expr: Expr = {
      kind: 'BinaryExpr',
      op: '+',
      lhs: { kind: 'ID', name: 'a', loc: { start: 0, end: 1 } },
      rhs: {
        kind: 'ArrayExpr',
        elems: [{ kind: 'VectorValue', expr: { kind: 'Primitive', type: 'int64', text: '1', loc: { start: 3, end: 4 } }, loc: { start: 3, end: 4 } }],
        loc: { start: 2, end: 5 },
      },
      loc: { start: 0, end: 5 },
    };
    expect(stripLoc(expr)).toEqual({
      kind: 'BinaryExpr',
      op: '+',
      lhs: { kind: 'ID', name: 'a' },
      rhs: { kind: 'ArrayExpr', elems: [{ kind: 'VectorValue', expr: { kind: 'Primitive', type: 'int64', text: '1' } }] },
    });
    expect(expr.loc).toEqual({ start: 0, end: 5 });
  });
});
