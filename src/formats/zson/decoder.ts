// The streaming ZSON reader (a format Decoder). Text is decoded with one streaming TextDecoder; the splitter
// marks where complete top-level values end, so values are parsed once each,
// whatever the chunking, and the work stays linear in the input.

import type { ParseError } from '../../errors/index.js';
import type { TypeContext, Value } from '../../zed/index.js';
import type { Decoder } from '../codec.js';
import { ZsonParser, ValueSplitter } from '../../zson/index.js';

export class ZsonDecoder implements Decoder {
  private readonly text = new TextDecoder('utf-8', { fatal: true });
  private readonly splitter = new ValueSplitter();
  private readonly parser: ZsonParser;
  /** Text not yet parsed, in the pieces it arrived in. */
  private pieces: string[] = [];
  /** Absolute offset of the first pending character. */
  private base = 0;
  /** Line and column of the first pending character. */
  private line = 1;
  private col = 1;
  private readonly bounds: number[] = [];
  private failure: unknown = null;

  constructor(ctx: TypeContext) {
    this.parser = new ZsonParser(ctx);
  }

  push(chunk: Uint8Array): Value[] {
    if (this.failure !== null) throw this.failure;
    const s = this.decode(chunk, true);
    if (s.length === 0) return [];
    this.pieces.push(s);
    this.splitter.scan(s, this.bounds);
    return this.bounds.length === 0 ? [] : this.run(false);
  }

  end(): Value[] {
    if (this.failure !== null) throw this.failure;
    const s = this.decode(new Uint8Array(0), false);
    if (s.length > 0) this.pieces.push(s);
    return this.run(true);
  }

  private decode(chunk: Uint8Array, stream: boolean): string {
    try {
      return this.text.decode(chunk, { stream });
    } catch (e) {
      throw this.fail(this.errorAtEnd('invalid UTF-8 in ZSON input', e));
    }
  }

  private errorAtEnd(reason: string, cause: unknown): ParseError {
    const s = this.pieces.join('');
    this.parser.setText(s, 0, s.length, this.line, this.col);
    const err = this.parser.errorAt(reason, s.length);
    err.cause = cause;
    return err;
  }

  private fail(e: unknown): unknown {
    this.failure = e;
    return e;
  }

  /** Parses the complete values pending (all of them at the end of input). */
  private run(final: boolean): Value[] {
    const s = this.pieces.length === 1 ? this.pieces[0]! : this.pieces.join('');
    const p = this.parser;
    p.setText(s, 0, s.length, this.line, this.col);
    const out: Value[] = [];
    let start = 0;
    try {
      for (const bound of this.bounds) {
        const stop = bound - this.base;
        p.setRange(start, stop);
        p.parseValues(out);
        start = stop;
      }
      if (final) {
        p.setRange(start, s.length);
        p.parseValues(out);
        start = s.length;
      }
    } catch (e) {
      throw this.fail(e);
    }
    this.bounds.length = 0;
    this.advance(s, start);
    this.pieces = start < s.length ? [s.slice(start)] : [];
    this.base += start;
    return out;
  }

  /** Moves the line and column past the parsed text s[0:n]. */
  private advance(s: string, n: number): void {
    let last = -1;
    for (let i = s.indexOf('\n'); i >= 0 && i < n; i = s.indexOf('\n', i + 1)) {
      this.line++;
      last = i;
    }
    this.col = last < 0 ? this.col + n : n - last;
  }
}
