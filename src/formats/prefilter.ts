// A raw-bytes prefilter for searches over line-oriented JSON: a line that is
// a whole top-level object and cannot contain the search term (compared
// case-insensitively on the raw bytes) is dropped before it is parsed.
// The filter that follows still decides; this only skips work. It steps
// aside for good at the first line that is not a one-line object, and keeps
// any line with a backslash (an escape could spell the term).

const LBRACE = 0x7b;
const RBRACE = 0x7d;
const CR = 0x0d;

const utf8 = new TextDecoder('utf-8');
// One char per byte, so string offsets are byte offsets (the fallback for non-ASCII chunks).
const latin1 = new TextDecoder('latin1');

/**
 * Ascending positions in `buf` where the term starts, ignoring ASCII case,
 * found with one case-insensitive literal RegExp (compiled once per query)
 * over the chunk as a string whose offsets are byte offsets.
 */
function matchPositions(text: string, re: RegExp, out: number[]): void {
  out.length = 0;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) out.push(m.index);
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
 * Drops lines that cannot match `term`. Returns null when the term has
 * non-ASCII letters (case folding would need Unicode rules): then nothing is
 * filtered.
 */
export function linePrefilter(term: string): ((chunks: AsyncIterable<Uint8Array>) => AsyncGenerator<Uint8Array>) | null {
  if (!/^[\x20-\x7e]+$/.test(term)) return null;
  const needle = new TextEncoder().encode(term);
  const re = new RegExp(term.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), 'gi');
  return async function* (chunks) {
    // State is per stream: each call filters one input.
    const matches: number[] = [];
    const escapes: number[] = [];
    let active = true;

    /**
     * Filters the complete lines of `buf`, appending the kept byte ranges to
     * `keep` (pairs of offsets); returns where the unterminated tail starts.
     * Once the one-line-object shape breaks, keeps everything from there on.
     */
    function filterLines(buf: Uint8Array, keep: number[]): number {
      const text = byteText(buf);
      matchPositions(text, re, matches);
      charPositions(text, '\\', escapes);
      let m = 0;
      let e = 0;
      let start = 0;
      for (;;) {
        const nl = text.indexOf('\n', start);
        if (nl < 0) return start;
        let end = nl;
        if (end > start && buf[end - 1] === CR) end--;
        if (end > start && (buf[start] !== LBRACE || buf[end - 1] !== RBRACE)) {
          active = false;
          keep.push(start, buf.length);
          return buf.length;
        }
        while (m < matches.length && matches[m]! < start) m++;
        while (e < escapes.length && escapes[e]! < start) e++;
        const hit = m < matches.length && matches[m]! + needle.length <= end;
        const escaped = e < escapes.length && escapes[e]! < end;
        if (end === start || hit || escaped) {
          // Adjacent kept lines extend one range.
          if (keep.length > 0 && keep[keep.length - 1] === start) keep[keep.length - 1] = nl + 1;
          else keep.push(start, nl + 1);
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
