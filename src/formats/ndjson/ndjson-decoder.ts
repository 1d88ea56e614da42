// The NDJSON reader: one JSON value per line, mapped to Zed as the JSON
// reader maps it (same core). Blank lines are skipped; a value may not span
// lines, and an error names its line and column.

import type { Decoder } from '../codec.js';
import { LineSplitter } from '../../util/line-splitter.js';
import { ParseError } from '../../errors/index.js';
import type { TypeContext, Value } from '../../zed/index.js';
import { JsonParser, JsonSyntaxError, goQuoteByte, isSpace } from '../json/json-decoder.js';

export class NdjsonDecoder implements Decoder {
  private readonly parser: JsonParser;
  private readonly lines = new LineSplitter();
  private readonly onLine = (b: Uint8Array, s: number, e: number): void => this.parseLine(b, s, e);
  /** Lines seen so far. */
  private line = 0;
  private failed: unknown = undefined;

  /** `fields`: the top-level fields a query uses; records may leave the others out. */
  constructor(ctx: TypeContext, fields?: readonly string[]) {
    this.parser = new JsonParser(ctx, 4096, fields);
  }

  push(chunk: Uint8Array): Value[] {
    if (this.failed !== undefined) throw this.failed;
    try {
      this.pushLines(chunk);
    } catch (err) {
      return this.fail(err);
    }
    return this.parser.take();
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
    this.lines.push(chunk, this.onLine);
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
