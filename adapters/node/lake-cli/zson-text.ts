// ZSON text to and from values through the format table (the engine's
// public surface has no bare ZSON parser): one value per call.

import { formatByName, InvalidError, type TypeContext, type Value } from '../../../src/index.js';

/** The one value in `text`; throws the ZSON reader's error otherwise. */
export function parseZson(text: string, ctx: TypeContext): Value {
  const dec = formatByName('zson')!.decoder!(ctx, {});
  const values = [...dec.push(new TextEncoder().encode(text)), ...dec.end()];
  if (values.length !== 1) throw new InvalidError(values.length === 0 ? 'no value in ZSON text' : 'more than one value in ZSON text');
  return values[0]!;
}

/** One-line ZSON of a value, with a newline. */
export function zsonLine(v: Value): string {
  const enc = formatByName('zson')!.encoder!({ pretty: 0 });
  const text = (c: string | Uint8Array): string => (typeof c === 'string' ? c : new TextDecoder().decode(c));
  return text(enc.write([v])) + text(enc.end());
}
