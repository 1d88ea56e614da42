// The JSON -> Zed core shared by the JSON and NDJSON readers: a byte-level
// recursive-descent parser that writes zcode straight into an output arena
// and infers types as it goes (zio/jsonio reader.go and builder.go give the
// mapping and the error wording). Strings without escapes are copied as
// bytes, integers are exact to 64 bits, and records reuse cached shapes.
// Hot loops are inlined by hand; see infer.ts for the type caches.

import { ByteWriter } from '../../util/byte-writer.js';
import { putUvarint } from '../../util/uvarint.js';
import { decodeUtf8 } from '../../util/utf8.js';
import { TypeBool, TypeFloat64, TypeInt64, TypeNull, TypeString, encodeInt, type Type, type TypeContext } from '../../zed/index.js';
import { ZcodeArena } from './arena.js';
import { alikeShape, ArrayTypes, FieldStack, relateShapes, ShapeCache, shapeHash, type Shape } from './infer.js';
import { POW10, numberToken } from './json-number.js';
import { goQuoteByte, goQuoteBytes, isValidUtf8, nfcIfChanged, unquoteInto, writeUtf8 } from './json-text.js';
import {
  BOUNDARY,
  FALSE_REST,
  INCOMPLETE,
  JsonSyntaxError,
  NULL_REST,
  NUM,
  STR,
  TOKEN_START,
  TRUE_REST,
  UNEXPECTED_END,
  WS,
  WS_INLINE,
} from './syntax.js';

export { INCOMPLETE, JsonSyntaxError, UNEXPECTED_END } from './syntax.js';

const TRUE_BYTES = new TextEncoder().encode('true');
const FALSE_BYTES = new TextEncoder().encode('false');
const NULL_BYTES = new TextEncoder().encode('null');
/** JSON's one-letter escapes after a backslash: " \ / b f n r t. */
const ESCAPES = new Uint8Array(256);
for (const c of '"\\/bfnrt') ESCAPES[c.charCodeAt(0)] = 1;
const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;

/** Whether key bytes buf[s:e] are one of the demanded field names. */
function demanded(demand: readonly Uint8Array[], buf: Uint8Array, s: number, e: number): boolean {
  const n = e - s;
  outer: for (const d of demand) {
    if (d.length !== n) continue;
    for (let k = 0; k < n; k++) if (d[k] !== buf[s + k]) continue outer;
    return true;
  }
  return false;
}

const EMPTY = new Uint8Array(0);

/** Thrown when a left-out field's value is not one skipValue can vouch for: the record is parsed whole instead. */
const SKIP_FAILED = Symbol('skip failed');

/**
 * Parses JSON values one at a time from a byte buffer into the arena it
 * extends. Keeps its type caches across values, so use one per stream.
 */
export class JsonParser extends ZcodeArena {
  /** After parseTop: the offset just past the value in the input. */
  pos = 0;

  private buf: Uint8Array = EMPTY;
  private end = 0;
  private final = true;
  private readonly fields = new FieldStack();
  private readonly elemTypes: Type[] = [];
  private readonly elemOffsets: number[] = [];
  private elemTop = 0;
  private readonly shapes: ShapeCache;
  /** The shape of the last object (parsed whole) whose fields started at each place on the field stack. */
  private readonly predicted: (Shape | undefined)[] = [];
  /** The shape of the last top-level record parsed with only the demanded fields (kept apart: records parsed whole have others). */
  private predictedPart: Shape | undefined = undefined;
  private readonly arrays: ArrayTypes;
  private readonly keys = new ByteWriter(256);
  private readonly scratch = new ByteWriter(256);

  /**
   * The top-level fields a query uses (as UTF-8): the others are left out of
   * top-level records (their values are checked, not decoded). Null: all.
   */
  private readonly demand: readonly Uint8Array[] | null;
  /** True while a record is parsed whole after a left-out value could not be skipped. */
  private whole = false;

  /** The whitespace between tokens. */
  private readonly ws: Uint8Array;

  /**
   * `inline`: a newline is not whitespace inside a value (NDJSON, where a
   * value may not span lines), so a value that runs onto the next line
   * fails where it meets the newline.
   */
  constructor(ctx: TypeContext, capacity = 4096, fields?: readonly string[], inline = false) {
    super(capacity);
    this.ws = inline ? WS_INLINE : WS;
    this.shapes = new ShapeCache(ctx);
    this.arrays = new ArrayTypes(ctx);
    this.demand = fields === undefined ? null : fields.map((f) => new TextEncoder().encode(f));
  }

  /**
   * Parses the value at `buf[pos]` (a non-whitespace byte before `end`) and
   * appends its body to the arena; returns its type. Throws INCOMPLETE when
   * the value runs past `end` and `final` is false, else JsonSyntaxError.
   * On a throw, `len` is restored.
   */
  parseTop(buf: Uint8Array, pos: number, end: number, final: boolean): Type {
    this.buf = buf;
    this.end = end;
    this.final = final;
    this.pos = pos;
    this.keys.reset();
    const mark = this.len;
    try {
      const c = buf[pos];
      let t: Type;
      if (c === 0x7b) {
        this.bodyStart = mark;
        try {
          t = this.object(false);
        } catch (e) {
          if (e !== SKIP_FAILED) throw e;
          // A left-out value that needs the full parser (or is bad JSON): parse the record whole.
          this.len = mark;
          this.fields.top = 0;
          this.elemTop = 0;
          this.pos = pos;
          this.keys.reset();
          this.whole = true;
          try {
            t = this.object(false);
          } finally {
            this.whole = false;
          }
        }
      } else if (c === 0x5b) {
        this.bodyStart = mark;
        t = this.array(false);
      } else {
        t = this.value();
        this.bodyStart = this.bodyOf(mark);
      }
      return t;
    } catch (e) {
      this.len = mark;
      this.fields.top = 0;
      this.elemTop = 0;
      throw e;
    }
  }

  /** The input ended at `at`: wait for more, or fail. */
  private eof(at: number): never {
    if (!this.final) throw INCOMPLETE;
    throw new JsonSyntaxError(UNEXPECTED_END, at);
  }

  private skipWs(p: number): number {
    const buf = this.buf;
    const end = this.end;
    const ws = this.ws;
    while (p < end && ws[buf[p]!] === 1) p++;
    if (p >= end) this.eof(p);
    return p;
  }

  /** Writes one element (tag and body) for the value at this.pos; returns its type. */
  private value(): Type {
    const p = this.pos;
    const buf = this.buf;
    const c = buf[p]!;
    if (c === 0x22) {
      this.string(p);
      return TypeString;
    }
    if ((c >= 0x30 && c <= 0x39) || c === 0x2d) return this.number(p);
    switch (c) {
      case 0x7b:
        return this.object(true);
      case 0x5b:
        return this.array(true);
      case 0x74: // t
        if (p + 4 < this.end && buf[p + 1] === 0x72 && buf[p + 2] === 0x75 && buf[p + 3] === 0x65 && BOUNDARY[buf[p + 4]!] === 1) this.pos = p + 4;
        else this.literal(p, TRUE_REST);
        this.ensure(2);
        this.out[this.len++] = 2;
        this.out[this.len++] = 1;
        return TypeBool;
      case 0x66: // f
        if (p + 5 < this.end && buf[p + 1] === 0x61 && buf[p + 2] === 0x6c && buf[p + 3] === 0x73 && buf[p + 4] === 0x65 && BOUNDARY[buf[p + 5]!] === 1) this.pos = p + 5;
        else this.literal(p, FALSE_REST);
        this.ensure(2);
        this.out[this.len++] = 2;
        this.out[this.len++] = 0;
        return TypeBool;
      case 0x6e: // n
        if (p + 4 < this.end && buf[p + 1] === 0x75 && buf[p + 2] === 0x6c && buf[p + 3] === 0x6c && BOUNDARY[buf[p + 4]!] === 1) this.pos = p + 4;
        else this.literal(p, NULL_REST);
        this.ensure(1);
        this.out[this.len++] = 0;
        return TypeNull;
    }
    throw new JsonSyntaxError(`invalid character ${goQuoteByte(c)} looking for beginning of value`, p);
  }

  /** Checks the rest of a true/false/null literal and the byte after it (jsonlexer readLiteral). */
  private literal(p: number, rest: Uint8Array): void {
    const buf = this.buf;
    let i = p + 1;
    for (let k = 0; k < rest.length; k++) {
      if (i >= this.end) this.eof(this.end);
      if (buf[i] !== rest[k]) throw new JsonSyntaxError('bad literal name', p);
      i++;
    }
    if (i < this.end) {
      if (BOUNDARY[buf[i]!] !== 1) throw new JsonSyntaxError('bad literal name', p);
    } else if (!this.final) {
      throw INCOMPLETE;
    }
    this.pos = i;
  }

  /** Scans a string token from its opening quote; returns flags (1 escape, 2 control, 4 non-ASCII) and sets this.pos past it. */
  private scanString(p: number): number {
    const buf = this.buf;
    const end = this.end;
    let i = p + 1;
    let flags = 0;
    for (;;) {
      if (i >= end) this.eof(end);
      const c = buf[i]!;
      if (STR[c] === 0) {
        i++;
        continue;
      }
      if (c === 0x22) break;
      if (c === 0x5c) {
        flags |= 1;
        i += 2;
      } else {
        flags |= c < 0x20 ? 2 : 4;
        i++;
      }
    }
    this.pos = i + 1;
    return flags;
  }

  private string(p: number): void {
    // Plain ASCII strings shorter than 127 bytes (nearly all) are copied as
    // they are scanned, behind a one-byte length, while the arena has room.
    {
      const buf = this.buf;
      const out = this.out;
      const at = this.len;
      const stop = Math.min(this.end, p + 0x80, p + out.length - at);
      let i = p + 1;
      let o = at + 1;
      while (i < stop) {
        const c = buf[i]!;
        if (STR[c] !== 0) break;
        out[o++] = c;
        i++;
      }
      if (i < stop && buf[i] === 0x22) {
        out[at] = i - p;
        this.len = o;
        this.pos = i + 1;
        return;
      }
    }
    const flags = this.scanString(p);
    const a = p + 1;
    const b = this.pos - 1;
    const n = b - a;
    if (flags === 0 || (flags === 4 && isValidUtf8(this.buf, a, b) && !this.needsNfc(a, b))) {
      this.ensure(n + 5);
      const out = this.out;
      let o = this.len;
      if (n < 0x7f) out[o++] = n + 1;
      else o = putUvarint(out, o, n + 1);
      // (Up to some dozens of bytes a loop copies faster than set, which takes a view of the input.)
      if (n < 64) {
        const buf = this.buf;
        for (let i = a; i < b; i++) out[o++] = buf[i]!;
      } else {
        out.set(this.buf.subarray(a, b), o);
        o += n;
      }
      this.len = o;
      return;
    }
    const w = this.scratch;
    w.reset();
    if (!unquoteInto(this.buf, a, b, w)) {
      throw new JsonSyntaxError(`invalid JSON string ${goQuoteBytes(this.buf.subarray(p, b + 1))}`, p);
    }
    let bytes = w.view();
    let nonAscii = false;
    for (let i = 0; i < bytes.length; i++) {
      if (bytes[i]! >= 0x80) {
        nonAscii = true;
        break;
      }
    }
    if (nonAscii) {
      const s = decodeUtf8(bytes);
      const norm = nfcIfChanged(s);
      if (norm !== null) {
        w.reset();
        writeUtf8(w, norm);
        bytes = w.view();
      }
    }
    this.ensure(bytes.length + 5);
    this.len = putUvarint(this.out, this.len, bytes.length + 1);
    this.out.set(bytes, this.len);
    this.len += bytes.length;
  }

  /** True when the valid UTF-8 at buf[a:b] changes under NFC. */
  private needsNfc(a: number, b: number): boolean {
    // Lead bytes below 0xcc encode code points below U+0300: always stable.
    const buf = this.buf;
    let i = a;
    while (i < b && buf[i]! < 0xcc) i++;
    if (i === b) return false;
    return nfcIfChanged(decodeUtf8(buf.subarray(a, b))) !== null;
  }

  private number(p: number): Type {
    const buf = this.buf;
    const end = this.end;
    let i = p;
    const neg = buf[i] === 0x2d;
    if (neg) i++;
    const ds = i;
    let v = 0;
    while (i < end) {
      const d = buf[i]! - 0x30;
      if (d < 0 || d > 9) break;
      v = v * 10 + d;
      i++;
    }
    const nd = i - ds;
    if (i < end && buf[i] === 0x2e && nd > 0 && nd <= 17) {
      // A plain decimal fraction (d.ddd) whose digits make an integer below
      // 2^53 is one correctly rounded division (see fastFloat). Were v
      // rounded on the way, it would end at or above 2^53 and be rejected.
      const fs = ++i;
      while (i < end) {
        const d = buf[i]! - 0x30;
        if (d < 0 || d > 9) break;
        v = v * 10 + d;
        i++;
      }
      const nf = i - fs;
      if ((i < end && NUM[buf[i]!] === 1) || v >= 2 ** 53 || nf === 0 || nf > 22) {
        while (i < end && NUM[buf[i]!] === 1) i++;
        if (i >= end && !this.final) throw INCOMPLETE;
        this.pos = i;
        return this.slowNumber(p, i, false);
      }
      if (i >= end && !this.final) throw INCOMPLETE;
      this.pos = i;
      const x = v / POW10[nf]!;
      this.writeFloat(neg ? -x : x);
      return TypeFloat64;
    }
    let plain = true;
    while (i < end && NUM[buf[i]!] === 1) {
      plain = false;
      i++;
    }
    if (i >= end && !this.final) throw INCOMPLETE;
    this.pos = i;
    if (plain && nd > 0 && nd <= 15) {
      this.writeFoldedInt(neg && v !== 0 ? v * 2 + 1 : v * 2);
      return TypeInt64;
    }
    return this.slowNumber(p, i, plain && nd > 0);
  }

  /** Numbers off the fast paths: exponents, long numerals, malformed tokens. */
  private slowNumber(p: number, q: number, integer: boolean): Type {
    const x = numberToken(this.buf, p, q, integer);
    if (typeof x === 'number') {
      this.writeFloat(x);
      return TypeFloat64;
    }
    this.writeElement(encodeInt(x));
    return TypeInt64;
  }

  /** Scans a key into the field stack. */
  private key(p: number): void {
    const flags = this.scanString(p);
    const a = p + 1;
    const b = this.pos - 1;
    const f = this.fields;
    const top = f.top;
    if (flags === 0 || (flags === 4 && isValidUtf8(this.buf, a, b))) {
      f.keyBuf[top] = this.buf;
      f.keyStart[top] = a;
      f.keyEnd[top] = b;
      return;
    }
    const w = this.keys;
    const start = w.len;
    if (!unquoteInto(this.buf, a, b, w)) {
      throw new JsonSyntaxError(`invalid string ${goQuoteBytes(this.buf.subarray(p, b + 1))}`, p);
    }
    // Earlier keys may point into a buffer `w` has since outgrown; that is fine.
    f.keyBuf[top] = w.buf;
    f.keyStart[top] = start;
    f.keyEnd[top] = w.len;
  }

  /**
   * Whether the key at `p` is `k` (a plain key of the shape predicted):
   * its bytes and the closing quote. Then it goes on the field stack and
   * this.pos past it.
   */
  private predictedKey(p: number, k: Uint8Array): boolean {
    const buf = this.buf;
    const a = p + 1;
    const n = k.length;
    if (a + n >= this.end || buf[a + n] !== 0x22) return false;
    for (let x = 0; x < n; x++) if (buf[a + x] !== k[x]) return false;
    const f = this.fields;
    const top = f.top;
    f.keyBuf[top] = buf;
    f.keyStart[top] = a;
    f.keyEnd[top] = a + n;
    this.pos = a + n + 1;
    return true;
  }

  /**
   * A token at `p` that does not fit here. The lexer reads the whole token
   * first, so a malformed one reports the lexer's error instead.
   */
  private unexpected(p: number, context: string): never {
    const c = this.buf[p]!;
    if (c === 0x22) this.scanString(p);
    else if (c === 0x74) this.literal(p, TRUE_REST);
    else if (c === 0x66) this.literal(p, FALSE_REST);
    else if (c === 0x6e) this.literal(p, NULL_REST);
    else if (TOKEN_START[c] !== 1) {
      throw new JsonSyntaxError(`invalid character ${goQuoteByte(c)} looking for beginning of value`, p);
    }
    throw new JsonSyntaxError(`invalid character ${goQuoteByte(c)} ${context}`, p);
  }

  private object(tagged: boolean): Type {
    const start = this.len;
    if (tagged) {
      this.ensure(1);
      this.out[this.len++] = 0;
    }
    const f = this.fields;
    const base = f.top;
    const buf = this.buf;
    let p = this.skipWs(this.pos + 1);
    const demand = tagged || this.whole ? null : this.demand;
    // The shape an object here had last time (by where it starts on the
    // field stack): while its keys come in order, each is compared with
    // the input instead of scanned, and no lookup is needed. (With a
    // projection, the top-level record's shape is of its demanded fields.)
    const pred = demand === null ? this.predicted[base] : this.predictedPart;
    let predicting = pred !== undefined && pred.plain;
    if (buf[p] === 0x7d) {
      p++;
    } else {
      for (;;) {
        if (buf[p] !== 0x22) this.unexpected(p, 'looking for beginning of object key string');
        const ke = demand === null ? -1 : this.plainStringEnd(p);
        if (ke >= 0 && !demanded(demand!, buf, p + 1, ke)) {
          // A field the query does not use: its value is checked and left out.
          const q = this.skipWs(ke + 1);
          if (buf[q] !== 0x3a) throw SKIP_FAILED;
          p = this.skipWs(this.skipValue(this.skipWs(q + 1)));
        } else {
          if (predicting) {
            const k = pred!.keys[f.top - base];
            predicting = k !== undefined && this.predictedKey(p, k);
          }
          if (!predicting) this.key(p);
          p = this.skipWs(this.pos);
          if (buf[p] !== 0x3a) this.unexpected(p, 'after object key');
          this.pos = this.skipWs(p + 1);
          const top = f.top;
          f.offset[top] = this.len;
          // Reserve the slot before descending so nested objects stack above it.
          f.top = top + 1;
          f.type[top] = this.value();
          p = this.skipWs(this.pos);
        }
        const c = buf[p];
        if (c === 0x2c) {
          p = this.skipWs(p + 1);
          continue;
        }
        if (c === 0x7d) {
          p++;
          break;
        }
        this.unexpected(p, 'after object key');
      }
    }
    this.pos = p;
    let shape = predicting ? alikeShape(pred!, f, base) : undefined;
    if (shape === undefined) {
      shape = this.shapes.lookup(f, base, shapeHash(f, base));
      if (predicting) relateShapes(pred!, shape);
      if (demand === null) this.predicted[base] = shape;
      else this.predictedPart = shape;
    }
    const record = shape.record;
    if (shape.keep !== null) this.keepElements(tagged ? start + 1 : start, f.offset, base, f.top, shape.keep);
    f.top = base;
    if (tagged) this.closeTag(start);
    return record;
  }

  /**
   * The index of the closing quote of the string at `p` when it has no
   * escapes and no control characters; -1 otherwise (or when it is cut off).
   */
  private plainStringEnd(p: number): number {
    const buf = this.buf;
    const end = this.end;
    for (let i = p + 1; i < end; i++) {
      const c = buf[i]!;
      if (c === 0x22) return i;
      if (c === 0x5c || c < 0x20) return -1;
    }
    return -1;
  }

  /**
   * Skips the JSON value at `p` (not whitespace), checking its syntax;
   * returns the index just past it. Anything it cannot vouch for (bad JSON,
   * whose error the full parser words) throws SKIP_FAILED; a value cut off
   * by the end of a partial buffer throws INCOMPLETE.
   */
  private skipValue(p: number): number {
    const buf = this.buf;
    const end = this.end;
    const c = buf[p]!;
    if (c === 0x22) {
      for (let i = p + 1; i < end; i++) {
        const d = buf[i]!;
        if (d === 0x22) return i + 1;
        if (d < 0x20) throw SKIP_FAILED;
        if (d === 0x5c) {
          const e = buf[i + 1];
          if (e === undefined || i + 1 >= end) break;
          if (e === 0x75) {
            if (i + 5 >= end) break;
            for (let k = 2; k <= 5; k++) if (HEX[buf[i + k]!] !== 1) throw SKIP_FAILED;
            i += 5;
          } else if (ESCAPES[e] === 1) i++;
          else throw SKIP_FAILED;
        }
      }
      return this.cutOff();
    }
    if (c === 0x7b || c === 0x5b) {
      const close = c === 0x7b ? 0x7d : 0x5d;
      let q = this.skipWs(p + 1);
      if (buf[q] === close) return q + 1;
      for (;;) {
        if (c === 0x7b) {
          if (buf[q] !== 0x22) throw SKIP_FAILED;
          q = this.skipWs(this.skipValue(q));
          if (buf[q] !== 0x3a) throw SKIP_FAILED;
          q = this.skipWs(q + 1);
        }
        q = this.skipWs(this.skipValue(q));
        const d = buf[q];
        if (d === close) return q + 1;
        if (d !== 0x2c) throw SKIP_FAILED;
        q = this.skipWs(q + 1);
      }
    }
    if (c === 0x74 || c === 0x66 || c === 0x6e) {
      const word = c === 0x74 ? TRUE_BYTES : c === 0x66 ? FALSE_BYTES : NULL_BYTES;
      if (p + word.length >= end) return p + word.length <= end && this.final ? this.literalEnd(p, word) : this.cutOff();
      return this.literalEnd(p, word);
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      // JSON's number grammar: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
      let i = p;
      if (buf[i] === 0x2d) i++;
      if (i >= end) return this.cutOff();
      if (buf[i] === 0x30) i++;
      else if (buf[i]! >= 0x31 && buf[i]! <= 0x39) while (i < end && buf[i]! >= 0x30 && buf[i]! <= 0x39) i++;
      else throw SKIP_FAILED;
      if (i < end && buf[i] === 0x2e) {
        const s = ++i;
        while (i < end && buf[i]! >= 0x30 && buf[i]! <= 0x39) i++;
        if (i === s && i < end) throw SKIP_FAILED;
      }
      if (i < end && (buf[i] === 0x65 || buf[i] === 0x45)) {
        i++;
        if (i < end && (buf[i] === 0x2b || buf[i] === 0x2d)) i++;
        const s = i;
        while (i < end && buf[i]! >= 0x30 && buf[i]! <= 0x39) i++;
        if (i === s && i < end) throw SKIP_FAILED;
      }
      if (i >= end) return this.cutOff();
      if (BOUNDARY[buf[i]!] !== 1) throw SKIP_FAILED;
      return i;
    }
    throw SKIP_FAILED;
  }

  private literalEnd(p: number, word: Uint8Array): number {
    const buf = this.buf;
    for (let k = 1; k < word.length; k++) if (buf[p + k] !== word[k]) throw SKIP_FAILED;
    const after = p + word.length;
    if (after < this.end && BOUNDARY[buf[after]!] !== 1) throw SKIP_FAILED;
    return after;
  }

  /** The buffer ended inside a left-out value: wait for more, or let the full parser word the error. */
  private cutOff(): never {
    if (!this.final) throw INCOMPLETE;
    throw SKIP_FAILED;
  }

  private array(tagged: boolean): Type {
    const start = this.len;
    if (tagged) {
      this.ensure(1);
      this.out[this.len++] = 0;
    }
    const bodyStart = this.len;
    const base = this.elemTop;
    const buf = this.buf;
    let p = this.skipWs(this.pos + 1);
    if (buf[p] === 0x5d) {
      p++;
    } else {
      for (;;) {
        this.pos = p;
        const top = this.elemTop;
        this.elemOffsets[top] = this.len;
        this.elemTop = top + 1;
        this.elemTypes[top] = this.value();
        p = this.skipWs(this.pos);
        const c = buf[p];
        if (c === 0x2c) {
          p = this.skipWs(p + 1);
          continue;
        }
        if (c === 0x5d) {
          p++;
          break;
        }
        this.unexpected(p, 'after array value');
      }
    }
    this.pos = p;
    const types = this.elemTypes;
    const top = this.elemTop;
    let elem: Type = TypeNull;
    let mixed = false;
    for (let i = base; i < top; i++) {
      const t = types[i]!;
      if (t === TypeNull || t === elem) continue;
      if (elem === TypeNull) elem = t;
      else mixed = true;
    }
    if (mixed) {
      const u = this.arrays.unionOf(types, base, top);
      this.wrapUnion(u, bodyStart, this.elemOffsets, types, base, top);
      elem = u;
    }
    this.elemTop = base;
    if (tagged) this.closeTag(start);
    return this.arrays.arrayOf(elem);
  }

}
