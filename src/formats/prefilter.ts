// A raw-bytes prefilter for searches over line-oriented JSON: a line that is
// a whole top-level object and cannot contain the search term (compared
// case-insensitively on the raw bytes) is dropped before it is parsed.
// The filter that follows still decides; this only skips work. It steps
// aside for good at the first line that is not a one-line object, and keeps
// any line with a backslash (an escape could spell the term).

const LBRACE = 0x7b;
const RBRACE = 0x7d;
const BACKSLASH = 0x5c;
const NL = 0x0a;
const CR = 0x0d;

const utf8 = new TextDecoder('utf-8');
// One char per byte, so string offsets are byte offsets (the fallback for non-ASCII chunks).
const latin1 = new TextDecoder('latin1');

/**
 * Ascending positions in `buf` where the term starts, ignoring ASCII case,
 * found with one case-insensitive literal RegExp (compiled once per query)
 * over the chunk as a string whose offsets are byte offsets.
 */
function matchPositions(buf: Uint8Array, re: RegExp, out: number[]): void {
  out.length = 0;
  let text = utf8.decode(buf);
  if (text.length !== buf.length) text = latin1.decode(buf);
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) out.push(m.index);
}

/** Ascending positions of byte `b` in `buf`. */
function bytePositions(buf: Uint8Array, b: number, out: number[]): void {
  out.length = 0;
  for (let i = buf.indexOf(b); i >= 0; i = buf.indexOf(b, i + 1)) out.push(i);
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
    let carry: Uint8Array = new Uint8Array(0);
    const matches: number[] = [];
    const escapes: number[] = [];
    let active = true;
    for await (const chunk of chunks) {
      if (!active) {
        yield chunk;
        continue;
      }
      let buf = chunk;
      if (carry.length > 0) {
        buf = new Uint8Array(carry.length + chunk.length);
        buf.set(carry);
        buf.set(chunk, carry.length);
      }
      const out = new Uint8Array(buf.length);
      matchPositions(buf, re, matches);
      bytePositions(buf, BACKSLASH, escapes);
      let m = 0;
      let e = 0;
      let o = 0;
      let start = 0;
      for (;;) {
        const nl = buf.indexOf(NL, start);
        if (nl < 0) break;
        let end = nl;
        if (end > start && buf[end - 1] === CR) end--;
        if (active && end > start && (buf[start] !== LBRACE || buf[end - 1] !== RBRACE)) active = false;
        while (m < matches.length && matches[m]! < start) m++;
        while (e < escapes.length && escapes[e]! < start) e++;
        const hit = m < matches.length && matches[m]! + needle.length <= end;
        const escaped = e < escapes.length && escapes[e]! < end;
        if (!active || end === start || hit || escaped) {
          out.set(buf.subarray(start, nl + 1), o);
          o += nl + 1 - start;
        }
        start = nl + 1;
        if (!active) {
          out.set(buf.subarray(start), o);
          o += buf.length - start;
          start = buf.length;
          break;
        }
      }
      carry = buf.slice(start);
      if (o > 0) yield out.subarray(0, o);
    }
    if (carry.length > 0) yield carry;
  };
}
