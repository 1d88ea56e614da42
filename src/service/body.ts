// Request bodies of every route but load (lake-api.md §3.3): the first value
// of the body in its Content-Type's format (ZSON when none), read as a record
// whose fields bind by name. Unknown fields are ignored and null means "not
// given"; a field of the wrong type is a 400.

import { BodyTooLargeError, InvalidError } from '../errors/index.js';
import { formatByName } from '../formats/index.js';
import { ksuidBytesToHex } from '../util/ksuid.js';
import { parseIdOrThrow } from '../lake/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import { ID, TypeContext, Value, readElement, underlying, type Type } from '../zed/index.js';
import { formatType } from '../zson/index.js';
import { requestFormat } from './media.js';
import type { Capabilities } from './revision.js';
import { concatBytes } from '../util/concat.js';

export { BodyTooLargeError };

/** Reads a whole (small) body, refusing it past `limit` bytes. */
export async function readBody(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  if (req.body === null) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let n = 0;
  const reader = req.body.getReader();
  for (;;) {
    const r = await reader.read();
    if (r.done) break;
    n += r.value.length;
    if (n > limit) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError(limit);
    }
    parts.push(r.value);
  }
  return concatBytes(parts, n);
}

/** The fields of a request record, by name. */
export class RequestRecord {
  readonly #fields = new Map<string, Value>();

  constructor(v: Value | null) {
    if (v === null || v.bytes === null) return;
    const t = underlying(v.type);
    if (t.kind !== 'record') throw new InvalidError(`request body must be a record, not ${formatType(v.type)}`);
    const el = { start: 0, end: 0 };
    let off = 0;
    for (const f of t.fields) {
      off = readElement(v.bytes, off, v.bytes.length, el);
      this.#fields.set(f.name, new Value(f.type, el.start < 0 ? null : v.bytes.subarray(el.start, el.end)));
    }
  }

  /** The field's value, or undefined when absent or null. */
  get(name: string): Value | undefined {
    const v = this.#fields.get(name);
    return v === undefined || v.bytes === null ? undefined : v;
  }

  string(name: string): string | undefined {
    const v = this.get(name);
    if (v === undefined) return undefined;
    expect(v, name, 'string', underlying(v.type).id === ID.string);
    return v.asString();
  }

  int(name: string): number | undefined {
    const v = this.get(name);
    if (v === undefined) return undefined;
    const id = underlying(v.type).id;
    if (id >= ID.uint8 && id <= ID.uint64) return v.asUintNumber();
    if (id >= ID.int8 && id <= ID.int64) return v.asIntNumber();
    if (id === ID.float64 || id === ID.float32) {
      const x = v.asFloat();
      if (Number.isInteger(x)) return x;
    }
    expect(v, name, 'int64', false);
    return undefined;
  }

  record(name: string): RequestRecord | undefined {
    const v = this.get(name);
    if (v === undefined) return undefined;
    expect(v, name, 'record', underlying(v.type).kind === 'record');
    return new RequestRecord(v);
  }

  /** An array or set field as its element values (nulls dropped). */
  list(name: string): Value[] | undefined {
    const v = this.get(name);
    if (v === undefined) return undefined;
    const t = underlying(v.type);
    if (t.kind !== 'array' && t.kind !== 'set') {
      expect(v, name, 'array', false);
      return undefined;
    }
    return elements(v.bytes!, t.elem);
  }

  strings(name: string): string[] | undefined {
    const vals = this.list(name);
    if (vals === undefined) return undefined;
    return vals.map((v) => {
      expect(v, name, '[string]', underlying(v.type).id === ID.string);
      return v.asString();
    });
  }

  /** A list of string lists (a pool's layout keys). */
  stringLists(name: string): string[][] | undefined {
    const vals = this.list(name);
    if (vals === undefined) return undefined;
    return vals.map((v) => {
      const t = underlying(v.type);
      if (t.kind !== 'array' && t.kind !== 'set') {
        expect(v, name, '[[string]]', false);
        return [];
      }
      return elements(v.bytes!, t.elem).map((e) => {
        expect(e, name, '[[string]]', underlying(e.type).id === ID.string);
        return e.asString();
      });
    });
  }

  /** Ids given as Zed bytes (ZSON `0x…`, ZNG); JSON strings are refused as in Zed. */
  byteIds(name: string): KsuidHex[] | undefined {
    const vals = this.list(name);
    if (vals === undefined) return undefined;
    return vals.map((v) => {
      expect(v, name, '[bytes]', underlying(v.type).id === ID.bytes && v.bytes!.length === 20);
      return ksuidBytesToHex(v.bytes!);
    });
  }

  /** Ids given as strings (`0x` + hex or base62), as delete takes them. */
  stringIds(name: string): KsuidHex[] | undefined {
    return this.strings(name)?.map((s) => parseIdOrThrow(s));
  }
}

function elements(body: Uint8Array, elem: Type): Value[] {
  const out: Value[] = [];
  const el = { start: 0, end: 0 };
  for (let off = 0; off < body.length; ) {
    off = readElement(body, off, body.length, el);
    if (el.start >= 0) {
      const u = underlying(elem);
      // Union elements carry their member type; take the member.
      if (u.kind === 'union') {
        const inner = { start: 0, end: 0 };
        const sub = body.subarray(el.start, el.end);
        const next = readElement(sub, 0, sub.length, inner);
        const tag = new Value(elem, sub.subarray(inner.start, inner.end)).asIntNumber();
        readElement(sub, next, sub.length, inner);
        const member = u.types[tag];
        if (member !== undefined) out.push(new Value(member, inner.start < 0 ? null : sub.subarray(inner.start, inner.end)));
      } else {
        out.push(new Value(elem, body.subarray(el.start, el.end)));
      }
    }
  }
  return out;
}

function expect(v: Value, field: string, want: string, ok: boolean): void {
  if (!ok) throw new InvalidError(`cannot unmarshal ${formatType(v.type)} into field "${field}" of type ${want}`);
}

/**
 * The first value of a request body, decoded in its Content-Type's format
 * (ZSON by default), as a record; an empty body is an all-default request.
 */
export function decodeRequest(body: Uint8Array, contentType: string | null, caps: Capabilities): RequestRecord {
  const format = requestFormat(contentType, 'zson', caps);
  const f = formatByName(format);
  if (f?.decoder === undefined) throw new InvalidError(`unsupported MIME type: ${contentType ?? ''}`);
  const dec = f.decoder(new TypeContext(), {});
  let first: Value | undefined;
  try {
    first = dec.push(body)[0];
    if (first === undefined) first = dec.end()[0];
  } catch (e) {
    if (e instanceof InvalidError) throw e;
    throw new InvalidError(e instanceof Error ? e.message : String(e), { cause: e });
  }
  return new RequestRecord(first ?? null);
}
