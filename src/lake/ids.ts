// Id text and bytes for the lake: KSUIDs are stored as hex (KsuidHex), carried
// in Zed data as `bytes` named ksuid.KSUID, and read from text as `0x` + 40 hex
// digits or 27 base62 characters (spec lake-api.md §2).

import { InvalidError } from '../errors/index.js';
import { encodeUtf8 } from '../util/utf8.js';
import { ksuidBytesToHex, ksuidFromBase62, type KsuidHex } from '../util/ksuid.js';

const HEX_TEXT = /^0x[0-9a-fA-F]{40}$/;

/** An id read from text (`0x` + hex, or base62), or null when `text` is neither. */
export function parseId(text: string): KsuidHex | null {
  if (HEX_TEXT.test(text)) return text.slice(2).toLowerCase();
  if (text.length !== 27) return null;
  const raw = encodeUtf8(text);
  // segmentio/ksuid decodes any 27 bytes; only the base62 alphabet counts as an id here.
  if (!/^[0-9A-Za-z]{27}$/.test(text)) return null;
  const b = ksuidFromBase62(raw);
  return typeof b === 'string' ? null : ksuidBytesToHex(b);
}

/** Like parseId, but throws Zed's `invalid ID: <text>`. */
export function parseIdOrThrow(text: string): KsuidHex {
  const id = parseId(text);
  if (id === null) throw new InvalidError(`invalid ID: ${text}`);
  return id;
}
