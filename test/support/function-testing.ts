// Test support for the runtime's value-level code: values from ZSON text,
// results back to ZSON text, and one-call function evaluation. Used by the
// *.test.ts files beside the functions and operators.

import { formatValue, parseZsonValue } from '../../src/zson/index.js';
import { TypeContext, type Value } from '../../src/zed/index.js';
import { createEvalContext, type EvalContext, type EvalContextOptions } from '../../src/runtime/expr/context.js';
import { lookupFunction, type MakeHooks } from '../../src/runtime/function/registry.js';

export interface Harness {
  readonly zctx: TypeContext;
  readonly ectx: EvalContext;
  /** The value written as ZSON. */
  v(zson: string): Value;
  /** A value as one-line ZSON. */
  z(v: Value): string;
  /** Calls built-in `name` on ZSON arguments (implicit `this` not applied) and formats the result. */
  call(name: string, ...args: string[]): string;
  /** Like call but with a function instance kept across calls (for caches). */
  fn(name: string, hooks?: MakeHooks): (...args: string[]) => string;
}

export function harness(opts: EvalContextOptions = {}): Harness {
  const zctx = new TypeContext();
  const ectx = createEvalContext(zctx, opts);
  const v = (zson: string) => parseZsonValue(zson, zctx);
  const z = (x: Value) => formatValue(x);
  const fn = (name: string, hooks?: MakeHooks) => {
    const def = lookupFunction(name);
    if (def === undefined) throw new Error(`no function ${name}`);
    const f = def.make(ectx, hooks);
    return (...args: string[]) => z(f(args.map(v)));
  };
  return { zctx, ectx, v, z, fn, call: (name, ...args) => fn(name)(...args) };
}
