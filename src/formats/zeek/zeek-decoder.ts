// The Zeek TSV log reader (zio/zeekio reader.go): lines starting with '#'
// are header directives, others are tab-separated values of the record type
// the header describes. Lines split across chunks are carried over; blank
// lines are skipped but counted; errors say "line N: ...".

import { LineSplitter } from '../../util/line-splitter.js';
import type { Decoder } from '../codec.js';
import { ParseError, ZedError } from '../../errors/index.js';
import { Builder, Value, readElement, type TypeContext } from '../../zed/index.js';
import { compareBytes, decodeUtf8 } from '../../util/utf8.js';
import { ZeekHeader, Shape, type Descriptor } from './zeek-header.js';
import { PrimitiveParser } from './zeek-primitive.js';

const TAB = 0x09;
const COMMA = 0x2c;
const EMPTY = Uint8Array.from('(empty)', (c) => c.charCodeAt(0));

export class ZeekDecoder implements Decoder {
  private readonly header: ZeekHeader;
  private readonly zb = new Builder(1024);
  private readonly prims = new PrimitiveParser();
  /** Column bounds of the current line, reused: [start0, end0, start1, ...]. */
  private cols: number[] = [];
  private readonly lines = new LineSplitter();
  private readonly onLine = (b: Uint8Array, s: number, e: number): void => this.lineEnded(b, s, e);
  private line = 0;
  private out: Value[] = [];
  private failed: unknown = undefined;

  constructor(ctx: TypeContext) {
    this.header = new ZeekHeader(ctx);
  }

  push(chunk: Uint8Array): Value[] {
    if (this.failed !== undefined) throw this.failed;
    try {
      this.pushLines(chunk);
    } catch (err) {
      return this.fail(err);
    }
    return this.take();
  }

  end(): Value[] {
    if (this.failed !== undefined) throw this.failed;
    const rest = this.lines.takeRest();
    const n = rest.length;
    try {
      // A last line without a newline: Zed's scanner counts one byte as blank.
      if (n > 1) this.handleLine(rest, 0, n);
      else if (n === 1) this.line++;
    } catch (err) {
      return this.fail(err);
    }
    return this.take();
  }

  private take(): Value[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  /** Returns the values before an error; the error comes with the next call. */
  private fail(err: unknown): Value[] {
    this.failed = err;
    if (this.out.length === 0) throw err;
    return this.take();
  }

  private pushLines(chunk: Uint8Array): void {
    this.lines.push(chunk, this.onLine);
  }

  /** A line that ended with "\n" (at `e`); a "\r" before it is dropped. */
  private lineEnded(b: Uint8Array, s: number, e: number): void {
    if (e > s && b[e - 1] === 0x0d) e--;
    if (e === s) {
      this.line++;
      return;
    }
    this.handleLine(b, s, e);
  }

  private handleLine(b: Uint8Array, s: number, e: number): void {
    this.line++;
    try {
      if (b[s] === 0x23) {
        this.header.directive(decodeUtf8(b.subarray(s, e)));
        return;
      }
      this.out.push(this.build(this.header.current(), b, s, e));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const cause = err instanceof ZedError && err.kind !== 'invalid' ? err : undefined;
      if (cause !== undefined) throw cause;
      throw new ParseError(reason, this.line, 1, `line ${this.line}: ${reason}`);
    }
  }

  private build(d: Descriptor, b: Uint8Array, s: number, e: number): Value {
    const cols = this.cols;
    let n = 0;
    let start = s;
    for (let i = s; i < e; i++) {
      if (b[i] === TAB) {
        cols[n++] = start;
        cols[n++] = i;
        start = i + 1;
      }
    }
    cols[n++] = start;
    cols[n++] = e;
    const actual = n / 2;
    if (actual > d.columns) throw new Error('too many values');
    if (actual < d.columns) throw new Error('too few values');
    const zb = this.zb;
    zb.reset();
    const ops = d.ops;
    for (let k = 0; k < ops.length; k++) {
      const op = ops[k]!;
      switch (op.op) {
        case 'begin':
          zb.beginContainer();
          break;
        case 'end':
          zb.endContainer();
          break;
        case 'path': {
          const p = this.header.pathValue;
          // Zed fills an added _path from #path; once #path is "-" the
          // columns no longer line up with the record type.
          if (p.length === 0) throw new Error('too few values');
          zb.append(p);
          break;
        }
        case 'leaf': {
          const cs = cols[op.col * 2]!;
          const ce = cols[op.col * 2 + 1]!;
          if (op.shape === Shape.Primitive) this.prims.append(zb, op.id, b, cs, ce);
          else this.appendContainer(op.id, op.shape === Shape.Set, b, cs, ce);
          break;
        }
      }
    }
    return new Value(d.type, zb.bytes());
  }

  /** A vector or set field: "-" is null, "(empty)" empty, else comma-separated elements. */
  private appendContainer(id: number, isSet: boolean, b: Uint8Array, s: number, e: number): void {
    const zb = this.zb;
    if (e - s === 1 && b[s] === 0x2d) {
      zb.append(null);
      return;
    }
    zb.beginContainer();
    const from = zb.len;
    if (!(e - s === EMPTY.length && compareBytes(b.subarray(s, e), EMPTY) === 0)) {
      let cs = s;
      for (let i = s; i < e; i++) {
        if (b[i] === COMMA) {
          this.prims.append(zb, id, b, cs, i);
          cs = i + 1;
        }
      }
      this.prims.append(zb, id, b, cs, e);
      if (isSet) normalizeSet(zb, from);
    }
    zb.endContainer();
  }
}

const el = { start: 0, end: 0 };

/**
 * Sorts the elements built since `from` by their zcode bytes (tag included)
 * and drops duplicates, as Zed's NormalizeSet does.
 */
function normalizeSet(zb: Builder, from: number): void {
  const buf = zb.buf;
  const spans: Uint8Array[] = [];
  for (let off = from; off < zb.len; ) {
    const start = off;
    off = readElement(buf, off, zb.len, el);
    spans.push(buf.slice(start, off));
  }
  if (spans.length < 2) return;
  spans.sort(compareBytes);
  let at = from;
  let prev: Uint8Array | null = null;
  for (const sp of spans) {
    if (prev !== null && compareBytes(prev, sp) === 0) continue;
    prev = sp;
    buf.set(sp, at);
    at += sp.length;
  }
  zb.len = at;
}

