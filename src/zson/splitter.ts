// Finds where complete top-level ZSON values end in a stream of text pieces,
// so the parser only ever sees whole values. One state machine runs over
// every character once, tracking bracket depth, strings and comments; a
// value is complete when the next thing after it (past space and comments)
// is known not to be a '(' that would start a decorator.

import { isNewline, isSpace, isWordChar } from './lexer.js';

const enum St {
  /** Between values: nothing of the next value seen yet. */
  Idle,
  /** After '%', '|' or '=>' at the top level: the value continues. */
  Prefix,
  /** Inside an unquoted word at the top level. */
  Word,
  /** A top-level value ended; a '(' would continue it with a decorator. */
  After,
  /** As After, just after ']' or '}', where '|' may still close a set or map. */
  AfterClose,
  /** Inside brackets. */
  Nest,
  Quoted,
  QuotedEscape,
  Backtick,
  LineComment,
  BlockComment,
  BlockStar,
  /** After '/' outside a word: a comment may start. */
  Slash,
  /** After '/' inside a top-level word. */
  WordSlash,
  /** After '=' inside brackets, where '>' belongs to '=>', not to a type value. */
  Eq,
  /** After '=' at the top level. */
  TopEq,
}

const enum C {
  Quote = 34,
  Percent = 37,
  LParen = 40,
  RParen = 41,
  Star = 42,
  Comma = 44,
  Slash = 47,
  LT = 60,
  Eq = 61,
  GT = 62,
  LBracket = 91,
  Backslash = 92,
  RBracket = 93,
  Backtick = 96,
  LBrace = 123,
  Pipe = 124,
  RBrace = 125,
  LF = 10,
}

// ASCII characters that need no attention inside brackets.
const NEST_SKIP = new Uint8Array(128).fill(1);
for (const ch of '"`/=()[]{}<>') NEST_SKIP[ch.charCodeAt(0)] = 0;

export class ValueSplitter {
  private st = St.Idle;
  private depth = 0;
  /** The state a comment, or a '/' that starts none, returns to. */
  private ret = St.Idle;
  /** Absolute offset of a pending '/'. */
  private slashAt = 0;
  /** Absolute offset of the next piece's first character. */
  private offset = 0;

  /**
   * Scans the next piece of text and appends to `out` the absolute offsets
   * (counted in UTF-16 units from the stream's start) at which complete
   * top-level values end, each being where the next value starts.
   */
  scan(piece: string, out: number[]): void {
    let st = this.st;
    let depth = this.depth;
    let ret = this.ret;
    const base = this.offset;
    const n = piece.length;
    for (let i = 0; i < n; i++) {
      const c = piece.charCodeAt(i);
      switch (st) {
        case St.Nest: {
          // Most characters inside brackets matter not at all: skip them fast.
          let d = c;
          while (d >= 128 || NEST_SKIP[d] === 1) {
            if (++i >= n) break;
            d = piece.charCodeAt(i);
          }
          if (i >= n) continue;
          switch (d) {
            case C.Quote:
              st = St.Quoted;
              break;
            case C.Backtick:
              st = St.Backtick;
              break;
            case C.Slash:
              ret = St.Nest;
              this.slashAt = base + i;
              st = St.Slash;
              break;
            case C.Eq:
              st = St.Eq;
              break;
            case C.LParen:
            case C.LBracket:
            case C.LBrace:
            case C.LT:
              depth++;
              break;
            case C.RParen:
            case C.RBracket:
            case C.RBrace:
            case C.GT:
              if (--depth === 0) st = d === C.RBracket || d === C.RBrace ? St.AfterClose : St.After;
              break;
          }
          continue;
        }
        case St.Quoted: {
          let d = c;
          while (d !== C.Quote && d !== C.Backslash && d !== C.LF) {
            if (++i >= n) break;
            d = piece.charCodeAt(i);
          }
          if (i >= n) continue;
          // An unescaped newline ends the string here; the parser reports it.
          if (d === C.Backslash) st = St.QuotedEscape;
          else st = depth > 0 ? St.Nest : St.After;
          continue;
        }
        case St.QuotedEscape:
          st = St.Quoted;
          continue;
        case St.Backtick:
          if (c === C.Backtick) st = depth > 0 ? St.Nest : St.After;
          continue;
        case St.LineComment:
          if (isNewline(c)) st = ret;
          continue;
        case St.BlockComment:
          if (c === C.Star) st = St.BlockStar;
          continue;
        case St.BlockStar:
          if (c === C.Slash) st = ret;
          else if (c !== C.Star) st = St.BlockComment;
          continue;
        case St.Slash:
          if (c === C.Slash) {
            st = St.LineComment;
            continue;
          }
          if (c === C.Star) {
            st = St.BlockComment;
            continue;
          }
          // Not a comment: the '/' is content (of a value that is an error).
          if (ret === St.Nest) {
            st = St.Nest;
          } else {
            if (ret === St.After) out.push(this.slashAt);
            st = St.Word;
          }
          i--;
          continue;
        case St.WordSlash:
          if (c === C.Slash || c === C.Star) {
            // The word ended at the first '/'.
            ret = St.After;
            st = c === C.Slash ? St.LineComment : St.BlockComment;
          } else {
            st = St.Word;
            i--;
          }
          continue;
        case St.Eq:
          st = St.Nest;
          if (c !== C.GT) i--;
          continue;
        case St.TopEq:
          if (c === C.GT) {
            st = St.Prefix;
          } else {
            st = St.After;
            i--;
          }
          continue;
        case St.Word:
          if (c === C.Slash) {
            this.slashAt = base + i;
            st = St.WordSlash;
            continue;
          }
          if (isWordChar(c)) continue;
          st = St.After;
          i--;
          continue;
      }
      // Top level, between tokens: Idle, Prefix, After or AfterClose.
      if (isSpace(c)) {
        if (st === St.AfterClose) st = St.After;
        continue;
      }
      if (c === C.Slash) {
        ret = st === St.AfterClose ? St.After : st;
        this.slashAt = base + i;
        st = St.Slash;
        continue;
      }
      if (st === St.After || st === St.AfterClose) {
        if (st === St.AfterClose && c === C.Pipe) {
          st = St.After;
          continue;
        }
        if (c === C.LParen) {
          depth = 1;
          st = St.Nest;
          continue;
        }
        out.push(base + i);
        st = St.Idle;
      }
      switch (c) {
        case C.Quote:
          st = St.Quoted;
          break;
        case C.Backtick:
          st = St.Backtick;
          break;
        case C.LParen:
        case C.LBracket:
        case C.LBrace:
        case C.LT:
          depth = 1;
          st = St.Nest;
          break;
        case C.RParen:
        case C.RBracket:
        case C.RBrace:
        case C.GT:
        case C.Comma:
          st = St.After;
          break;
        case C.Percent:
        case C.Pipe:
          st = St.Prefix;
          break;
        case C.Eq:
          st = St.TopEq;
          break;
        default:
          st = St.Word;
      }
    }
    this.st = st;
    this.depth = depth;
    this.ret = ret;
    this.offset = base + n;
  }
}
