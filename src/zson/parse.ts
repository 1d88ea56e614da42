// Whole-text ZSON parsing of one value or one type, as the compiler needs for
// literals and casts.

import type { Type, TypeContext, Value } from '../zed/index.js';
import { ZsonParser } from './parser.js';

/** Parses text holding exactly one ZSON value (as the compiler does for literals). */
export function parseZsonValue(text: string, ctx: TypeContext): Value {
  const p = new ZsonParser(ctx);
  p.setText(text);
  const v = p.parseTopValue();
  p.skipSpace();
  if (!p.atEnd()) throw p.errorAt('ZSON syntax error');
  return v;
}

/** Parses text holding exactly one ZSON type, such as `{a:int64,b:[string]}`. */
export function parseZsonType(text: string, ctx: TypeContext): Type {
  const p = new ZsonParser(ctx);
  p.setText(text);
  const t = p.parseTopType();
  p.skipSpace();
  if (!p.atEnd()) throw p.errorAt('ZSON syntax error');
  return t;
}
