// The scanning core of the query parser: a position in the query text with
// backtracking, lookahead and the farthest-failure bookkeeping that places
// syntax errors where Zed places them.
//
// Zed's parser reports a syntax error at the farthest offset where a terminal
// (a literal or a character class) was tried and did not match; inside a
// negative lookahead the sense flips and a terminal that does match counts.
// Every terminal test below goes through `note` so that the error offset
// comes out the same as Zed's for the same exploration.

import type { Loc } from '../ast/index.js';
import { isLineTerminator, whiteSpace, type CharClass } from './chars.js';

/** Thrown to stop parsing at once, as Zed does when a grammar action fails. */
export class Abort {
  /** Offsets of the errors, in the order Zed reports them. */
  readonly offsets: readonly number[];
  constructor(offsets: readonly number[]) {
    this.offsets = offsets;
  }
}

/** Stops the parse with one error at `offset`. */
export function abortAt(offset: number): never {
  throw new Abort([offset]);
}

/** A memoized parse result: the node (or null for no match) and where it ended. */
interface MemoEntry {
  readonly node: unknown;
  readonly end: number;
}

export class Cursor {
  readonly src: string;
  pos = 0;
  /** Farthest offset where a terminal failed (see the file comment). */
  farthest = 0;
  private inverted = false;
  private readonly memos = new Map<string, Map<number, MemoEntry>>();

  constructor(src: string) {
    this.src = src;
  }

  /** Records the outcome of one terminal test that started at `at`. */
  note(at: number, matched: boolean): void {
    if (matched === this.inverted && at > this.farthest) this.farthest = at;
  }

  /** Matches the literal `s` (case-sensitive). */
  lit(s: string): boolean {
    const at = this.pos;
    if (this.src.startsWith(s, at)) {
      this.pos = at + s.length;
      this.note(at, true);
      return true;
    }
    this.note(at, false);
    return false;
  }

  /** Matches one code point satisfying `pred`. */
  cls(pred: (c: number) => boolean): boolean {
    const at = this.pos;
    const c = this.src.codePointAt(at);
    if (c !== undefined && pred(c)) {
      this.pos = at + (c > 0xffff ? 2 : 1);
      this.note(at, true);
      return true;
    }
    this.note(at, false);
    return false;
  }

  /**
   * Matches one code point against an ordered choice of classes. Each class
   * is a separate terminal test, so a character that only a later class
   * accepts still counts as a failure of the earlier ones, as in Zed.
   */
  alt(classes: CharClass): boolean {
    const at = this.pos;
    const c = this.src.codePointAt(at);
    for (const pred of classes) {
      if (c !== undefined && pred(c)) {
        this.pos = at + (c > 0xffff ? 2 : 1);
        this.note(at, true);
        return true;
      }
      this.note(at, false);
    }
    return false;
  }

  /** Matches any one code point (PEG `.`). */
  any(): boolean {
    return this.cls(() => true);
  }

  /** PEG `!.` */
  eof(): boolean {
    return this.not(() => this.any());
  }

  /** Negative lookahead: true when `fn` does not match; never consumes. */
  not(fn: () => unknown): boolean {
    const at = this.pos;
    this.inverted = !this.inverted;
    let r: unknown;
    try {
      r = fn();
    } finally {
      this.inverted = !this.inverted;
      this.pos = at;
    }
    return !matched(r);
  }

  /** Positive lookahead: true when `fn` matches; never consumes. */
  and(fn: () => unknown): boolean {
    const at = this.pos;
    const r = fn();
    this.pos = at;
    return matched(r);
  }

  /** Runs `fn`; on no match (null or false) restores the position. */
  attempt<T>(fn: () => T): T {
    const at = this.pos;
    const r = fn();
    if (!matched(r)) this.pos = at;
    return r;
  }

  /** Memoizes `fn` per start offset under `key` (Zed memoizes its left-recursive rule). */
  memo<T>(key: string, fn: () => T | null): T | null {
    let table = this.memos.get(key);
    if (table === undefined) {
      table = new Map();
      this.memos.set(key, table);
    }
    const at = this.pos;
    const hit = table.get(at);
    if (hit !== undefined) {
      this.pos = hit.end;
      return hit.node as T | null;
    }
    const node = fn();
    if (node === null) this.pos = at;
    table.set(at, { node, end: this.pos });
    return node;
  }

  /** PEG `__`: any run of whitespace, line terminators and `//` comments. */
  ws0(): true {
    while (this.anySpace());
    return true;
  }

  /** PEG `_`: at least one space. */
  ws1(): boolean {
    if (!this.anySpace()) return false;
    while (this.anySpace());
    return true;
  }

  private anySpace(): boolean {
    return this.alt(whiteSpace) || this.cls(isLineTerminator) || this.comment();
  }

  private comment(): boolean {
    if (!this.lit('//')) return false;
    while (this.not(() => this.cls(isLineTerminator)) && this.any());
    return true;
  }

  /** The span from `start` to the current position. */
  span(start: number): Loc {
    return { start, end: this.pos };
  }

  /** Source text from `start` to the current position. */
  textFrom(start: number): string {
    return this.src.slice(start, this.pos);
  }
}

/**
 * The grammar's empty alternative `""`: it matches, and like any matching
 * terminal it counts inside a negative lookahead. Returns `value`.
 */
export function emptyMatch<T>(p: Cursor, value: T): T {
  p.lit('');
  return value;
}

/** Whether a rule result counts as a match: anything but null and false. */
export function matched(r: unknown): boolean {
  return r !== null && r !== false;
}
