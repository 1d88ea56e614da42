// A raw-bytes prefilter for line-oriented JSON: a line that is a whole
// top-level object and cannot hold what a query's filter requires is
// dropped before it is parsed. The requirement is a conjunction of clauses,
// each a disjunction of terms, matched on the raw bytes ignoring ASCII case
// (a plain search is one clause of one term). The filter that follows still
// decides; this only skips work. It steps aside for good at the first line
// that is not a one-line object, and keeps any line with a backslash (an
// escape could spell a term).

/**
 * One term: the line holds `text`; when `number` is set, a line that spells
 * some number with an exponent (4.43e2) or as a rounded fraction (442.9999…)
 * is kept too, as it could hold a number equal to the one `text` spells.
 */
export interface LineTerm {
  readonly text: string;
  readonly number: boolean;
}

/** Every clause needs one of its terms. */
export type LineTerms = readonly (readonly LineTerm[])[];

const LBRACE = 0x7b;
/** Bytes decoded and searched at a time (see filterLines). */
const SLICE = 1 << 16;
const RBRACE = 0x7d;
const CR = 0x0d;

const utf8 = new TextDecoder('utf-8');
// One char per byte, so string offsets are byte offsets (the fallback for non-ASCII chunks).
const latin1 = new TextDecoder('latin1');

/**
 * Number spellings that may equal an integer without containing its digits:
 * an exponent, or a fraction rounding up (442.9999… is 443 as a float64).
 */
const NUMBER_ESCAPES = [/[0-9][eE][-+]?[0-9]/g, /\.999/g];
/** The UTF-8 bytes of U+212A KELVIN SIGN as this file decodes non-ASCII chunks: it folds to "k" (Go's and JavaScript's simple folding). */
const KELVIN = new TextDecoder('latin1').decode(new Uint8Array([0xe2, 0x84, 0xaa]));

/** Start positions of the matches of `re` in `text` (matches never span lines: terms are printable ASCII). */
function matchPositions(text: string, re: RegExp, out: number[]): void {
  out.length = 0;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(m.index);
    // An empty match cannot happen (terms are non-empty), but never loop on one.
    if (m[0].length === 0) re.lastIndex++;
  }
}

/** Ascending positions of `c` in `text` (string search is faster than Uint8Array's indexOf). */
function charPositions(text: string, c: string, out: number[]): void {
  out.length = 0;
  for (let i = text.indexOf(c); i >= 0; i = text.indexOf(c, i + 1)) out.push(i);
}

/** The chunk as a string whose offsets are byte offsets: ASCII as UTF-8, anything else as Latin-1. */
function byteText(buf: Uint8Array): string {
  const text = utf8.decode(buf);
  return text.length === buf.length ? text : latin1.decode(buf);
}

/**
 * A literal search for `term`: ignoring ASCII case when it has letters (then
 * "k" also matches the Kelvin sign), exact otherwise, which lets the regexp
 * engine skip ahead (Boyer-Moore) instead of testing every position.
 */
function literalRegexp(term: string): RegExp {
  const escaped = term.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  if (!/[a-z]/i.test(term)) return new RegExp(escaped, 'g');
  return new RegExp(escaped.replace(/k/gi, `(?:k|${KELVIN})`), 'gi');
}

/** Each usable clause as the regexps of its alternatives; null when no clause is usable (a term that is not printable ASCII). */
function clauseRegexps(terms: LineTerms): RegExp[][] | null {
  const res: RegExp[][] = [];
  for (const clause of terms) {
    if (clause.length === 0 || !clause.every((t) => /^[\x20-\x7e]+$/.test(t.text))) continue;
    const alts = clause.map((t) => literalRegexp(t.text));
    if (clause.some((t) => t.number)) alts.push(...NUMBER_ESCAPES.map((re) => new RegExp(re.source, re.flags)));
    res.push(alts);
  }
  return res.length === 0 ? null : res;
}

/**
 * Drops lines that cannot satisfy `terms` (a single string is one term).
 * Returns null when no clause can be checked on raw bytes (terms with
 * non-ASCII text would need Unicode case folding): then nothing is filtered.
 */
export function linePrefilter(terms: string | LineTerms): ((chunks: AsyncIterable<Uint8Array>) => AsyncGenerator<Uint8Array>) | null {
  const res = clauseRegexps(typeof terms === 'string' ? [[{ text: terms, number: false }]] : terms);
  if (res === null) return null;
  return async function* (chunks) {
    // State is per stream: each call filters one input.
    // Match positions and a cursor per alternative, flattened over the clauses.
    const regexps = res.flat();
    const clauseEnds: number[] = [];
    for (let c = 0, n = 0; c < res.length; c++) clauseEnds.push((n += res[c]!.length));
    const matches: number[][] = regexps.map(() => []);
    const cursors: number[] = regexps.map(() => 0);
    const escapes: number[] = [];
    let active = true;

    /** Whether every clause has a match of one of its alternatives in [start, nl). */
    function satisfied(start: number, nl: number): boolean {
      let a = 0;
      for (const end of clauseEnds) {
        let hit = false;
        for (; a < end; a++) {
          const ms = matches[a]!;
          let m = cursors[a]!;
          while (m < ms.length && ms[m]! < start) m++;
          cursors[a] = m;
          if (m < ms.length && ms[m]! < nl) {
            hit = true;
            a = end;
            break;
          }
        }
        if (!hit) return false;
      }
      return true;
    }

    /**
     * Filters the complete lines of `buf`, appending the kept byte ranges to
     * `keep` (pairs of offsets); returns where the unterminated tail starts.
     * Once the one-line-object shape breaks, keeps everything from there on.
     * Works in slices of about SLICE bytes that end at a newline: decoding
     * and searching short strings is several times faster than long ones.
     */
    function filterLines(buf: Uint8Array, keep: number[]): number {
      for (let from = 0; ; ) {
        let to = buf.length;
        if (to - from > SLICE) {
          const nl = buf.indexOf(0x0a, from + SLICE);
          if (nl >= 0) to = nl + 1;
        }
        const tail = filterSlice(buf, from, to, keep);
        if (!active || to === buf.length) return tail;
        from = to;
      }
    }

    /** filterLines for the lines of buf[from:to]; offsets in `keep` and the result are into `buf`. */
    function filterSlice(buf: Uint8Array, from: number, to: number, keep: number[]): number {
      const text = byteText(buf.subarray(from, to));
      for (let a = 0; a < regexps.length; a++) {
        matchPositions(text, regexps[a]!, matches[a]!);
        cursors[a] = 0;
      }
      charPositions(text, '\\', escapes);
      let e = 0;
      let start = 0;
      for (;;) {
        const nl = text.indexOf('\n', start);
        if (nl < 0) return from + start;
        let end = nl;
        if (end > start && buf[from + end - 1] === CR) end--;
        if (end > start && (buf[from + start] !== LBRACE || buf[from + end - 1] !== RBRACE)) {
          active = false;
          keep.push(from + start, buf.length);
          return buf.length;
        }
        while (e < escapes.length && escapes[e]! < start) e++;
        const escaped = e < escapes.length && escapes[e]! < end;
        if (end === start || escaped || satisfied(start, nl)) {
          // Adjacent kept lines extend one range.
          const s0 = from + start;
          if (keep.length > 0 && keep[keep.length - 1] === s0) keep[keep.length - 1] = from + nl + 1;
          else keep.push(s0, from + nl + 1);
        }
        start = nl + 1;
      }
    }

    function gather(parts: readonly (readonly [Uint8Array, number[]])[]): Uint8Array | null {
      let n = 0;
      for (const [, r] of parts) for (let i = 0; i < r.length; i += 2) n += r[i + 1]! - r[i]!;
      if (n === 0) return null;
      const out = new Uint8Array(n);
      let o = 0;
      for (const [b, r] of parts) {
        for (let i = 0; i < r.length; i += 2) {
          out.set(b.subarray(r[i]!, r[i + 1]!), o);
          o += r[i + 1]! - r[i]!;
        }
      }
      return out;
    }

    let carry: Uint8Array = new Uint8Array(0);
    for await (const chunk of chunks) {
      if (!active) {
        yield chunk;
        continue;
      }
      const parts: [Uint8Array, number[]][] = [];
      let buf = chunk;
      if (carry.length > 0) {
        // Only the line that straddles the chunks is copied, not the chunk.
        const nl = chunk.indexOf(0x0a);
        const head = nl < 0 ? chunk : chunk.subarray(0, nl + 1);
        const line = new Uint8Array(carry.length + head.length);
        line.set(carry);
        line.set(head, carry.length);
        if (nl < 0) {
          carry = line;
          continue;
        }
        const keep: number[] = [];
        filterLines(line, keep);
        parts.push([line, keep]);
        buf = chunk.subarray(nl + 1);
        if (!active) {
          parts.push([buf, [0, buf.length]]);
          buf = new Uint8Array(0);
        }
      }
      const keep: number[] = [];
      const tail = filterLines(buf, keep);
      parts.push([buf, keep]);
      carry = buf.slice(tail);
      const out = gather(parts);
      if (out !== null) yield out;
    }
    if (carry.length > 0) yield carry;
  };
}
