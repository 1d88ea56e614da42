// The JSON and NDJSON readers' fast path: whole lines of plain JSON objects
// parsed in WebAssembly (wasm/ndjson-parse.ts, built by
// scripts/build-wasm.mjs) into the zcode the JavaScript parser would write
// (under a projection, without the fields it leaves out), about twice as
// fast. Each record comes with its shape's id, whose signature (keys and
// value kinds) becomes a record type here once per decoder. Lines the
// module leaves to JavaScript (see the module's header) come back marked,
// and so do records of a shape with a repeated key, which JSON's rules
// rewrite.
//
// One instance per thread, made on first use from the module's bytes (Node,
// Deno, Bun), or from the compiled module a Worker imports (Workers compile
// no WebAssembly from bytes: adapters/cloudflare/worker.ts hands it over
// with setNdjsonWasmModule). Without either, the reader uses JavaScript
// alone. The instance's memory stays bounded: input goes in windows of at
// most WINDOW bytes, and a longer line goes to JavaScript.

import { InternalError } from '../../errors/index.js';
import { decodeUtf8 } from '../../util/utf8.js';
import { WasmKernel } from '../../util/wasm-kernel.js';
import { TypeBool, TypeFloat64, TypeInt64, TypeNull, TypeString, type Field, type Type, type TypeContext } from '../../zed/index.js';
import { NDJSON_PARSE_WASM } from './ndjson-parse-wasm.js';

/** Input bytes parsed per call, at most. */
export const WINDOW = 1 << 20;
/** The window after a stop: a few lines, so that stopping often costs little copying. */
const MIN_STOP_WINDOW = 2 << 10;
const PAGE = 64 * 1024;
/** Bytes of the arena small windows' records share (see WasmLines.keep). */
const ARENA = 256 << 10;

interface Exports {
  readonly memory: WebAssembly.Memory;
  inputAt(): number;
  entriesAt(): number;
  consumed(): number;
  written(): number;
  shapeStart(id: number): number;
  shapeLength(id: number): number;
  parse(n: number, out: number, stop: boolean, demand: number): number;
  demandAt(): number;
  demandSize(): number;
  generation(): number;
}

const kernel = new WasmKernel<Exports>(NDJSON_PARSE_WASM, (x) => {
  const need = x.inputAt() + WINDOW + 3 * WINDOW + 64;
  const have = x.memory.buffer.byteLength;
  if (need > have) x.memory.grow(Math.ceil((need - have) / PAGE));
});

/** Gives the compiled module (a Worker's import); without it the module is compiled from its bytes. */
export function setNdjsonWasmModule(m: WebAssembly.Module): void {
  kernel.setModule(m);
}

/** Receives the lines of a window in order. */
export interface LineSink {
  record(type: Type, out: Uint8Array, start: number, end: number): void;
  blank(): void;
  other(input: Uint8Array, start: number, end: number): void;
}

/**
 * Parses complete lines with the module, for one stream: its shapes' types
 * (from the stream's type context) are kept here. Null from `open` when the
 * module cannot run.
 */
export class WasmLines {
  /** Per shape id: its record type, null for a shape JavaScript must parse, undefined before first use. */
  private readonly types: (Type | null | undefined)[] = [];
  /** The module's generation of shapes that `types` knows. */
  private generation = -1;
  /**
   * With `stop`, the window: small after a stop, doubling while lines are
   * taken, so that input copied in is in proportion to input parsed.
   */
  private stopWindow = MIN_STOP_WINDOW;
  /** Where small windows' records go (see keep). */
  private arena = new Uint8Array(0);
  private arenaUsed = 0;
  /** Once recycle is called: where large windows' records go, reused from the first at each recycle (see keep). */
  private pool: Uint8Array[] | null = null;
  private pooled = 0;

  private constructor(
    private readonly x: Exports,
    private readonly ctx: TypeContext,
    /** The projection as the module takes it (each key a length byte and its bytes), or null for none. */
    private readonly demand: Uint8Array | null,
  ) {}

  /**
   * The fast path for a stream, with the top-level fields a query uses
   * (the others left out, as JsonParser leaves them) or all; null when the
   * module cannot run here or take that projection.
   */
  static open(ctx: TypeContext, fields?: readonly string[]): WasmLines | null {
    const x = kernel.exports();
    if (x === null) return null;
    if (fields === undefined) return new WasmLines(x, ctx, null);
    const keys = fields.map((f) => new TextEncoder().encode(f));
    const size = keys.reduce((n, k) => n + 1 + k.length, 0);
    if (size > x.demandSize() || keys.some((k) => k.length >= 0x7b)) return null;
    const demand = new Uint8Array(size);
    let at = 0;
    for (const k of keys) {
      demand[at++] = k.length;
      demand.set(k, at);
      at += k.length;
    }
    return new WasmLines(x, ctx, demand);
  }

  /**
   * Hands the lines of b[from:to] (to is just past a newline) to `sink`, in
   * order, and returns `to`. Record bodies are views of one new array per
   * window. With `stop`, returns at the first line left to JavaScript
   * instead, with the start of that line, which `sink` is not given.
   */
  lines(b: Uint8Array, from: number, to: number, sink: LineSink, stop = false): number {
    const x = this.x;
    const input = x.inputAt();
    let s = from;
    while (s < to) {
      let e = Math.min(to, s + (stop ? this.stopWindow : WINDOW));
      if (e < to) {
        const nl = b.lastIndexOf(10, e - 1);
        if (nl < s) {
          // A line longer than a window.
          if (stop) {
            if (this.stopWindow < WINDOW) {
              this.stopWindow *= 2;
              continue;
            }
            return s;
          }
          const end = b.indexOf(10, s);
          sink.other(b, s, end);
          s = end + 1;
          continue;
        }
        e = nl + 1;
      }
      const n = e - s;
      const outAt = input + n + 8;
      new Uint8Array(x.memory.buffer, input, n).set(b.subarray(s, e));
      // (The module is the thread's: the projection goes in with each call.)
      const demand = this.demand;
      if (demand !== null) new Uint8Array(x.memory.buffer, x.demandAt(), demand.length).set(demand);
      const count = x.parse(n, outAt, stop, demand === null ? -1 : demand.length);
      if (x.generation() !== this.generation) {
        // The module forgot its shapes (other streams read on this thread filled them): ids mean others now.
        this.types.length = 0;
        this.generation = x.generation();
      }
      const out = this.keep(new Uint8Array(x.memory.buffer, outAt, x.written()));
      const ent = new Int32Array(x.memory.buffer, x.entriesAt(), count * 5);
      for (let i = 0, k = 0; i < count; i++, k += 5) {
        const id = ent[k]!;
        if (id >= 0) {
          const t = this.types[id] ?? this.typeOf(id);
          if (t !== null) {
            sink.record(t, out, ent[k + 1]!, ent[k + 2]!);
            continue;
          }
        } else if (id === -2) {
          sink.blank();
          continue;
        }
        if (stop) {
          this.stopWindow = MIN_STOP_WINDOW;
          return s + ent[k + 3]!;
        }
        sink.other(b, s + ent[k + 3]!, s + ent[k + 4]!);
      }
      s += x.consumed();
      if (stop && this.stopWindow < WINDOW) this.stopWindow *= 2;
    }
    return to;
  }

  /**
   * Says that the records handed out so far are no longer used (their
   * reader borrows them, see DecoderOptions.borrow): from now on, windows'
   * records are kept in memory used again from the start at each call, not
   * in new arrays, which a large load would otherwise allocate by the
   * hundred megabytes.
   */
  recycle(): void {
    this.pool ??= [];
    this.pooled = 0;
    this.arenaUsed = 0;
  }

  /**
   * A copy of a window's records that outlives the module's memory: in the
   * arena of earlier small windows while it has room (stopping often, a
   * reader parses many small windows), else in an array of its own (one of
   * the pool's, once recycle is called).
   */
  private keep(records: Uint8Array): Uint8Array {
    const n = records.length;
    if (n > ARENA / 4) {
      const pool = this.pool;
      if (pool === null) return records.slice();
      let buf = pool[this.pooled];
      if (buf === undefined || buf.length < n) {
        buf = new Uint8Array(Math.max(n, WINDOW));
        pool[this.pooled] = buf;
      }
      this.pooled++;
      buf.set(records);
      return buf.subarray(0, n);
    }
    if (this.arenaUsed + n > this.arena.length) {
      this.arena = new Uint8Array(ARENA);
      this.arenaUsed = 0;
    }
    const at = this.arenaUsed;
    this.arena.set(records, at);
    this.arenaUsed = at + n;
    return this.arena.subarray(at, at + n);
  }

  /** Shape `id`'s record type, from its signature; null when a key repeats in some record of it. */
  private typeOf(id: number): Type | null {
    const x = this.x;
    const sig = new Uint8Array(x.memory.buffer, x.shapeStart(id), x.shapeLength(id)).slice();
    let t: Type | null;
    try {
      t = new SignatureReader(sig, this.ctx).record();
    } catch (e) {
      if (e !== REPEATED_KEY) throw e;
      t = null;
    }
    this.types[id] = t;
    return t;
  }
}

const REPEATED_KEY = Symbol('repeated key');

/** Reads a shape's signature (see the module's K_* marks) into types. */
class SignatureReader {
  private at = 0;

  constructor(
    private readonly sig: Uint8Array,
    private readonly ctx: TypeContext,
  ) {}

  /** The record whose '{' is next. */
  record(): Type {
    const sig = this.sig;
    this.at++;
    const fields: Field[] = [];
    const names = new Set<string>();
    while (sig[this.at] !== 0x7d) {
      const n = sig[this.at]!;
      const name = decodeUtf8(sig.subarray(this.at + 1, this.at + 1 + n));
      this.at += n + 1;
      if (names.has(name)) throw REPEATED_KEY;
      names.add(name);
      fields.push({ name, type: this.value() });
    }
    this.at++;
    return this.ctx.lookupRecord(fields);
  }

  private value(): Type {
    const k = this.sig[this.at]!;
    if (k === 0x7b) return this.record();
    this.at++;
    if (k === 0x5b) return this.ctx.lookupArray(this.primitive(this.sig[this.at++]!));
    return this.primitive(k);
  }

  private primitive(k: number): Type {
    switch (k) {
      case 0x69:
        return TypeInt64;
      case 0x66:
        return TypeFloat64;
      case 0x73:
        return TypeString;
      case 0x62:
        return TypeBool;
      case 0x6e:
        return TypeNull;
    }
    throw new InternalError(`NDJSON module: bad signature byte ${k}`);
  }
}
