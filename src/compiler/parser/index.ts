// Public surface of the Zed query parser: query text to AST.
//
// The parser is hand-written recursive descent over the text (scanners in
// lexer.ts and literal-scan.ts are called on demand, since the language's
// tokens depend on context). It follows the ordered-choice semantics of Zed
// v1.18.0's grammar (compiler/parser/parser.peg), so it accepts the same
// queries, builds the same trees and reports errors at the same place.

import type { Expr, Seq } from '../ast/index.js';
import { Abort, Cursor } from './cursor.js';
import { syntaxError } from './errors.js';
import { parseExpr as exprRule } from './expr.js';
import { checkQueryDepth, checkQueryLength } from './limits.js';
import { parseScope, parseSeq } from './seq.js';

/**
 * Parses a whole query: a sequence of operators, or one Scope when the query
 * opens with declarations. An empty query means `*`, as in Zed. Throws
 * ParseError, with Zed's message, on any syntax error, and QueryLimitError
 * (a ParseError) for a query too long or too deep to compile (limits.ts).
 */
export function parseQuery(text: string): Seq {
  const src = text === '' ? '*' : text;
  return run(src, (p) => {
    const scoped = p.attempt(() => {
      p.ws0();
      const scope = parseScope(p);
      return scope !== null && p.ws0() && p.eof() ? [scope] : null;
    });
    if (scoped !== null) return scoped;
    return p.attempt(() => {
      p.ws0();
      const seq = parseSeq(p);
      return seq !== null && p.ws0() && p.eof() ? seq : null;
    });
  });
}

/** Parses text that must be exactly one expression (surrounding space allowed). */
export function parseExpr(text: string): Expr {
  return run(text, (p) =>
    p.attempt(() => {
      p.ws0();
      const e = exprRule(p);
      return e !== null && p.ws0() && p.eof() ? e : null;
    }),
  );
}

function run<T>(src: string, rule: (p: Cursor) => T | null): T {
  checkQueryLength(src);
  const p = new Cursor(src);
  let result: T | null;
  try {
    result = rule(p);
  } catch (e) {
    if (e instanceof Abort) throw syntaxError(src, e.offsets);
    // Nesting deeper than the call stack allows: report it as a syntax error
    // where parsing had got to rather than let a RangeError escape.
    if (e instanceof RangeError) throw syntaxError(src, [p.farthest]);
    throw e;
  }
  if (result === null) throw syntaxError(src, [p.farthest]);
  checkQueryDepth(src, result);
  return result;
}
