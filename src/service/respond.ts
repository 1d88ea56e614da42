// Writing a non-query answer: one value in the negotiated format, by that
// format's plain writer (JSON is one object line, not an array), labelled
// with the format's media type; or 204 with no body at all.

import { InternalError } from '../errors/index.js';
import { formatByName } from '../formats/index.js';
import type { Value } from '../zed/index.js';
import type { Ctx } from './context.js';
import { formatToMediaType } from './media.js';

const encoder = new TextEncoder();

/** The bytes of one value in `format`, as the format's writer would write a stream of it. */
export function encodeOne(format: string, v: Value): Uint8Array<ArrayBuffer> {
  const f = formatByName(format);
  if (f?.encoder === undefined) throw new InternalError(`unknown format: ${format}`);
  const enc = f.encoder({ pretty: 0 });
  const parts = [enc.write([v]), enc.end()].map((c) => (typeof c === 'string' ? encoder.encode(c) : new Uint8Array(c)));
  if (parts[1]!.length === 0) return parts[0]!;
  const out = new Uint8Array(parts[0]!.length + parts[1]!.length);
  out.set(parts[0]!);
  out.set(parts[1]!, parts[0]!.length);
  return out;
}

export function respondValue(c: Ctx, v: Value, status = 200): Response {
  const format = c.get('format');
  return new Response(encodeOne(format, v), { status, headers: { 'Content-Type': formatToMediaType(format) } });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}
