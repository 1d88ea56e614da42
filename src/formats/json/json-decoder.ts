// The JSON reader (zq -i json): a stream of JSON values separated by
// optional whitespace, values spanning lines and chunks. A top-level array
// is one array value, as in zio/jsonio. Complete values are found by
// parsing; a value cut off by the chunk end is then tracked by a cheap
// bracket scan and parsed again only once it may be complete, so a huge
// value costs linear time overall.

import type { Decoder } from '../codec.js';
import type { TypeContext, Value } from '../../zed/index.js';
import { JsonParser } from './json-parser.js';
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

  /** `fields`: the top-level fields a query uses; records may leave the others out. */
  constructor(ctx: TypeContext, fields?: readonly string[]) {
    this.parser = new JsonParser(ctx, 4096, fields);
  }

  push(chunk: Uint8Array): Value[] {
    if (this.failed !== undefined) throw this.failed;
    if (chunk.length === 0) return [];
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
    return this.parser.take();
  }

  end(): Value[] {
    if (this.failed !== undefined) throw this.failed;
    try {
      this.start = this.drain(this.pending, this.start, this.stop, true);
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

  /** Parses the values in b[s:e]; returns the offset of the first unconsumed byte. */
  private drain(b: Uint8Array, s: number, e: number, final: boolean): number {
    const parser = this.parser;
    parser.begin(e - s);
    const from = s;
    for (;;) {
      while (s < e && isSpace(b[s]!)) s++;
      if (s >= e) break;
      if (this.scanning && !final && !this.scan(b, s, e)) break;
      this.scanning = false;
      let t;
      try {
        t = parser.parseTop(b, s, e, final);
      } catch (err) {
        if (err === INCOMPLETE) {
          this.startScan(b, s, e);
          break;
        }
        if (err instanceof JsonSyntaxError) throw this.lines.error(err.reason, b, from, err.offset);
        throw err;
      }
      parser.commit(t);
      s = parser.pos;
    }
    this.lines.advance(b, from, s);
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
