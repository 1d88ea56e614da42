// Canonical text of expressions: operators without spaces except the word
// operators (`and`, `or`, `in`), parentheses only where precedence needs
// them, and lateral `(over ...)` expressions laid out over several lines.
// ops.ts and this file call each other: lateral expressions hold sequences.

import { InternalError } from '../../errors/index.js';
import type { BinaryOp, Expr, FStringElem, RecordElem, VectorElem } from '../ast/index.js';
import { isIdentifier, nameOrQuoted, pad, quote } from './names.js';
import { formatLateral, formatOpAt } from './ops.js';
import { formatType } from './types.js';
import { lazyRegExp } from '../../util/lazy-regexp.js';

/** Binding strength, loosest first, as the grammar nests its rules. */
export const Level = {
  cond: 1,
  or: 2,
  and: 3,
  compare: 4,
  add: 5,
  mul: 6,
  not: 7,
  negate: 8,
  postfix: 9,
  primary: 10,
} as const;

const BINARY_LEVEL: Readonly<Record<BinaryOp, number>> = {
  or: Level.or,
  and: Level.and,
  '==': Level.compare,
  '!=': Level.compare,
  in: Level.compare,
  '<=': Level.compare,
  '<': Level.compare,
  '>=': Level.compare,
  '>': Level.compare,
  '~': Level.compare,
  '+': Level.add,
  '-': Level.add,
  '*': Level.mul,
  '/': Level.mul,
  '%': Level.mul,
  '.': Level.postfix,
};

/** How tightly `e` binds when written without parentheses. */
export function levelOf(e: Expr): number {
  switch (e.kind) {
    case 'Conditional':
      return Level.cond;
    case 'BinaryExpr':
      return BINARY_LEVEL[e.op];
    case 'UnaryExpr':
      return e.op === '!' ? Level.not : Level.negate;
    case 'IndexExpr':
    case 'SliceExpr':
      return Level.postfix;
    default:
      return Level.primary;
  }
}

/**
 * The canonical text of `e`. `indent` is the indentation of the line the
 * expression starts on; a lateral expression's lines are indented from it.
 */
export function formatExpr(e: Expr, indent: number): string {
  switch (e.kind) {
    case 'ID':
      return isIdentifier(e.name) ? e.name : `this[${quote(e.name)}]`;
    case 'Primitive':
      if (e.type === 'string') return quote(e.text);
      return e.type === 'null' ? 'null' : e.text;
    case 'TypeValue':
      return `<${formatType(e.value)}>`;
    case 'Term':
      return e.text;
    case 'UnaryExpr':
      return e.op === '!' ? `!${at(e.operand, Level.not, indent)}` : `-${negated(e.operand, indent)}`;
    case 'BinaryExpr':
      return binary(e.op, e.lhs, e.rhs, indent);
    case 'Conditional':
      return `${at(e.cond, Level.postfix, indent)} ? ${formatExpr(e.then, indent)} : ${formatExpr(e.else, indent)}`;
    case 'Call': {
      const call = `${e.name.name}(${e.args.map((a) => formatExpr(a, indent)).join(', ')})`;
      return e.where === null ? call : `${call} where ${formatExpr(e.where, indent)}`;
    }
    case 'Cast':
      return `${formatExpr(e.type, indent)}(${formatExpr(e.expr, indent)})`;
    case 'IndexExpr':
      return `${at(e.expr, Level.postfix, indent)}[${formatExpr(e.index, indent)}]`;
    case 'SliceExpr': {
      const from = e.from === null ? '' : at(e.from, Level.add, indent);
      const to = e.to === null ? '' : at(e.to, Level.add, indent);
      return `${at(e.expr, Level.postfix, indent)}[${from}:${to}]`;
    }
    case 'Grep': {
      const pattern = formatExpr(e.pattern, indent);
      return e.expr === null ? `grep(${pattern})` : `grep(${pattern},${formatExpr(e.expr, indent)})`;
    }
    case 'Glob':
      return globText(e.pattern);
    case 'Regexp':
      return `/${e.pattern}/`;
    case 'RecordExpr':
      return `{${e.elems.map((x) => recordElem(x, indent)).join(',')}}`;
    case 'ArrayExpr':
      return `[${e.elems.map((x) => vectorElem(x, indent)).join(',')}]`;
    case 'SetExpr':
      return `|[${e.elems.map((x) => vectorElem(x, indent)).join(',')}]|`;
    case 'MapExpr':
      return `|{${e.entries.map((x) => `${formatExpr(x.key, indent)}:${formatExpr(x.value, indent)}`).join(',')}}|`;
    case 'OverExpr':
      return `(\n${pad(indent + 2)}${formatLateral(e.exprs, e.locals, indent + 2)}${e.body
        .map((op) => `\n${pad(indent + 2)}| ${formatOpAt(op, indent + 2)}`)
        .join('')}\n${pad(indent)})`;
    case 'FString':
      return `f"${e.elems.map((x) => fstringElem(x, indent)).join('')}"`;
    default: {
      const never: never = e;
      throw new InternalError(`format: unknown expression node ${(never as Expr).kind}`);
    }
  }
}

/** `e`, in parentheses when it binds more loosely than `min`. */
export function at(e: Expr, min: number, indent: number): string {
  const text = formatExpr(e, indent);
  return levelOf(e) < min ? `(${text})` : text;
}

function binary(op: BinaryOp, lhs: Expr, rhs: Expr, indent: number): string {
  const level = BINARY_LEVEL[op];
  if (op === '.') {
    const base = at(lhs, Level.postfix, indent);
    if (rhs.kind === 'ID') return isIdentifier(rhs.name) ? `${base}.${rhs.name}` : `${base}[${quote(rhs.name)}]`;
    return `${base}[${formatExpr(rhs, indent)}]`;
  }
  // Comparisons do not chain: both sides are additive expressions.
  const left = at(lhs, level === Level.compare ? Level.add : level, indent);
  const right = rightOperand(rhs, level === Level.compare ? Level.add : level + 1, indent);
  if (op === 'and' || op === 'or' || op === 'in') return `${left} ${op} ${right}`;
  return `${left}${op}${right}`;
}

/** A right operand; a negative literal gets parentheses so `a-(-1)` does not read as `a--1`. */
function rightOperand(e: Expr, min: number, indent: number): string {
  if (e.kind === 'Primitive' && e.text.startsWith('-')) return `(${formatExpr(e, indent)})`;
  return at(e, min, indent);
}

/** The operand of a unary minus: `-1` would read as a literal, so a literal operand is parenthesized. */
function negated(e: Expr, indent: number): string {
  return e.kind === 'Primitive' ? `(${formatExpr(e, indent)})` : at(e, Level.postfix, indent);
}

const GLOB_PLAIN = lazyRegExp(String.raw`[\p{L}\p{Nl}0-9_.:/%#@~*]`, 'u');

/**
 * A glob as the search grammar reads it back: the pattern keeps `\*` for a
 * literal star; other characters outside keyword characters get escapes.
 */
export function globText(pattern: string): string {
  let out = '';
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (ch === '\\' && chars[i + 1] === '*') {
      out += '\\*';
      i++;
    } else if (GLOB_PLAIN().test(ch)) {
      out += ch;
    } else if (ch === '=' || ch === '+' || ch === '-') {
      out += `\\${ch}`;
    } else {
      const json = JSON.stringify(ch);
      out += json.length > 3 && json.startsWith('"\\') ? json.slice(1, -1) : `\\u{${(ch.codePointAt(0) ?? 0).toString(16)}}`;
    }
  }
  return out;
}

function recordElem(x: RecordElem, indent: number): string {
  switch (x.kind) {
    case 'Field':
      return `${nameOrQuoted(x.name)}:${formatExpr(x.value, indent)}`;
    case 'ID':
      // A bare element names a field of `this`; one that is no identifier is written out.
      return isIdentifier(x.name) ? x.name : `${quote(x.name)}:${formatExpr(x, indent)}`;
    case 'Spread':
      return `...${formatExpr(x.expr, indent)}`;
  }
}

function vectorElem(x: VectorElem, indent: number): string {
  return x.kind === 'Spread' ? `...${formatExpr(x.expr, indent)}` : formatExpr(x.expr, indent);
}

function fstringElem(x: FStringElem, indent: number): string {
  if (x.kind === 'FStringExpr') return `{${formatExpr(x.expr, indent)}}`;
  // A quoted string's escapes, plus `\{` so text never opens an expression.
  return JSON.stringify(x.text).slice(1, -1).replaceAll('{', '\\{');
}
