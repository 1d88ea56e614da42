// The table of built-in functions (Zed's function.New): each name's argument
// counts, the implicit `this` argument some take, and a factory that makes a
// per-call-site instance (which may keep caches: compiled patterns, shapers,
// builders). Wrong argument counts are compile-time errors with Zed's texts.

import { InvalidError } from '../../errors/index.js';
import { lookupPrimitive, type Value } from '../../zed/index.js';
import type { EvalContext } from '../expr/context.js';
import { castFunction } from './shape.js';
import { bytesFunctions } from './bytes.js';
import { compareFunctions } from './compare.js';
import { errorFunctions } from './errors.js';
import { fieldsFunctions } from './fields.js';
import { flattenFunctions } from './flatten.js';
import { grepFunctions } from './grep.js';
import { grokFunctions } from './grok.js';
import { ipFunctions } from './ip.js';
import { ksuidFunctions } from './ksuid.js';
import { lenFunctions } from './len.js';
import { mapFunctions } from './map.js';
import { mathFunctions } from './math.js';
import { nestDottedFunctions } from './nest-dotted.js';
import { parseFunctions } from './parse.js';
import { regexpFunctions } from './regexp.js';
import { shapeFunctions } from './shape.js';
import { stringFunctions } from './string.js';
import { timeFunctions } from './time.js';
import { typeFunctions } from './types.js';

/** One call's evaluation: the evaluated arguments in, the result out. */
export type ZedFunction = (args: readonly Value[]) => Value;

/** An argument the call site supplies from `this` (Zed's function.New path). */
export interface ImplicitThis {
  /** Field path of `this` to pass; empty for `this` itself. */
  readonly path: readonly string[];
  /** Whether it goes before or after the written arguments. */
  readonly position: 'first' | 'last';
  /** Supplied only when the call is written with this many arguments. */
  readonly whenArgs?: number;
}

/** What a call site gives a higher-order function. */
export interface MakeHooks {
  /** map(): the function named by the second argument, applied to one element. */
  readonly apply?: (v: Value) => Value;
}

export interface FunctionDef {
  readonly name: string;
  /** Written argument counts; maxArgs -1 means no limit. */
  readonly minArgs: number;
  readonly maxArgs: number;
  readonly implicitThis?: ImplicitThis;
  /** Indexes of written arguments that name a function rather than give a value. */
  readonly functionArgs?: readonly number[];
  /** The result is always a bool (Zed's HasBoolResult: a lone call is a filter). */
  readonly boolResult?: boolean;
  /** A new instance for one call site. Arguments arrive with implicitThis applied. */
  make(ctx: EvalContext, hooks?: MakeHooks): ZedFunction;
}

/** A compile-time error in a function call: unknown name or wrong argument count. */
export class FunctionCallError extends InvalidError {
  constructor(
    readonly reason: 'no such function' | 'too few arguments' | 'too many arguments',
    readonly functionName: string,
  ) {
    super(reason);
  }
}

const families: readonly (readonly FunctionDef[])[] = [
  bytesFunctions,
  compareFunctions,
  errorFunctions,
  fieldsFunctions,
  flattenFunctions,
  grepFunctions,
  grokFunctions,
  ipFunctions,
  ksuidFunctions,
  lenFunctions,
  mapFunctions,
  mathFunctions,
  nestDottedFunctions,
  parseFunctions,
  regexpFunctions,
  shapeFunctions,
  stringFunctions,
  timeFunctions,
  typeFunctions,
];

function buildTable(): ReadonlyMap<string, FunctionDef> {
  const m = new Map<string, FunctionDef>();
  for (const family of families) {
    for (const def of family) {
      if (m.has(def.name)) throw new Error(`function ${def.name} defined twice`);
      m.set(def.name, def);
    }
  }
  return m;
}

// Built once per module load; the table is immutable data, not state.
const table = buildTable();

/**
 * The built-in function `name`, or undefined. A primitive type's name
 * (`int64`, `ip`, ...) is the one-argument cast to that type.
 */
export function lookupFunction(name: string): FunctionDef | undefined {
  const def = table.get(name);
  if (def !== undefined) return def;
  const t = lookupPrimitive(name);
  return t === undefined ? undefined : castFunction(t);
}

/** The names of all built-in functions (primitive-type casts excluded). */
export function functionNames(): string[] {
  return [...table.keys()].sort();
}

/**
 * Zed's CheckArgCount: throws FunctionCallError("too few arguments" or "too
 * many arguments") when `n` written arguments do not fit `def`.
 */
export function checkArgCount(def: FunctionDef, n: number): void {
  if (n < def.minArgs) throw new FunctionCallError('too few arguments', def.name);
  if (def.maxArgs >= 0 && n > def.maxArgs) throw new FunctionCallError('too many arguments', def.name);
}

/** lookupFunction and checkArgCount together; throws "no such function" for unknown names. */
export function resolveFunction(name: string, nargs: number): FunctionDef {
  const def = lookupFunction(name);
  if (def === undefined) throw new FunctionCallError('no such function', name);
  checkArgCount(def, nargs);
  return def;
}
