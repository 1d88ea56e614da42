// Text to the zcode body of a primitive value, for readers whose input gives
// the type apart from the text (ZJSON, CSV, Zeek) and for casts. Texts follow
// ZSON's primitive syntax (zson.md §2.3), as Zed's zson.BuildPrimitive reads
// them; strings are the raw text (no quotes or escapes).

import {
  ID,
  encodeBool,
  encodeFloat16,
  encodeFloat32,
  encodeFloat64,
  encodeInt,
  encodeUint,
  parseIP,
  parseNet,
  TypeContext,
  type PrimitiveType,
} from '../zed/index.js';
import { ZedError } from '../errors/index.js';
import { encodeUtf8 } from '../util/utf8.js';
import { parseZsonType } from './parse.js';
import { toNfc } from './lexer.js';
import { parseHexBytes } from './literal.js';
import { parseFloatFor, parseIntFor } from './number-parse.js';
import { parseDuration, parseTime } from './time-parse.js';

export { parseDuration, parseTime } from './time-parse.js';

/**
 * The zcode body of a value of primitive type `t` written as `text`, or null
 * when the text is invalid for the type or out of its range (and for type
 * null, whose only value is null). Integers are range-checked for their
 * width; bytes are `0x` and hex digits; a net is masked to its prefix; a type
 * is ZSON type syntax, interned in `ctx` when given.
 */
export function parsePrimitive(t: PrimitiveType, text: string, ctx?: TypeContext): Uint8Array | null {
  const id = t.id;
  switch (id) {
    case ID.uint8:
    case ID.uint16:
    case ID.uint32:
    case ID.uint64: {
      const v = parseIntFor(id, text);
      return v === null ? null : encodeUint(v);
    }
    case ID.int8:
    case ID.int16:
    case ID.int32:
    case ID.int64: {
      const v = parseIntFor(id, text);
      return v === null ? null : encodeInt(v);
    }
    case ID.duration: {
      const d = parseDuration(text);
      return d === null ? null : encodeInt(d);
    }
    case ID.time: {
      const ns = parseTime(text);
      return ns === null ? null : encodeInt(ns);
    }
    case ID.float16: {
      const f = parseFloatFor(16, text);
      return f === null ? null : encodeFloat16(f);
    }
    case ID.float32: {
      const f = parseFloatFor(32, text);
      return f === null ? null : encodeFloat32(f);
    }
    case ID.float64: {
      const f = parseFloatFor(64, text);
      return f === null ? null : encodeFloat64(f);
    }
    case ID.bool:
      return text === 'true' ? encodeBool(true) : text === 'false' ? encodeBool(false) : null;
    case ID.bytes:
      return parseHexBytes(text);
    case ID.string:
      return encodeUtf8(toNfc(text));
    case ID.ip:
      return parseIP(text);
    case ID.net:
      return parseNet(text);
    case ID.type: {
      const c = ctx ?? new TypeContext();
      try {
        return c.encodeTypeValue(parseZsonType(text, c));
      } catch (e) {
        if (e instanceof ZedError) return null;
        throw e;
      }
    }
    default:
      return null;
  }
}
