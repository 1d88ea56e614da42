// Canonical text of data sources: `from <pool>`, `pool <pool>` (a leg of
// `from ( ... )`), `file <path>`, `get <url>` and their arguments, and the
// target of `load`.

import type { File, HTTP, Pattern, PoolSpec, SortExpr } from '../ast/index.js';
import { formatExpr, globText } from './exprs.js';
import { isIdentifier, quote } from './names.js';
import { lazyRegExp } from '../../util/lazy-regexp.js';

const POOL_IDENT = lazyRegExp(String.raw`^[\p{L}\p{Nl}$_.][\p{L}\p{Nl}$_.\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*$`, 'u');
const KSUID = /^[A-Za-z0-9]+$/;
const PATH = /^[A-Za-z0-9!@$%^&*_=<>,./?:[\]{}~+-]+$/;

/** A pool, branch or commit name: bare when the grammar reads it back whole. */
export function poolName(name: string): string {
  return POOL_IDENT().test(name) || KSUID.test(name) ? name : quote(name);
}

function pattern(p: Pattern): string {
  switch (p.kind) {
    case 'String':
      return p.text;
    case 'QuotedString':
      return quote(p.text);
    case 'Glob':
      return globText(p.pattern);
    case 'Regexp':
      return `/${p.pattern}/`;
  }
}

/** A path or URL: as written, or quoted when it was quoted or could not be read back bare. */
function path(p: Pattern): string {
  return p.kind === 'String' && !PATH.test(p.text) ? quote(p.text) : pattern(p);
}

/** `name[@commit][:meta][ tap]`, or `:meta` alone. */
export function formatPoolSpec(spec: PoolSpec): string {
  let out = spec.pool === null ? '' : pattern(spec.pool);
  if (spec.commit !== null) out += `@${poolName(spec.commit)}`;
  if (spec.meta !== null) out += `:${spec.meta}`;
  if (spec.tap) out += ' tap';
  return out;
}

/** A `format`, `method` or `body` argument: bare when it is an identifier. */
function word(text: string): string {
  return isIdentifier(text) ? text : quote(text);
}

export function formatSortExprs(args: readonly SortExpr[], indent: number): string {
  return args.map((s) => (s.order === null ? formatExpr(s.expr, indent) : `${formatExpr(s.expr, indent)} ${s.order}`)).join(', ');
}

export function formatFile(f: File, indent: number): string {
  let out = `file ${path(f.path)}`;
  if (f.format !== null) out += ` format ${word(f.format)}`;
  if (f.sortKeys.length > 0) out += ` order ${formatSortExprs(f.sortKeys, indent)}`;
  return out;
}

export function formatGet(g: HTTP, indent: number): string {
  let out = `get ${path(g.url)}`;
  if (g.format !== null) out += ` format ${word(g.format)}`;
  if (g.sortKeys.length > 0) out += ` order ${formatSortExprs(g.sortKeys, indent)}`;
  if (g.method !== null) out += ` method ${word(g.method)}`;
  if (g.headers !== null) out += ` headers ${formatExpr(g.headers, indent)}`;
  if (g.body !== null) out += ` body ${word(g.body)}`;
  return out;
}
