// The ZJSON reader: one {"type":...,"value":...} object per line (native
// JSON.parse suffices: numbers in ZJSON are small IDs, values are strings),
// types resolved through the stream's ID table, values rebuilt as zcode
// (zio/zjsonio reader.go gives the rules and the error wording).

import type { Decoder } from '../codec.js';
import { ParseError, ZedError } from '../../errors/index.js';
import { bytesEqual, compareBytes, decodeUtf8, encodeUtf8 } from '../../util/utf8.js';
import {
  Builder,
  ID,
  Value,
  encodeInt,
  encodeUint,
  readElement,
  underlying,
  type PrimitiveType,
  type Type,
  type TypeContext,
} from '../../zed/index.js';
import { parsePrimitive } from '../../zson/index.js';
import { goQuoteBytes, jsonSyntaxReason } from '../json/json-decoder.js';
import { ZjsonTypeReader } from './zjson-types.js';

/** A value error, reported with the line as zq does ("line N: ..."). */
class ZjsonValueError extends Error {}

const INTEGER = /^[+-]?[0-9]+$/;

export class ZjsonDecoder implements Decoder {
  private readonly types: ZjsonTypeReader;
  private readonly builder = new Builder();
  private carry = new Uint8Array(0);
  private carryLen = 0;
  private line = 0;
  private failed: unknown = undefined;
  private out: Value[] = [];

  constructor(private readonly ctx: TypeContext) {
    this.types = new ZjsonTypeReader(ctx);
  }

  push(chunk: Uint8Array): Value[] {
    if (this.failed !== undefined) throw this.failed;
    try {
      let i = 0;
      if (this.carryLen > 0) {
        const nl = chunk.indexOf(10);
        if (nl < 0) {
          this.appendCarry(chunk);
          return [];
        }
        this.appendCarry(chunk.subarray(0, nl));
        const n = this.carryLen;
        this.carryLen = 0;
        this.decodeLine(this.carry.subarray(0, n));
        i = nl + 1;
      }
      for (;;) {
        const nl = chunk.indexOf(10, i);
        if (nl < 0) break;
        this.decodeLine(chunk.subarray(i, nl));
        i = nl + 1;
      }
      if (i < chunk.length) this.appendCarry(chunk.subarray(i));
    } catch (err) {
      return this.fail(err);
    }
    return this.take();
  }

  end(): Value[] {
    if (this.failed !== undefined) throw this.failed;
    if (this.carryLen > 0) {
      const n = this.carryLen;
      this.carryLen = 0;
      try {
        this.decodeLine(this.carry.subarray(0, n));
      } catch (err) {
        // Nothing follows end(): never hold the error back.
      this.failed = err;
      throw err;
      }
    }
    return this.take();
  }

  private take(): Value[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  /** Returns the values decoded before an error; the error comes with the next call. */
  private fail(err: unknown): Value[] {
    this.failed = err;
    if (this.out.length === 0) throw err;
    return this.take();
  }

  private appendCarry(b: Uint8Array): void {
    const need = this.carryLen + b.length;
    if (need > this.carry.length) {
      const next = new Uint8Array(Math.max(need * 2, 1024));
      next.set(this.carry.subarray(0, this.carryLen));
      this.carry = next;
    }
    this.carry.set(b, this.carryLen);
    this.carryLen = need;
  }

  private decodeLine(line: Uint8Array): void {
    this.line++;
    const text = decodeUtf8(line);
    if (text.trim() === '') return;
    let obj: unknown;
    try {
      obj = JSON.parse(text);
    } catch (err) {
      const why = jsonSyntaxReason(line, this.ctx) ?? (err instanceof Error ? err.message : String(err));
      // Zed's unpacker wraps the JSON syntax error (pkg/unpack Reflector.Unmarshal).
      throw this.lineError(`malformed ZJSON: bad type object: ${goQuoteBytes(encodeTrimmed(text))}: unpacker error parsing JSON: ${why}`);
    }
    if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) {
      const what = Array.isArray(obj) ? 'array' : obj === null ? 'null' : typeof obj;
      throw this.lineError(`malformed ZJSON: bad type object: ${goQuoteBytes(encodeTrimmed(text))}: not a JSON object (${what})`);
    }
    const o = obj as Record<string, unknown>;
    let t: Type;
    try {
      t = this.types.decode(o['type']);
    } catch (err) {
      // zq reports type errors without the line prefix.
      if (err instanceof ZedError) throw new ParseError(err.message, this.line, 1, err.message);
      throw err;
    }
    const b = this.builder;
    b.reset();
    try {
      this.value(b, t, o['value'] ?? null);
    } catch (err) {
      if (err instanceof ZjsonValueError || err instanceof ZedError) throw this.lineError(err.message);
      throw err;
    }
    this.out.push(new Value(t, b.body()));
  }

  private lineError(reason: string): ParseError {
    return new ParseError(reason, this.line, 1, `line ${this.line}: ${reason}`);
  }

  private value(b: Builder, t: Type, v: unknown): void {
    if (v === null) {
      b.append(null);
      return;
    }
    const u = underlying(t);
    switch (u.kind) {
      case 'primitive':
        this.primitive(b, u, v);
        return;
      case 'record': {
        if (!Array.isArray(v)) throw new ZjsonValueError('ZJSON record value must be a JSON array');
        if (v.length > u.fields.length) throw new ZjsonValueError('record with extra field');
        if (v.length < u.fields.length) throw new ZjsonValueError('record with missing field');
        b.beginContainer();
        for (let i = 0; i < v.length; i++) this.value(b, u.fields[i]!.type, v[i] ?? null);
        b.endContainer();
        return;
      }
      case 'array':
        b.beginContainer();
        for (const item of items(v, 'array')) this.value(b, u.elem, item ?? null);
        b.endContainer();
        return;
      case 'set':
        this.set(b, u.elem, items(v, 'set'));
        return;
      case 'map': {
        if (!Array.isArray(v)) throw new ZjsonValueError('bad JSON for ZJSON map value');
        b.beginContainer();
        for (const pair of v) {
          if (!Array.isArray(pair) || pair.length !== 2) {
            throw new ZjsonValueError('ZJSON map value must be an array of two-element arrays');
          }
          this.value(b, u.key, pair[0] ?? null);
          this.value(b, u.value, pair[1] ?? null);
        }
        b.endContainer();
        return;
      }
      case 'union': {
        if (!Array.isArray(v)) throw new ZjsonValueError('bad JSON for ZJSON union value');
        if (v.length !== 2) throw new ZjsonValueError('ZJSON union value not an array of two elements');
        const tagText = v[0];
        if (typeof tagText !== 'string') throw new ZjsonValueError('bad tag for ZJSON union value');
        const tag = INTEGER.test(tagText) ? Number(tagText) : NaN;
        const inner = Number.isInteger(tag) ? u.types[tag] : undefined;
        if (inner === undefined) throw new ZjsonValueError(`bad tag for ZJSON union value: ${tagText}`);
        b.beginContainer();
        b.append(encodeInt(tag));
        this.value(b, inner, v[1] ?? null);
        b.endContainer();
        return;
      }
      case 'enum': {
        if (typeof v !== 'string') throw new ZjsonValueError('ZJSON enum index value is not a JSON string');
        const index = INTEGER.test(v) ? Number(v) : NaN;
        if (!Number.isInteger(index)) throw new ZjsonValueError('ZJSON enum index value is not a string integer');
        if (index < 0 || index >= u.symbols.length) throw new ZjsonValueError(`ZJSON enum index ${v} out of range`);
        b.append(encodeUint(index));
        return;
      }
      case 'error':
        this.value(b, u.type, v);
        return;
    }
  }

  private primitive(b: Builder, t: PrimitiveType, v: unknown): void {
    if (t.id === ID.type) {
      let local: Type;
      try {
        local = this.types.decode(v);
      } catch (err) {
        throw new ZjsonValueError(`type value is not a valid ZJSON type: ${err instanceof Error ? err.message : String(err)}`);
      }
      b.append(this.ctx.encodeTypeValue(local));
      return;
    }
    if (typeof v !== 'string') throw new ZjsonValueError('ZJSON primitive value is not a JSON string');
    if (t.id === ID.null) {
      b.append(null);
      return;
    }
    const body = parsePrimitive(t, v, this.ctx);
    if (body === null) throw new ZjsonValueError(`invalid ${t.name}: ${v}`);
    b.append(body);
  }

  /** A set body in normal form: elements sorted by their bytes (tag included), repeats dropped (zed.NormalizeSet). */
  private set(b: Builder, elem: Type, list: unknown[]): void {
    const sub = new Builder();
    for (const item of list) this.value(sub, elem, item ?? null);
    const all = sub.bytes();
    const els: Uint8Array[] = [];
    const el = { start: 0, end: 0 };
    for (let off = 0; off < all.length; ) {
      const next = readElement(all, off, all.length, el);
      els.push(all.subarray(off, next));
      off = next;
    }
    els.sort(compareBytes);
    b.beginContainer();
    for (let i = 0; i < els.length; i++) {
      const e = els[i]!;
      if (i > 0 && bytesEqual(e, els[i - 1]!)) continue;
      readElement(e, 0, e.length, el);
      b.append(el.start < 0 ? null : e.subarray(el.start, el.end));
    }
    b.endContainer();
  }
}

function items(v: unknown, which: string): unknown[] {
  if (!Array.isArray(v)) throw new ZjsonValueError(`bad JSON for ZJSON ${which} value`);
  return v;
}

function encodeTrimmed(s: string): Uint8Array {
  return encodeUtf8(s.trim());
}
