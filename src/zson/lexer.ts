// The ZSON lexer: a cursor over text already known to hold complete values,
// with whitespace and comment skipping, the token scanners the parsers share
// (words, names, quoted and backtick strings) and errors that carry a line
// and column. Character classes are shared with the streaming splitter.

import { ParseError } from '../errors/index.js';
import { foldIndentation, unescapeString } from './string-escape.js';
import { lazyRegExp } from '../util/lazy-regexp.js';

const enum Ch {
  LF = 10,
  Quote = 34,
  Dollar = 36,
  Percent = 37,
  LParen = 40,
  RParen = 41,
  Star = 42,
  Slash = 47,
  LT = 60,
  Eq = 61,
  GT = 62,
  LBracket = 91,
  Backslash = 92,
  RBracket = 93,
  Underscore = 95,
  Backtick = 96,
  LBrace = 123,
  Pipe = 124,
  RBrace = 125,
}

/** Unicode whitespace as Go's unicode.IsSpace, plus the byte-order mark. */
export function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0x85) return false;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Characters that end a line comment (Unicode newlines, as Zed's lexer). */
export function isNewline(c: number): boolean {
  return (c >= 10 && c <= 13) || c === 0x85 || c === 0x2028 || c === 0x2029;
}

// ASCII characters that are punctuation in ZSON and so end a word.
const PUNCT = new Uint8Array(128);
for (const ch of '"`()[]{}<>,|%=') PUNCT[ch.charCodeAt(0)] = 1;

// ASCII characters that may appear in an unquoted primitive word.
const WORD = new Uint8Array(128);
for (let c = 33; c < 128; c++) WORD[c] = PUNCT[c] === 0 ? 1 : 0;

/** True for characters that may appear in an unquoted primitive word. */
export function isWordChar(c: number): boolean {
  if (c < 128) return WORD[c] === 1;
  return !isSpace(c);
}

const letterRE = lazyRegExp(String.raw`^\p{L}$`, 'u');

function isLetter(c: number, s: string, i: number): boolean {
  if (c < 0x80) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  return letterRE().test(String.fromCodePoint(s.codePointAt(i)!));
}

/** Identifier characters that may start a name (unicode letters, _ and $). */
export function isIdStart(c: number, s: string, i: number): boolean {
  return c === Ch.Underscore || c === Ch.Dollar || isLetter(c, s, i);
}

// ASCII characters of unquoted type names: letters, digits, _, $ and '.'.
const TYPE_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9_$.]/.test(ch)) TYPE_CHAR[c] = 1;
}

/** `s` in Unicode normal form C, as Zed stores strings (text below U+0300 already is). */
export function toNfc(s: string): string {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x300) return s.normalize('NFC');
  return s;
}

/**
 * A ParseError that a decorator later in the text might avoid (a typing
 * error). Its message is the bare reason, as Zed's analyzer gives it (it
 * knows no positions); line and column still say where.
 */
export class TypingError extends ParseError {
  constructor(reason: string, line: number, column: number) {
    super(reason, line, column, reason);
    this.name = 'ParseError';
  }
}

export class Lexer {
  protected s = '';
  protected pos = 0;
  protected end = 0;
  /** Line and column of s[0]. */
  private line0 = 1;
  private col0 = 1;

  /** Points the lexer at `s[start:end]`; `line` and `col` locate `s[0]` in the input. */
  setText(s: string, start = 0, end = s.length, line = 1, col = 1): void {
    this.s = s;
    this.pos = start;
    this.end = end;
    this.line0 = line;
    this.col0 = col;
  }

  setRange(start: number, end: number): void {
    this.pos = start;
    this.end = end;
  }

  /** True when the cursor is at the end of the text range. */
  atEnd(): boolean {
    return this.pos >= this.end;
  }

  /** A ParseError at offset `at` of the text. */
  errorAt(reason: string, at = this.pos, typing = false): ParseError {
    const s = this.s;
    let line = this.line0;
    let lineStart = -1;
    for (let i = s.indexOf('\n'); i >= 0 && i < at; i = s.indexOf('\n', i + 1)) {
      line++;
      lineStart = i;
    }
    const col = lineStart < 0 ? this.col0 + at : at - lineStart;
    return typing ? new TypingError(reason, line, col) : new ParseError(reason, line, col);
  }

  protected fail(reason: string, at = this.pos): never {
    throw this.errorAt(reason, at);
  }

  /** Throws an error of typing (not syntax), which a later decorator may make moot. */
  protected failTyping(reason: string, at = this.pos): never {
    throw this.errorAt(reason, at, true);
  }

  /** Skips whitespace and comments. An unterminated block comment runs to the end, as in Zed. */
  skipSpace(): void {
    const s = this.s;
    const end = this.end;
    let pos = this.pos;
    while (pos < end) {
      const c = s.charCodeAt(pos);
      if (isSpace(c)) {
        pos++;
        continue;
      }
      if (c === Ch.Slash && pos + 1 < end) {
        const d = s.charCodeAt(pos + 1);
        if (d === Ch.Slash) {
          pos += 2;
          while (pos < end && !isNewline(s.charCodeAt(pos))) pos++;
          if (pos < end) pos++;
          continue;
        }
        if (d === Ch.Star) {
          const close = s.indexOf('*/', pos + 2);
          pos = close < 0 || close + 2 > end ? end : close + 2;
          continue;
        }
      }
      break;
    }
    this.pos = pos;
  }

  /** The character at the cursor, or -1 at the end. */
  protected peek(): number {
    return this.pos < this.end ? this.s.charCodeAt(this.pos) : -1;
  }

  /** Skips space, then consumes `c` if it is next. */
  protected eat(c: number): boolean {
    this.skipSpace();
    if (this.pos < this.end && this.s.charCodeAt(this.pos) === c) {
      this.pos++;
      return true;
    }
    return false;
  }

  /** Consumes `c` if it is the very next character. */
  protected eatTight(c: number): boolean {
    if (this.pos < this.end && this.s.charCodeAt(this.pos) === c) {
      this.pos++;
      return true;
    }
    return false;
  }

  /** Scans an unquoted primitive word at the cursor (possibly empty). */
  protected scanWord(): string {
    const s = this.s;
    const end = this.end;
    const start = this.pos;
    let pos = start;
    while (pos < end) {
      const c = s.charCodeAt(pos);
      if (c < 128 ? WORD[c] === 0 : isSpace(c)) break;
      if (c === Ch.Slash && pos + 1 < end) {
        const d = s.charCodeAt(pos + 1);
        if (d === Ch.Slash || d === Ch.Star) break;
      }
      pos++;
    }
    this.pos = pos;
    return s.slice(start, pos);
  }

  /** Scans an unquoted type name (letters, digits, _, $ and .) at the cursor. */
  protected scanTypeChars(): string {
    const s = this.s;
    const end = this.end;
    const start = this.pos;
    let pos = start;
    while (pos < end) {
      const c = s.charCodeAt(pos);
      if (c < 128) {
        if (TYPE_CHAR[c] === 0) break;
        pos++;
      } else {
        if (!isLetter(c, s, pos)) break;
        pos += c >= 0xd800 && c <= 0xdbff ? 2 : 1;
      }
    }
    this.pos = pos;
    return s.slice(start, pos);
  }

  /**
   * A type name after skipping space: a quoted string or type characters
   * (zson.Lexer.scanTypeName); "" when there is none.
   */
  protected scanTypeName(): string {
    this.skipSpace();
    if (this.peek() === Ch.Quote) return this.scanQuoted();
    return this.scanTypeChars();
  }

  /**
   * A field name or enum symbol after skipping space: a quoted string or an
   * identifier; null when neither starts here.
   */
  protected matchSymbol(): string | null {
    this.skipSpace();
    const c = this.peek();
    if (c === Ch.Quote) return this.scanQuoted();
    if (c < 0 || !isIdStart(c, this.s, this.pos)) return null;
    const at = this.pos;
    const name = this.scanTypeChars();
    if (name.indexOf('.') >= 0) this.fail('malformed identifier', at);
    return name;
  }

  /** Set by scanQuoted: the string has only ASCII characters and no escapes. */
  protected quotedAscii = false;

  /** Scans a double-quoted string at the cursor, decoding JSON escapes. */
  protected scanQuoted(): string {
    const s = this.s;
    const end = this.end;
    const open = this.pos;
    let pos = open + 1;
    let escaped = false;
    let high = 0;
    for (;;) {
      if (pos >= end) this.fail('parse error: mismatched string quotes', open);
      const c = s.charCodeAt(pos);
      high |= c;
      if (c === Ch.Quote) break;
      if (c === Ch.Backslash) {
        escaped = true;
        pos += 2;
        continue;
      }
      if (c === Ch.LF) this.fail('parse error: string literal: unescaped line break', pos);
      pos++;
    }
    this.pos = pos + 1;
    if (escaped) {
      this.quotedAscii = false;
      return unescapeString(s, open + 1, pos, (reason, at) => this.fail(reason, at));
    }
    this.quotedAscii = high < 128;
    return s.slice(open + 1, pos);
  }

  /**
   * Scans a backtick string at the cursor. Unless `keepIndent` (the `=>`
   * form), each newline and the whitespace after it become one newline and a
   * leading newline is dropped.
   */
  protected scanBacktick(keepIndent: boolean): string {
    const open = this.pos;
    const close = this.s.indexOf('`', open + 1);
    if (close < 0 || close >= this.end) this.fail('parse error: parsing backtick string literal', open);
    this.pos = close + 1;
    const raw = this.s.slice(open + 1, close);
    return keepIndent ? raw : foldIndentation(raw);
  }

  /** Skips a value without its decorators by syntax alone (after a typing error in it). */
  skipAny(): void {
    this.skipSpace();
    switch (this.peek()) {
      case Ch.Quote:
        this.scanQuoted();
        return;
      case Ch.Backtick:
        this.scanBacktick(false);
        return;
      case Ch.Eq:
        this.pos += 2;
        this.skipSpace();
        if (this.peek() === Ch.Backtick) this.scanBacktick(true);
        return;
      case Ch.Percent:
        this.pos++;
        this.matchSymbol();
        return;
      case Ch.Pipe:
        this.pos++;
        this.skipBalanced();
        this.eatTight(Ch.Pipe);
        return;
      case Ch.LBrace:
      case Ch.LBracket:
      case Ch.LT:
        this.skipBalanced();
        return;
    }
    const w = this.scanWord();
    if (w === '') {
      if (this.pos < this.end) this.pos++;
    } else if (w === 'error') {
      this.skipSpace();
      if (this.peek() === Ch.LParen) this.skipBalanced();
    }
  }

  /** Skips from an opening bracket past its closing one, minding strings and comments. */
  protected skipBalanced(): void {
    const s = this.s;
    let depth = 0;
    while (this.pos < this.end) {
      const c = s.charCodeAt(this.pos);
      switch (c) {
        case Ch.Quote:
          this.scanQuoted();
          continue;
        case Ch.Backtick:
          this.scanBacktick(false);
          continue;
        case Ch.Slash: {
          const at = this.pos;
          this.skipSpace();
          if (this.pos === at) this.pos++;
          continue;
        }
        case Ch.Eq:
          this.pos += s.charCodeAt(this.pos + 1) === Ch.GT ? 2 : 1;
          continue;
        case Ch.LParen:
        case Ch.LBracket:
        case Ch.LBrace:
        case Ch.LT:
          depth++;
          break;
        case Ch.RParen:
        case Ch.RBracket:
        case Ch.RBrace:
        case Ch.GT:
          if (--depth <= 0) {
            this.pos++;
            return;
          }
      }
      this.pos++;
    }
  }
}
