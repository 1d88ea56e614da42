// A bounded backtracker (Go's regexp/backtrack.go) over re2js's compiled
// program, for submatches. re2js, like Go, backtracks only while a program
// has at most 500 instructions and program size times input length stays
// under 256K bits; past that it runs its NFA, which in JavaScript is slow:
// milliseconds a line for a grok pattern of thousands of instructions, or a
// second for a large pattern on 100 KB. The backtracker marks each
// (instruction, position) pair it visits and never visits one twice, so its
// time and memory are linear in program size times input length; callers
// use it while that product fits a budget.
//
// This reads re2js's program (pinned to the version in package.json): its
// instruction ops, out/arg links, rune sets and matchRune, its start
// condition and literal prefix.

/** One compiled instruction as re2js lays it out. */
interface Inst {
  readonly op: number;
  readonly out: number;
  readonly arg: number;
  readonly runes: ArrayLike<number>;
  matchRune(r: number): boolean;
}

/** The parts of re2js's RE2 object the backtracker reads. */
export interface BacktrackProgram {
  readonly prog: { readonly inst: readonly Inst[]; readonly start: number; readonly numLb: number };
  /** Empty-width conditions every match starts with (EMPTY_* bits, -1 when it cannot match). */
  readonly cond: number;
  /** A literal every match starts with, as UTF-8. */
  readonly prefixUTF8: ArrayLike<number> | null;
}

// re2js's Inst ops.
const ALT = 1;
const ALT_MATCH = 2;
const CAPTURE = 3;
const EMPTY_WIDTH = 4;
const FAIL = 5;
const MATCH = 6;
const NOP = 7;
const RUNE = 8;
const RUNE1 = 9;
const RUNE_ANY = 10;
const RUNE_ANY_NOT_NL = 11;

// Empty-width conditions (Go's syntax.EmptyOp).
const BEGIN_LINE = 1;
const END_LINE = 2;
const BEGIN_TEXT = 4;
const END_TEXT = 8;
const WORD_BOUNDARY = 16;
const NO_WORD_BOUNDARY = 32;

/**
 * The most (instruction, position) bits one search may mark: 8 MB. A search
 * marks each at most once, so this bounds its time too; past it re2js's NFA,
 * also linear but slower by a large factor, takes over.
 */
export const BACKTRACK_BUDGET = 1 << 26;
/** Visited words kept for the next search; larger arrays are dropped after use. */
const KEEP_WORDS = 1 << 15;

const RUNE_ERROR = 0xfffd;
const NEWLINE = 0x0a;

function isWordByte(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

/**
 * Decodes the rune at `i` of `b` (which must be < b.length) as Go does, U+FFFD
 * one byte wide for a bad sequence; sets `width` on the state.
 */
function decode(s: BacktrackState, b: Uint8Array, i: number): number {
  const c = b[i]!;
  if (c < 0x80) {
    s.width = 1;
    return c;
  }
  let size: number;
  let r: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (c >= 0xc2 && c <= 0xdf) {
    size = 2;
    r = c & 0x1f;
  } else if (c >= 0xe0 && c <= 0xef) {
    size = 3;
    r = c & 0x0f;
    if (c === 0xe0) lo = 0xa0;
    else if (c === 0xed) hi = 0x9f;
  } else if (c >= 0xf0 && c <= 0xf4) {
    size = 4;
    r = c & 0x07;
    if (c === 0xf0) lo = 0x90;
    else if (c === 0xf4) hi = 0x8f;
  } else {
    s.width = 1;
    return RUNE_ERROR;
  }
  s.width = 1;
  if (i + size > b.length) return RUNE_ERROR;
  const c1 = b[i + 1]!;
  if (c1 < lo || c1 > hi) return RUNE_ERROR;
  r = (r << 6) | (c1 & 0x3f);
  for (let k = 2; k < size; k++) {
    const ck = b[i + k]!;
    if ((ck & 0xc0) !== 0x80) return RUNE_ERROR;
    r = (r << 6) | (ck & 0x3f);
  }
  s.width = size;
  return r;
}

/** The empty-width conditions that hold at `pos` (only ASCII bytes can be newlines or word characters). */
function context(b: Uint8Array, pos: number): number {
  const r1 = pos > 0 ? b[pos - 1]! : -1;
  const r2 = pos < b.length ? b[pos]! : -1;
  let op = 0;
  if (r1 < 0) op |= BEGIN_TEXT | BEGIN_LINE;
  else if (r1 === NEWLINE) op |= BEGIN_LINE;
  if (r2 < 0) op |= END_TEXT | END_LINE;
  else if (r2 === NEWLINE) op |= END_LINE;
  const w1 = r1 >= 0 && isWordByte(r1);
  const w2 = r2 >= 0 && isWordByte(r2);
  return op | (w1 !== w2 ? WORD_BOUNDARY : NO_WORD_BOUNDARY);
}

/** Reusable search state: visited bits, the job stack and capture registers. */
export class BacktrackState {
  visited = new Uint32Array(1024);
  /** The words of `visited` set since the last reset: clearing only those keeps a reset as cheap as the search before it. */
  dirty = new Int32Array(256);
  ndirty = 0;
  jobPc = new Int32Array(256);
  jobPos = new Int32Array(256);
  jobArg = new Uint8Array(256);
  jobs = 0;
  cap: Int32Array = new Int32Array(0);
  matchcap: Int32Array = new Int32Array(0);
  width = 0;
  /** Positions per instruction row of `visited`: input length - origin + 1. */
  stride = 0;
  /** The first position a search may visit. */
  origin = 0;

  reset(ninst: number, origin: number, end: number, ncap: number): void {
    this.origin = origin;
    this.stride = end - origin + 1;
    const words = (ninst * this.stride + 31) >>> 5;
    if (this.visited.length < words) {
      this.visited = new Uint32Array(Math.max(words, this.visited.length * 2));
    } else {
      for (let k = 0; k < this.ndirty; k++) this.visited[this.dirty[k]!] = 0;
    }
    this.ndirty = 0;
    this.jobs = 0;
    if (this.cap.length !== ncap) {
      this.cap = new Int32Array(ncap);
      this.matchcap = new Int32Array(ncap);
    }
    this.cap.fill(-1);
    this.matchcap.fill(-1);
  }

  /** Drops a large visited array, so a regexp that once searched a long input does not keep megabytes. */
  release(): void {
    if (this.visited.length > KEEP_WORDS) {
      this.visited = new Uint32Array(1024);
      this.dirty = new Int32Array(256);
      this.ndirty = 0;
    }
  }

  shouldVisit(pc: number, pos: number): boolean {
    const n = pc * this.stride + (pos - this.origin);
    const w = n >>> 5;
    const bit = 1 << (n & 31);
    const v = this.visited[w]!;
    if ((v & bit) !== 0) return false;
    if (v === 0) {
      if (this.ndirty === this.dirty.length) {
        const d = new Int32Array(this.ndirty * 2);
        d.set(this.dirty);
        this.dirty = d;
      }
      this.dirty[this.ndirty++] = w;
    }
    this.visited[w] = v | bit;
    return true;
  }

  push(inst: readonly Inst[], pc: number, pos: number, arg: boolean): void {
    if (inst[pc]!.op === FAIL || (!arg && !this.shouldVisit(pc, pos))) return;
    if (this.jobs === this.jobPc.length) {
      const n = this.jobs * 2;
      const pcs = new Int32Array(n);
      pcs.set(this.jobPc);
      this.jobPc = pcs;
      const poss = new Int32Array(n);
      poss.set(this.jobPos);
      this.jobPos = poss;
      const args = new Uint8Array(n);
      args.set(this.jobArg);
      this.jobArg = args;
    }
    this.jobPc[this.jobs] = pc;
    this.jobPos[this.jobs] = pos;
    this.jobArg[this.jobs] = arg ? 1 : 0;
    this.jobs++;
  }
}

/** Go's tryBacktrack: the leftmost-first match starting at `start`, into state.matchcap. */
function tryBacktrack(s: BacktrackState, inst: readonly Inst[], b: Uint8Array, startPc: number, start: number): boolean {
  const end = b.length;
  s.push(inst, startPc, start, false);
  while (s.jobs > 0) {
    s.jobs--;
    let pc = s.jobPc[s.jobs]!;
    let pos = s.jobPos[s.jobs]!;
    let arg = s.jobArg[s.jobs] === 1;
    let check = false;
    for (;;) {
      if (check && !s.shouldVisit(pc, pos)) break;
      check = true;
      const i = inst[pc]!;
      let r: number;
      switch (i.op) {
        case ALT:
          if (arg) {
            arg = false;
            pc = i.arg;
          } else {
            s.push(inst, pc, pos, true);
            pc = i.out;
          }
          continue;
        case ALT_MATCH: {
          const o = inst[i.out]!.op;
          if (o === RUNE || o === RUNE1 || o === RUNE_ANY || o === RUNE_ANY_NOT_NL) {
            // i.arg leads to the match: it matches the rest of the input.
            s.push(inst, i.arg, pos, false);
            pc = i.arg;
            pos = end;
          } else {
            s.push(inst, i.out, end, false);
            pc = i.out;
          }
          continue;
        }
        case RUNE:
          if (pos >= end) break;
          r = decode(s, b, pos);
          if (!i.matchRune(r)) break;
          pos += s.width;
          pc = i.out;
          continue;
        case RUNE1:
          if (pos >= end) break;
          r = decode(s, b, pos);
          if (r !== i.runes[0]) break;
          pos += s.width;
          pc = i.out;
          continue;
        case RUNE_ANY_NOT_NL:
          if (pos >= end) break;
          r = decode(s, b, pos);
          if (r === NEWLINE) break;
          pos += s.width;
          pc = i.out;
          continue;
        case RUNE_ANY:
          if (pos >= end) break;
          decode(s, b, pos);
          pos += s.width;
          pc = i.out;
          continue;
        case CAPTURE:
          if (arg) {
            s.cap[i.arg] = pos;
            break;
          }
          if (i.arg < s.cap.length) {
            // Restore the old value when this path is abandoned.
            s.push(inst, pc, s.cap[i.arg]!, true);
            s.cap[i.arg] = pos;
          }
          pc = i.out;
          continue;
        case EMPTY_WIDTH:
          if ((i.arg & ~context(b, pos)) !== 0) break;
          pc = i.out;
          continue;
        case NOP:
          pc = i.out;
          continue;
        case MATCH:
          if (s.cap.length === 0) return true;
          if (s.cap.length > 1) s.cap[1] = pos;
          s.matchcap.set(s.cap);
          return true;
        default:
          throw new Error(`Unexpected regexp instruction ${i.op}`);
      }
      break;
    }
  }
  return false;
}

/**
 * The bytes a match can start with (1 where it can), or null when a match
 * may start anywhere (an empty match, or any character first). Bytes of
 * 0x80 and up are all marked or all not, so skipping unmarked bytes always
 * stops at the start of a character.
 */
export function firstBytes(re: BacktrackProgram): Uint8Array | null {
  const inst = re.prog.inst;
  const out = new Uint8Array(256);
  const seen = new Uint8Array(inst.length);
  const mark = (lo: number, hi: number) => {
    for (let c = lo; c <= hi && c < 0x80; c++) out[c] = 1;
    if (hi >= 0x80) out.fill(1, 0x80);
  };
  const stack = [re.prog.start];
  while (stack.length > 0) {
    const pc = stack.pop()!;
    if (seen[pc] === 1) continue;
    seen[pc] = 1;
    const i = inst[pc]!;
    switch (i.op) {
      case ALT:
      case ALT_MATCH:
        stack.push(i.out, i.arg);
        break;
      case CAPTURE:
      case NOP:
      case EMPTY_WIDTH:
        stack.push(i.out);
        break;
      case FAIL:
        break;
      case RUNE1:
        mark(i.runes[0]!, i.runes[0]!);
        break;
      case RUNE:
        if (i.runes.length === 1) {
          // One rune matched ignoring case: its case orbit may hold ASCII
          // letters and others (k, K and U+212A KELVIN SIGN).
          mark(0x41, 0x5a);
          mark(0x61, 0x7a);
          mark(i.runes[0]!, i.runes[0]!);
          mark(0x80, 0x80);
        } else {
          for (let k = 0; k + 1 < i.runes.length; k += 2) mark(i.runes[k]!, i.runes[k + 1]!);
        }
        break;
      default:
        return null;
    }
  }
  return out;
}

/** Whether a search of `b` from `from` by `re` fits the budget. */
export function canBacktrack(re: BacktrackProgram, b: Uint8Array, from: number): boolean {
  return re.prog.numLb === 0 && re.prog.inst.length * (b.length - from + 1) <= BACKTRACK_BUDGET;
}

function indexOf(b: Uint8Array, lit: ArrayLike<number>, from: number): number {
  const first = lit[0]!;
  for (let i = b.indexOf(first, from); i >= 0 && i + lit.length <= b.length; i = b.indexOf(first, i + 1)) {
    let k = 1;
    while (k < lit.length && b[i + k] === lit[k]) k++;
    if (k === lit.length) return i;
  }
  return -1;
}

/**
 * Go's backtrack: the leftmost-first match in `b` at or after `from`, as
 * [start, end] pairs for the match and `ngroup - 1` groups, or null.
 * Callers check canBacktrack first; `s` is scratch space, reused; `first`
 * is firstBytes(re), to skip positions no match can start at.
 */
export function backtrack(
  s: BacktrackState,
  re: BacktrackProgram,
  b: Uint8Array,
  from: number,
  ngroup: number,
  first: Uint8Array | null = null,
): number[] | null {
  const cond = re.cond;
  if (cond === -1) return null;
  if ((cond & BEGIN_TEXT) !== 0 && from !== 0) return null;
  const inst = re.prog.inst;
  s.reset(inst.length, from, b.length, 2 * ngroup);
  let matched = false;
  if ((cond & BEGIN_TEXT) !== 0) {
    if (s.cap.length > 0) s.cap[0] = from;
    matched = tryBacktrack(s, inst, b, re.prog.start, from);
  } else {
    const prefix = re.prefixUTF8;
    // Unanchored: try each start; the visited bits carry over, so the whole search stays linear.
    for (let pos = from; pos <= b.length; ) {
      if (first !== null) {
        // No empty match: a match starts at one of the marked bytes.
        while (pos < b.length && first[b[pos]!] === 0) pos++;
        if (pos === b.length) break;
      }
      if (prefix !== null && prefix.length > 0) {
        const at = indexOf(b, prefix, pos);
        if (at < 0) break;
        pos = at;
      }
      if (s.cap.length > 0) s.cap[0] = pos;
      if (tryBacktrack(s, inst, b, re.prog.start, pos)) {
        matched = true;
        break;
      }
      if (pos >= b.length) break;
      decode(s, b, pos);
      pos += s.width;
    }
  }
  s.release();
  return matched ? Array.from(s.matchcap) : null;
}
