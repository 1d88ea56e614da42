// Small readers for the few Zed values the commands inspect themselves:
// record fields by name, KSUID bytes, type names.

import { readElement, underlying, Value, type KsuidHex } from '../../../src/index.js';

/** The field `name` of a record value, or undefined. */
export function fieldOf(v: Value, name: string): Value | undefined {
  const u = underlying(v.type);
  if (u.kind !== 'record' || v.bytes === null) return undefined;
  const idx = u.indexOf(name);
  if (idx < 0) return undefined;
  const el = { start: 0, end: 0 };
  let off = 0;
  for (let i = 0; i <= idx; i++) off = readElement(v.bytes, off, v.bytes.length, el);
  return new Value(u.fields[idx]!.type, el.start < 0 ? null : v.bytes.subarray(el.start, el.end));
}

/** A 20-byte id value as hex, or null. */
export function idOf(v: Value | undefined): KsuidHex | null {
  if (v === undefined || v.bytes === null || v.bytes.length !== 20) return null;
  let s = '';
  for (const b of v.bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** A named type's name (the outermost), or ''. */
export function typeName(v: Value): string {
  return v.type.kind === 'named' ? v.type.name : '';
}
