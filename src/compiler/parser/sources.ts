// Data sources: `from <pool spec>`, `pool <spec>`, `file <path>`,
// `get <url>`, pool names and paths, and the `load` operator's pool target.

import type { File, HTTP, Op, Pattern, Pool, PoolSpec, Source } from '../ast/index.js';
import { isAlnum, identRest, identStart, isPathChar } from './chars.js';
import { abortAt, emptyMatch, type Cursor } from './cursor.js';
import { identifierName, quotedString, type IdentName } from './lexer.js';
import { parseGlob, parseRecord, parseRegexp } from './primary.js';
import { parsePassOp } from './operators.js';
import { exprGuard } from './search.js';
import { parseSortExprs } from './sort.js';

/** FromSource: a source that can start a leg of `from ( ... )`. */
export function parseFromSource(p: Cursor): Source | null {
  return parseFile(p) ?? parseGet(p) ?? keywordPool(p, 'pool') ?? parsePassOp(p);
}

/** FromOp: `file ...`, `get ...` or `from <pool spec>`. */
export function parseFromOp(p: Cursor): Op | null {
  return parseFile(p) ?? parseGet(p) ?? keywordPool(p, 'from');
}

function keywordPool(p: Cursor, keyword: 'from' | 'pool'): Pool | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!(p.lit(keyword) && p.ws1())) return null;
    const spec = poolSpec(p);
    return spec === null ? null : { kind: 'Pool', spec, loc: p.span(start) };
  });
}

function quotedStringNode(p: Cursor): Pattern | null {
  const start = p.pos;
  const text = quotedString(p);
  return text === null ? null : { kind: 'QuotedString', text, loc: p.span(start) };
}

/** Path: a quoted string or a run of path characters. */
function path(p: Cursor): Pattern | null {
  const quoted = quotedStringNode(p);
  if (quoted !== null) return quoted;
  const start = p.pos;
  if (!p.cls(isPathChar)) return null;
  while (p.cls(isPathChar));
  return { kind: 'String', text: p.textFrom(start), loc: p.span(start) };
}

/** `_ keyword _ value` for the optional arguments of file and get. */
function keywordArg<T>(p: Cursor, keyword: string, value: (p: Cursor) => T | null): T | null {
  return p.attempt(() => (p.ws1() && p.lit(keyword) && p.ws1() ? value(p) : null));
}

/** A name argument (IdentifierName or quoted string) as Zed reads it. */
interface NameArg {
  readonly text: string;
  readonly ident: IdentName | null;
}

function identArg(p: Cursor): NameArg | null {
  const ident = identifierName(p);
  return ident === null ? null : { text: ident.name, ident };
}

function identOrQuotedArg(p: Cursor): NameArg | null {
  const q = (): NameArg | null => {
    const text = quotedString(p);
    return text === null ? null : { text, ident: null };
  };
  return identArg(p) ?? q();
}

/** Fails like Zed once a file/get has matched if a name was an escaped reserved word. */
function checkNames(p: Cursor, ...args: (NameArg | null)[]): void {
  if (args.some((a) => a?.ident?.escapedGuard === true)) abortAt(p.pos);
}

function parseFile(p: Cursor): File | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!(p.lit('file') && p.ws1())) return null;
    const pathNode = path(p);
    if (pathNode === null) return null;
    const format = keywordArg(p, 'format', identArg);
    const sortKeys = keywordArg(p, 'order', parseSortExprs) ?? [];
    checkNames(p, format);
    return {
      kind: 'File',
      path: pathNode,
      format: format?.text ?? null,
      sortKeys,
      loc: p.span(start),
    };
  });
}

function parseGet(p: Cursor): HTTP | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!(p.lit('get') && p.ws1())) return null;
    const url = path(p);
    if (url === null) return null;
    const format = keywordArg(p, 'format', identArg);
    const sortKeys = keywordArg(p, 'order', parseSortExprs) ?? [];
    const method = keywordArg(p, 'method', identOrQuotedArg);
    const headers = keywordArg(p, 'headers', parseRecord);
    const body = keywordArg(p, 'body', identOrQuotedArg);
    checkNames(p, format, method, body);
    return {
      kind: 'HTTP',
      url,
      format: format?.text ?? null,
      sortKeys,
      method: method?.text ?? null,
      headers,
      body: body?.text ?? null,
      loc: p.span(start),
    };
  });
}

/** PoolIdentifier: identifier characters and dots. */
function poolIdentifier(p: Cursor): string | null {
  const start = p.pos;
  if (!(p.alt(identStart) || p.lit('.'))) return null;
  while (p.alt(identRest) || p.lit('.'));
  return p.textFrom(start);
}

/** KSUID: a run of ASCII letters and digits. */
function ksuid(p: Cursor): string | null {
  const start = p.pos;
  if (!p.cls(isAlnum)) return null;
  while (p.cls(isAlnum));
  return p.textFrom(start);
}

/** PoolNameString */
export function poolNameString(p: Cursor): string | null {
  return poolIdentifier(p) ?? ksuid(p) ?? quotedString(p);
}

function poolName(p: Cursor): Pattern | null {
  const regexp = parseRegexp(p);
  if (regexp !== null) return regexp;
  const glob = parseGlob(p);
  if (glob !== null) return glob;
  const start = p.pos;
  if (p.attempt(() => p.lit('*') && p.not(() => exprGuard(p)))) {
    return { kind: 'Glob', pattern: '*', loc: p.span(start) };
  }
  const quoted = quotedStringNode(p);
  if (quoted !== null) return quoted;
  const name = poolNameString(p);
  return name === null ? null : { kind: 'String', text: name, loc: p.span(start) };
}

function poolMeta(p: Cursor): string | null {
  return p.attempt(() => (p.lit(':') ? poolIdentifier(p) : null));
}

/** PoolSpec: `name[@commit][:meta][ tap]` or `:meta`. */
function poolSpec(p: Cursor): PoolSpec | null {
  const start = p.pos;
  const named = p.attempt((): PoolSpec | null => {
    const pool = poolName(p);
    if (pool === null) return null;
    const commit = p.attempt(() => (p.lit('@') ? poolNameString(p) : null));
    const meta = poolMeta(p);
    const tap = p.attempt(() => p.ws1() && p.lit('tap')) || emptyMatch(p, false);
    return { kind: 'PoolSpec', pool, commit, meta, tap, loc: p.span(start) };
  });
  if (named !== null) return named;
  const meta = poolMeta(p);
  if (meta === null) return null;
  return { kind: 'PoolSpec', pool: null, commit: null, meta, tap: false, loc: p.span(start) };
}

/** LoadOp: `load pool[@branch] [author "a"] [message "m"] [meta "x"]` */
export function parseLoadOp(p: Cursor): Op | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!(p.lit('load') && p.ws1())) return null;
    const pool = poolNameString(p);
    if (pool === null) return null;
    const branch = p.attempt(() => (p.lit('@') ? (poolIdentifier(p) ?? quotedString(p)) : null));
    const author = keywordArg(p, 'author', quotedString);
    const message = keywordArg(p, 'message', quotedString);
    const meta = keywordArg(p, 'meta', quotedString);
    return { kind: 'Load', pool, branch, author, message, meta, loc: p.span(start) };
  });
}
