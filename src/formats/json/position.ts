// Line and column bookkeeping for text readers that drop consumed input:
// counts the lines of what was consumed so an error later can still say
// where it is. Columns count characters (UTF-8 lead bytes), from 1.

import { ParseError } from '../../errors/index.js';

function chars(b: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if ((b[i]! & 0xc0) !== 0x80) n++;
  return n;
}

export class LineCounter {
  /** Line (1-based) of the next unconsumed byte. */
  private line = 1;
  /** Characters between the last newline and the next unconsumed byte. */
  private col = 0;

  /** Notes that `b[from:to]` was consumed. */
  advance(b: Uint8Array, from: number, to: number): void {
    let last = -1;
    for (let i = b.indexOf(10, from); i >= 0 && i < to; i = b.indexOf(10, i + 1)) {
      this.line++;
      last = i;
    }
    if (last < 0) this.col += chars(b, from, to);
    else this.col = chars(b, last + 1, to);
  }

  /** Notes that `n` whole lines (each ending in a newline, if any) were consumed. */
  advanceLines(n: number): void {
    if (n === 0) return;
    this.line += n;
    this.col = 0;
  }

  /** A ParseError at `b[at]`, where `b[from:]` is the unconsumed input. */
  error(reason: string, b: Uint8Array, from: number, at: number): ParseError {
    let line = this.line;
    let last = -1;
    for (let i = b.indexOf(10, from); i >= 0 && i < at; i = b.indexOf(10, i + 1)) {
      line++;
      last = i;
    }
    const col = last < 0 ? this.col + chars(b, from, at) : chars(b, last + 1, at);
    return new ParseError(reason, line, col + 1);
  }
}
