// The JSON reader (zq -i json): a stream of JSON values separated by
// optional whitespace, values spanning lines and chunks. A top-level array
// is one array value, as in zio/jsonio. Complete values are found by
// parsing; a value cut off by the chunk end is then tracked by a cheap
// bracket scan and parsed again only once it may be complete, so a huge
// value costs linear time overall. Input laid out as NDJSON (most JSON
// logs) goes in runs of whole lines to the WebAssembly fast path
// (wasm-lines.ts), from each line start the parser reaches, up to the first
// line the fast path leaves to the parser.

import type { Decoder } from '../codec.js';
import { Value, type Type, type TypeContext } from '../../zed/index.js';
import { JsonParser } from './json-parser.js';
import { WasmLines, type LineSink } from './wasm-lines.js';
import { INCOMPLETE, JsonSyntaxError, UNEXPECTED_END, isSpace } from './syntax.js';
import { goQuoteByte } from './json-text.js';
import { LineCounter } from './position.js';

export { JsonParser } from './json-parser.js';
export { INCOMPLETE, JsonSyntaxError, isSpace } from './syntax.js';
export { LineCounter } from './position.js';
export { goQuoteByte, goQuoteBytes, isValidUtf8, utf8SeqLen } from './json-text.js';

export class JsonDecoder implements Decoder {
  private readonly parser: JsonParser;
  private readonly lines = new LineCounter();
  /** Unconsumed input is pending[start:stop]. */
  private pending = new Uint8Array(0);
  private start = 0;
  private stop = 0;
  /** Scan state of a cut-off value at the start of the pending input. */
  private scanning = false;
  private scanned = 0;
  private depth = 0;
  private inString = false;
  private escape = false;
  private failed: unknown = undefined;
  /** The fast path, when it runs here (until most lines it was given were left to the parser). */
  private wasm: WasmLines | null;
  private taken = 0;
  private left = 0;
  /** Lines the fast path went through (so that the line counter need not look for their ends). */
  private fastLineCount = 0;
  /** Whether the input consumed so far ends a line (or is none). */
  private lineStart = true;
  /** The values of the chunk being read, in order, once the fast path gave some. */
  private out: Value[] = [];
  private readonly sink: LineSink = {
    record: (t: Type, b: Uint8Array, s: number, e: number): void => {
      this.taken++;
      this.fastLineCount++;
      this.out.push(new Value(t, b.subarray(s, e)));
    },
    blank: (): void => {
      this.fastLineCount++;
    },
    other: (): void => {},
  };

  /**
   * `fields`: the top-level fields a query uses; records may leave the
   * others out. `wasm` false: JavaScript alone (for tests that compare).
   */
  constructor(ctx: TypeContext, fields?: readonly string[], wasm = true) {
    this.parser = new JsonParser(ctx, 4096, fields);
    this.wasm = wasm ? WasmLines.open(ctx, fields) : null;
  }

  /** Whether whole lines still go to the fast path. */
  get fast(): boolean {
    return this.wasm !== null;
  }

  push(chunk: Uint8Array): Value[] {
    if (this.failed !== undefined) throw this.failed;
    if (chunk.length === 0) return [];
    this.out = [];
    try {
      if (this.start === this.stop) {
        // Nothing pending: parse the chunk in place, keep only its tail.
        const used = this.drain(chunk, 0, chunk.length, false);
        this.keep(chunk, used);
      } else {
        this.append(chunk);
        this.start = this.drain(this.pending, this.start, this.stop, false);
      }
    } catch (err) {
      return this.fail(err);
    }
    return this.collected();
  }

  end(): Value[] {
    if (this.failed !== undefined) throw this.failed;
    this.out = [];
    try {
      this.start = this.drain(this.pending, this.start, this.stop, true);
    } catch (err) {
      // Nothing follows end(): never hold the error back.
      this.failed = err;
      throw err;
    }
    return this.collected();
  }

  /** The values read from the chunk: the parser's, after those of the fast path and the parser before them. */
  private collected(): Value[] {
    if (this.out.length === 0) return this.parser.take();
    this.moveParsed();
    return this.out;
  }

  /** Moves what the parser holds to `out`. */
  private moveParsed(): void {
    if (this.parser.batchSize === 0) return;
    for (const v of this.parser.take()) this.out.push(v);
  }

  /** Returns the values parsed before an error; the error comes with the next call. */
  private fail(err: unknown): Value[] {
    this.failed = err;
    if (this.parser.batchSize === 0 && this.out.length === 0) throw err;
    return this.collected();
  }

  /**
   * At a line start b[s] (not blank): the lines from there up to the last
   * newline before e, through the fast path as far as it takes them;
   * returns where the parser goes on.
   */
  private fastLines(wasm: WasmLines, b: Uint8Array, s: number, e: number): number {
    const to = b.lastIndexOf(10, e - 1) + 1;
    if (to <= s) return s;
    // The values the parser made so far come first.
    this.moveParsed();
    const next = wasm.lines(b, s, to, this.sink, true);
    if (next < to) this.left++;
    // Each stop costs a call and a line of the parser's: past one per 16 lines taken, the parser alone is faster.
    if (this.left > 16 && this.left * 16 > this.taken) this.wasm = null;
    return next;
  }

  /** Parses the values in b[s:e]; returns the offset of the first unconsumed byte. */
  private drain(b: Uint8Array, s: number, e: number, final: boolean): number {
    const parser = this.parser;
    parser.begin(e - s);
    const from = s;
    // The line counter has seen b[from:counted].
    let counted = s;
    for (;;) {
      while (s < e && isSpace(b[s]!)) s++;
      if (s >= e) break;
      if (this.scanning && !final && !this.scan(b, s, e)) break;
      this.scanning = false;
      if (this.wasm !== null && (s > from ? b[s - 1] === 0x0a : this.lineStart)) {
        this.lines.advance(b, counted, s);
        this.fastLineCount = 0;
        const next = this.fastLines(this.wasm, b, s, e);
        // Whole lines: their count is known.
        this.lines.advanceLines(this.fastLineCount);
        counted = next;
        if (next > s) {
          s = next;
          continue;
        }
      }
      let t;
      try {
        t = parser.parseTop(b, s, e, final);
      } catch (err) {
        if (err === INCOMPLETE) {
          this.startScan(b, s, e);
          break;
        }
        if (err instanceof JsonSyntaxError) throw this.lines.error(err.reason, b, counted, err.offset);
        throw err;
      }
      parser.commit(t);
      s = parser.pos;
    }
    this.lines.advance(b, counted, s);
    if (s > from) this.lineStart = b[s - 1] === 0x0a;
    return s;
  }

  /**
   * After a container or string starting at b[s] was cut off, tracks its
   * brackets and quotes over the input that follows so it is parsed again
   * only once it may be complete (scalars are short: they are just retried).
   */
  private startScan(b: Uint8Array, s: number, e: number): void {
    const c = b[s];
    if (c !== 0x7b && c !== 0x5b && c !== 0x22) return;
    this.scanning = true;
    this.scanned = 0;
    this.depth = 0;
    this.inString = false;
    this.escape = false;
    // Had the scan found an end here, the parser would have: retry then.
    if (this.scan(b, s, e)) this.scanning = false;
  }

  /** Scans the value at b[s] from where the last scan stopped; true when it may be complete. */
  private scan(b: Uint8Array, s: number, e: number): boolean {
    let depth = this.depth;
    let inString = this.inString;
    let escape = this.escape;
    let i = s + this.scanned;
    let done = false;
    for (; i < e; i++) {
      const c = b[i]!;
      if (inString) {
        if (escape) escape = false;
        else if (c === 0x5c) escape = true;
        else if (c === 0x22) {
          inString = false;
          if (depth <= 0) {
            done = true;
            break;
          }
        }
      } else if (c === 0x22) {
        inString = true;
      } else if (c === 0x7b || c === 0x5b) {
        depth++;
      } else if (c === 0x7d || c === 0x5d) {
        if (--depth <= 0) {
          done = true;
          break;
        }
      }
    }
    this.depth = depth;
    this.inString = inString;
    this.escape = escape;
    this.scanned = i - s;
    return done;
  }

  private keep(chunk: Uint8Array, used: number): void {
    const n = chunk.length - used;
    if (this.pending.length < n) this.pending = new Uint8Array(Math.max(n * 2, 1024));
    this.pending.set(chunk.subarray(used));
    this.start = 0;
    this.stop = n;
  }

  private append(chunk: Uint8Array): void {
    const n = this.stop - this.start;
    if (this.stop + chunk.length > this.pending.length) {
      if (n + chunk.length > this.pending.length) {
        const next = new Uint8Array(Math.max((n + chunk.length) * 2, 1024));
        next.set(this.pending.subarray(this.start, this.stop));
        this.pending = next;
      } else {
        this.pending.copyWithin(0, this.start, this.stop);
      }
      this.start = 0;
      this.stop = n;
    }
    this.pending.set(chunk, this.stop);
    this.stop += chunk.length;
  }
}

/**
 * Why `b` is not one JSON value, in zq's words, or null when it is. For
 * readers that parse JSON natively but report errors as zq does.
 */
export function jsonSyntaxReason(b: Uint8Array, ctx: TypeContext): string | null {
  let s = 0;
  while (s < b.length && isSpace(b[s]!)) s++;
  if (s >= b.length) return UNEXPECTED_END;
  const parser = new JsonParser(ctx, 64);
  try {
    parser.parseTop(b, s, b.length, true);
  } catch (err) {
    if (err instanceof JsonSyntaxError) return err.reason;
    throw err;
  }
  let p = parser.pos;
  while (p < b.length && isSpace(b[p]!)) p++;
  return p < b.length ? `invalid character ${goQuoteByte(b[p]!)} after top-level value` : null;
}
