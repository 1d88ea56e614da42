// Test support for the operators: values from ZSON text, streams from values
// in batches, collecting a stream back to ZSON lines, and tiny evaluators.

import { ZsonParser, formatValue } from '../../zson/index.js';
import { TypeContext, type Value } from '../../zed/index.js';
import type { SpillStore } from '../agg/index.js';
import { fieldGetter } from './paths.js';
import type { Batch, Evaluator, OpContext, Stream } from './types.js';
import { ErrorValues, isMissing } from './values.js';

export interface TestContext extends OpContext {
  readonly warnings: string[];
  /** The values written as a ZSON sequence. */
  values(text: string): Value[];
  /** One value written as ZSON. */
  v(text: string): Value;
  /** A stream of the values of `text` in batches of `size` (default 2, to cross batch boundaries). */
  stream(text: string, size?: number): Stream;
  /** The field at a dotted path (`a.b`), or `this` for "". */
  field(dotted: string): Evaluator;
  errs: ErrorValues;
}

export interface TestContextOptions {
  readonly memoryLimit?: number;
  readonly spillStore?: SpillStore;
  readonly signal?: AbortSignal;
}

export function testContext(opts: TestContextOptions = {}): TestContext {
  const zctx = new TypeContext();
  const warnings: string[] = [];
  const errs = new ErrorValues(zctx);
  const values = (text: string): Value[] => {
    const p = new ZsonParser(zctx);
    p.setText(text);
    const out: Value[] = [];
    p.parseValues(out);
    return out;
  };
  return {
    zctx,
    ...opts,
    warnings,
    warn: (msg) => warnings.push(msg),
    values,
    v: (text) => {
      const vals = values(text);
      if (vals.length !== 1) throw new Error(`expected one value in ${text}`);
      return vals[0]!;
    },
    stream: (text, size = 2) => batches(values(text), size),
    field: (dotted) => fieldGetter(errs, dotted === '' ? [] : dotted.split('.')),
    errs,
  };
}

/** A stream of `vals` in batches of `size`. */
export async function* batches(vals: readonly Value[], size = 2): AsyncGenerator<Batch> {
  for (let i = 0; i < vals.length; i += size) yield vals.slice(i, i + size);
}

/** Every value of a stream, formatted as one-line ZSON. */
export async function collect(s: Stream): Promise<string[]> {
  const out: string[] = [];
  for await (const batch of s) for (const v of batch) out.push(formatValue(v));
  return out;
}

/** The values of a stream. */
export async function collectValues(s: Stream): Promise<Value[]> {
  const out: Value[] = [];
  for await (const batch of s) for (const v of batch) out.push(v);
  return out;
}

/** An endless stream of batches of `v` that counts how often its finally block ran. */
export function endless(v: Value, state: { closed: number; pulled: number }): Stream {
  return (async function* () {
    try {
      for (;;) {
        state.pulled++;
        yield [v, v, v];
      }
    } finally {
      state.closed++;
    }
  })();
}

/** Zed's quiet(): error("missing") becomes error("quiet"). */
export function quiet(t: TestContext, e: Evaluator): Evaluator {
  return (v) => {
    const x = e(v);
    return isMissing(x) ? t.errs.quiet() : x;
  };
}

/** An evaluator of a constant. */
export function constant(v: Value): Evaluator {
  return () => v;
}
