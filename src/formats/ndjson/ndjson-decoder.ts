// The NDJSON reader: one JSON value per line, mapped to Zed as the JSON
// reader maps it (same core). Blank lines are skipped; a value may not span
// lines, and an error names its line and column. The complete lines of each
// chunk go to the WebAssembly fast path first (wasm-lines.ts), which leaves
// to the JavaScript parser what it does not take.

import type { Decoder } from '../codec.js';
import { LineSplitter } from '../../util/line-splitter.js';
import { ParseError } from '../../errors/index.js';
import { Value, type Type, type TypeContext } from '../../zed/index.js';
import { INCOMPLETE, JsonParser, JsonSyntaxError, goQuoteByte, isSpace } from '../json/json-decoder.js';
import { WasmLines, type LineSink } from '../json/wasm-lines.js';

export class NdjsonDecoder implements Decoder {
  private readonly parser: JsonParser;
  private readonly lines = new LineSplitter();
  private readonly onLine = (b: Uint8Array, s: number, e: number): void => this.parseLine(b, s, e);
  /** Lines seen so far. */
  private line = 0;
  private failed: unknown = undefined;
  /** The fast path, when it runs here (until it has left most lines to the parser: then the parser reads alone). */
  private wasm: WasmLines | null;
  /** Lines the fast path took, and those it left to the parser. */
  private taken = 0;
  private left = 0;
  /** The values of the chunk being read on the fast path, in order. */
  private out: Value[] = [];
  private readonly sink: LineSink = {
    record: (t: Type, b: Uint8Array, s: number, e: number): void => {
      this.line++;
      this.taken++;
      this.out.push(new Value(t, b.subarray(s, e)));
    },
    blank: (): void => {
      this.line++;
      this.taken++;
    },
    other: (b: Uint8Array, s: number, e: number): void => {
      // (Into the arena begun for the chunk: values taken from it stay valid, as nothing resets it.)
      this.left++;
      this.parseLine(b, s, e);
      this.takeParsed();
    },
  };

  /**
   * `fields`: the top-level fields a query uses; records may leave the
   * others out. `wasm` false: JavaScript alone (for tests that compare).
   * `borrow`: the values of a push are used only until the next push (see
   * DecoderOptions.borrow), so the fast path's memory is reused.
   */
  constructor(
    ctx: TypeContext,
    fields?: readonly string[],
    wasm = true,
    private readonly borrow = false,
  ) {
    this.parser = new JsonParser(ctx, 4096, fields, true);
    this.wasm = wasm ? WasmLines.open(ctx, fields) : null;
  }

  /** Whether complete lines still go to the fast path. */
  get fast(): boolean {
    return this.wasm !== null;
  }

  push(chunk: Uint8Array): Value[] {
    if (this.failed !== undefined) throw this.failed;
    if (this.wasm !== null) return this.pushFast(chunk, this.wasm);
    try {
      this.pushLines(chunk);
    } catch (err) {
      return this.fail(err);
    }
    return this.parser.take();
  }

  /** push on the fast path: the held line and what the module leaves go to the parser. */
  private pushFast(chunk: Uint8Array, wasm: WasmLines): Value[] {
    this.out = [];
    if (this.borrow) wasm.recycle();
    try {
      this.parser.begin(this.lines.pending + 256);
      const from = this.lines.finishHeld(chunk, this.onLine);
      this.takeParsed();
      const to = chunk.lastIndexOf(10) + 1;
      if (to > from) wasm.lines(chunk, from, to, this.sink);
      const rest = Math.max(from, to);
      if (rest < chunk.length) this.lines.hold(chunk.subarray(rest));
      // A line left to the parser costs it more than alone: past one in five, the parser reads alone.
      if (this.left > 256 && this.left * 4 > this.taken) this.wasm = null;
    } catch (err) {
      this.failed = err;
      if (this.out.length === 0) throw err;
    }
    return this.out;
  }

  /** Moves what the parser holds to the fast path's values. */
  private takeParsed(): void {
    if (this.parser.batchSize === 0) return;
    for (const v of this.parser.take()) this.out.push(v);
  }

  end(): Value[] {
    if (this.failed !== undefined) throw this.failed;
    if (this.lines.pending === 0) return [];
    this.parser.begin(this.lines.pending);
    const rest = this.lines.takeRest();
    try {
      this.parseLine(rest, 0, rest.length);
    } catch (err) {
      // Nothing follows end(): never hold the error back.
      this.failed = err;
      throw err;
    }
    return this.parser.take();
  }

  /** Returns the values parsed before an error; the error comes with the next call. */
  private fail(err: unknown): Value[] {
    this.failed = err;
    if (this.parser.batchSize === 0) throw err;
    return this.parser.take();
  }

  private pushLines(chunk: Uint8Array): void {
    this.parser.begin(this.lines.pending + chunk.length);
    const from = this.lines.finishHeld(chunk, this.onLine);
    const rest = this.parseLines(chunk, from);
    if (rest < chunk.length) this.lines.hold(chunk.subarray(rest));
  }

  /**
   * Parses the lines of b[i:] that end in it, finding each line's end as
   * its value is parsed rather than in a pass of its own. A value the
   * parser cannot take whole from its line (bad JSON, or one that runs onto
   * the next line, where the parser meets the newline) is parsed again
   * from its line alone, by parseLine, which words the error. Returns where
   * the unfinished last line starts (b.length when there is none).
   */
  private parseLines(b: Uint8Array, i: number): number {
    const n = b.length;
    const parser = this.parser;
    let lineStart = i;
    while (i < n) {
      const c = b[i]!;
      if (c === 0x0a) {
        // A blank line.
        this.line++;
        lineStart = ++i;
        continue;
      }
      if (isSpace(c)) {
        i++;
        continue;
      }
      const mark = parser.len;
      let t;
      try {
        t = parser.parseTop(b, i, n, false);
      } catch (err) {
        // (A string runs past a newline to the end of b, as a control
        // character it reports later: then the line ends in b after all.)
        if (err !== INCOMPLETE && !(err instanceof JsonSyntaxError)) throw err;
        const next = this.parseAlone(b, lineStart, i);
        if (next < 0) return lineStart;
        lineStart = i = next;
        continue;
      }
      let p = parser.pos;
      while (p < n && b[p] !== 0x0a && isSpace(b[p]!)) p++;
      if (p >= n || b[p] !== 0x0a) {
        // The line goes on past the chunk, or holds more than the value.
        parser.len = mark;
        const next = p >= n ? -1 : this.parseAlone(b, lineStart, p);
        if (next < 0) return lineStart;
        lineStart = i = next;
        continue;
      }
      parser.commit(t);
      this.line++;
      lineStart = i = p + 1;
    }
    return lineStart;
  }

  /**
   * Parses the line starting at `lineStart` alone when its end (a newline
   * at or after `from`) is in `b`; returns where the next line starts, or
   * -1 when the line goes on past `b`.
   */
  private parseAlone(b: Uint8Array, lineStart: number, from: number): number {
    const nl = b.indexOf(10, from);
    if (nl < 0) return -1;
    this.parseLine(b, lineStart, nl);
    return nl + 1;
  }

  /** Parses the line b[lineStart:e] (without its newline). */
  private parseLine(b: Uint8Array, lineStart: number, e: number): void {
    this.line++;
    let s = lineStart;
    while (s < e && isSpace(b[s]!)) s++;
    if (s >= e) return;
    try {
      const t = this.parser.parseTop(b, s, e, true);
      let p = this.parser.pos;
      while (p < e && isSpace(b[p]!)) p++;
      if (p < e) throw new JsonSyntaxError(`invalid character ${goQuoteByte(b[p]!)} after top-level value`, p);
      this.parser.commit(t);
    } catch (err) {
      if (!(err instanceof JsonSyntaxError)) throw err;
      let col = 1;
      for (let i = lineStart; i < err.offset; i++) if ((b[i]! & 0xc0) !== 0x80) col++;
      throw new ParseError(err.reason, this.line, col);
    }
  }
}
