// Go regular expressions (package regexp, RE2 syntax, Go 1.21 as Zed v1.18.0
// is built) on re2js, a linear-time RE2 engine: no pattern can make a match
// take more than time proportional to the input, unlike a backtracking
// RegExp. Matching works on UTF-8 bytes, as Go's does, so offsets are byte
// offsets and invalid bytes match as U+FFFD one byte wide. Syntax errors read
// as Go's ("error parsing regexp: missing closing ): `a(b`"); re2-syntax.ts
// covers the two places where re2js's parser and Go's differ.

import { RE2JS, RE2JSSyntaxException } from 're2js';
import { BacktrackState, backtrack, canBacktrack, firstBytes, type BacktrackProgram } from './re2-backtrack.js';
import { patternShape, withoutGroupNames } from './re2-syntax.js';

type Engine = ReturnType<RE2JS['re2']>;

/** re2js's anchor flags (RE2Flags). */
const UNANCHORED = 0;
const ANCHOR_START = 1;
/** The empty-width condition of a match that must start at the beginning of the text. */
const BEGIN_TEXT = 4;
/** Input length from which an anchored DFA run pays for its overhead. */
const ANCHOR_MIN = 256;

/** Error codes whose Go error quotes the whole pattern rather than a piece of it. */
const WHOLE = new Set(['missing closing )', 'unexpected )', 'expression nests too deeply', 'expression too large']);
const DUPLICATE_NAME = 'duplicate capture group name';
// Lone surrogates cannot be spelled in UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A compiled Go regexp. */
export class GoRegexp {
  /** Group names by index ('' when unnamed); index 0 is the whole match. */
  readonly names: readonly string[];
  /** Number of capturing groups. */
  readonly numSubexp: number;
  private scratch: BacktrackState | undefined;
  private first: Uint8Array | null = null;

  constructor(
    /** The Go pattern text. */
    readonly source: string,
    private readonly engine: Engine,
    names: readonly string[],
  ) {
    this.names = names;
    this.numSubexp = names.length - 1;
  }

  /** Whether `s` (UTF-8 bytes, or a string) holds a match: Go's Match and MatchString. */
  test(s: Uint8Array | string): boolean {
    const e = this.engine;
    // re2js's DFA stops early only when told a match must start at 0; that call costs more, so only for long input.
    if ((e.cond & BEGIN_TEXT) !== 0 && s.length > ANCHOR_MIN) return (e.matchWithGroup(s, 0, s.length, ANCHOR_START, 0) as [boolean])[0];
    return typeof s === 'string' ? e.match(s) : e.matchUTF8(s);
  }

  /**
   * Go's FindSubmatchIndex on UTF-8 bytes, searching from byte `from` (the
   * bytes before it still count for ^, \b and \B): [start, end] of the match
   * and of each of the first `groups` groups (-1 where a group took no part),
   * or null when nothing matches. `dfaFirst` false skips the DFA test, for
   * callers that found a match already (the next search of a ReplaceAll).
   */
  exec(s: Uint8Array, from = 0, groups = this.numSubexp, dfaFirst = true): number[] | null {
    const e = this.engine;
    // re2js's one-pass matcher and its literal matches are fast.
    if (e.onepass === null && !e.prefixComplete) {
      // Its DFA rules out a non-match faster than any search for groups.
      if (dfaFirst && !(e.matchWithGroup(s, from, s.length, UNANCHORED, 0) as [boolean])[0]) return null;
      // re2js backtracks only small programs on short inputs and otherwise
      // runs its NFA, slow in JavaScript; this backtracker takes far more.
      const prog = e as BacktrackProgram;
      if (canBacktrack(prog, s, from)) {
        if (this.scratch === undefined) {
          this.scratch = new BacktrackState();
          this.first = firstBytes(prog);
        }
        return backtrack(this.scratch, prog, s, from, groups + 1, this.first);
      }
    }
    const [found, cap] = e.matchWithGroup(s, from, s.length, UNANCHORED, groups + 1) as [boolean, number[] | null];
    return found ? cap : null;
  }
}

/** A Go syntax error as its code and the expression it quotes. */
class ParseFailure {
  constructor(
    readonly code: string,
    readonly expr: string,
  ) {}
}

/** re2js's parse of `text`, or its syntax error. */
function parse(text: string): Engine | ParseFailure {
  try {
    return RE2JS.compile(text).re2();
  } catch (e) {
    if (!(e instanceof RE2JSSyntaxException)) throw e;
    // The trailing backslash error carries no expression in re2js; Go's quotes "".
    return new ParseFailure(e.error, e.input ?? '');
  }
}

/** The engine for `text`; Go allows two groups of one name, re2js does not, so then the names are dropped. */
function engineFor(text: string): Engine | ParseFailure {
  const r = parse(text);
  if (r instanceof ParseFailure && r.code === DUPLICATE_NAME) return parse(withoutGroupNames(text));
  return r;
}

/** Characters that spell no Perl group flag, to put in place of the '<' of "(?<". */
const SENTINELS = ["'", '`', '~', '#', '%', '&', ';', '"'];

/**
 * Go 1.21 has no (?<name>) groups: the error is at the "(?<" unless the text
 * before it fails first. re2js finds that first failure when the '<' is
 * replaced by a character that fails the same way, at the same place.
 */
function angleGroupFailure(pattern: string, at: number): ParseFailure {
  const angle = new ParseFailure('invalid or unsupported Perl syntax', '(?<');
  const sentinel = SENTINELS.find((c) => !pattern.includes(c));
  if (sentinel === undefined) return angle;
  const r = engineFor(pattern.slice(0, at + 2) + sentinel + pattern.slice(at + 3));
  if (!(r instanceof ParseFailure) || (r.code === angle.code && r.expr === '(?' + sentinel)) return angle;
  return r;
}

export interface RegexpOptions {
  /**
   * Quote the whole pattern in every error, as Zed's expr.CompileRegexp
   * does for search and `~` patterns; regexp.Compile (the regexp functions,
   * grok, pool patterns) quotes the offending piece.
   */
  readonly wholeExpr?: boolean;
}

/** Compiles Go pattern text, or returns Go's error text. */
export function compileGoRegexp(pattern: string, opts: RegexpOptions = {}): GoRegexp | string {
  const fail = (e: ParseFailure) => {
    const expr = opts.wholeExpr === true || WHOLE.has(e.code) ? pattern : e.expr;
    return `error parsing regexp: ${e.code}: \`${expr}\``;
  };
  const bad = LONE_SURROGATE.exec(pattern);
  if (bad !== null) return fail(new ParseFailure('invalid UTF-8', pattern.slice(bad.index)));
  const shape = patternShape(pattern);
  if (shape.angleGroup >= 0) return fail(angleGroupFailure(pattern, shape.angleGroup));
  const engine = engineFor(pattern);
  if (engine instanceof ParseFailure) return fail(engine);
  if (engine.numberOfCapturingGroups() !== shape.names.length - 1) {
    // The lexical pass and re2js disagree on the groups; keep re2js's count and its names.
    const names = new Array<string>(engine.numberOfCapturingGroups() + 1).fill('');
    for (const [name, i] of Object.entries(engine.namedGroups)) names[i] = name;
    return new GoRegexp(pattern, engine, names);
  }
  return new GoRegexp(pattern, engine, shape.names);
}
