// The JSON readers' fast path (src/formats/json/wasm-lines.ts runs it): parses
// whole lines of plain JSON objects into zcode record bodies, as the
// JavaScript parser (src/formats/json/json-parser.ts) writes them, and names
// each record's shape: its keys and the kinds of their values, with nested
// objects and arrays of one primitive kind. Given the top-level fields a
// query uses (a projection), it leaves the others out, checking their
// values as the JavaScript parser does. A line holding anything else
// (escapes, non-ASCII text, exponents, long numerals, a top-level value that
// is not an object, arrays of objects or of mixed kinds, bad JSON) is marked
// for the JavaScript parser, which gives it the same meaning or error.
//
// Memory, from __heap_base: the shape table, the shape directory, the
// shapes' signatures, the signature scratch, the line entries, the
// projection's keys, then the input (its caller's) and the output.

/** Shape table: 16,384 slots of shape id + 1 (0: empty). */
const SLOTS: u32 = 16384;
/** Shapes the module keeps; a line of a new shape past these goes to JavaScript. */
const MAX_SHAPES: u32 = 8192;
const ARENA_SIZE: u32 = 1 << 20;
const SIG_CAP: u32 = 65536;
/** Line entries per call: five i32 each. */
const MAX_ENTRIES: u32 = 65536;
/** Nesting past this goes to JavaScript. */
const MAX_DEPTH: i32 = 64;

const BASE: u32 = (<u32>__heap_base + 15) & ~15;
const TABLE: u32 = BASE;
const DIR: u32 = TABLE + SLOTS * 4;
const ARENA: u32 = DIR + MAX_SHAPES * 8;
const SIG: u32 = ARENA + ARENA_SIZE;
const ENT: u32 = SIG + SIG_CAP + 16;
/** The projection's keys (see demandAt), then the input. */
const DEMAND: u32 = ENT + MAX_ENTRIES * 20;
const DEMAND_SIZE: u32 = 4096;
/** The projection of the call before (see parse). */
const LAST_DEMAND: u32 = DEMAND + DEMAND_SIZE;
const INPUT: u32 = LAST_DEMAND + DEMAND_SIZE;

/** Signature bytes: value kinds, and the marks around objects and before an array's element kind. */
const K_INT: u32 = 0x69;
const K_FLOAT: u32 = 0x66;
const K_STRING: u32 = 0x73;
const K_BOOL: u32 = 0x62;
const K_NULL: u32 = 0x6e;
const K_OPEN: u32 = 0x7b;
const K_CLOSE: u32 = 0x7d;
const K_ARRAY: u32 = 0x5b;

const POW10: StaticArray<f64> = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

let shapes: u32 = 0;
let arenaTop: u32 = ARENA;
let lastShape: i32 = -1;
/** Counts the times the shapes were forgotten (their ids then mean others). */
let generationCount: u32 = 0;

// The record being parsed: its output position, its signature so far (sp
// bytes: in SIG, or, while it matches, a prefix of the predicted shape's).
let op: u32 = 0;
let sp: u32 = 0;
let predicting = false;
let pred: u32 = 0;
let predLen: u32 = 0;
let failed = false;
let depth: i32 = 0;
/** The kind of the primitive value() just parsed (objects and arrays write their own signature). */
let kind: u32 = 0;

/** After record(): where its line's newline is. */
let lineAt: u32 = 0;

let consumedBytes: u32 = 0;
let outBytes: u32 = 0;

/**
 * Where the caller puts the projection for the next parse: its keys, each
 * a length byte and its bytes, at most DEMAND_SIZE bytes in all.
 */
export function demandAt(): u32 {
  return DEMAND;
}
/** Its room. */
export function demandSize(): u32 {
  return DEMAND_SIZE;
}
/** The projection's length in bytes at DEMAND for this parse (see parse): -1 for none. */
let demandLen: i32 = -1;
let lastDemandLen: i32 = -1;

/** Where the caller puts the input. */
export function inputAt(): u32 {
  return INPUT;
}
/** Where the line entries are: five i32 each (shape or -1 for JavaScript or -2 for blank, output start, end, line start, line end). */
export function entriesAt(): u32 {
  return ENT;
}
/** Input bytes the last parse went through. */
export function consumed(): u32 {
  return consumedBytes;
}
/** Output bytes the last parse wrote. */
export function written(): u32 {
  return outBytes;
}
/** How many times the shapes were forgotten: ids from another generation mean other shapes. */
export function generation(): u32 {
  return generationCount;
}
/** Where shape `id`'s signature is, and its length. */
export function shapeStart(id: u32): u32 {
  return load<u32>(DIR + (id << 3));
}
export function shapeLength(id: u32): u32 {
  return load<u32>(DIR + (id << 3) + 4);
}

@inline function at(p: u32): u32 {
  return <u32>load<u8>(p);
}
@inline function isWs(c: u32): bool {
  return c == 0x20 || c == 0x09 || c == 0x0d;
}
/** Bytes allowed right after true, false and null (as syntax.ts BOUNDARY). */
@inline function isBoundary(c: u32): bool {
  return c == 0x2c || c == 0x7d || c == 0x5d || c == 0x20 || c == 0x0a || c == 0x0d || c == 0x09 || c == 0x5b || c == 0x7b;
}
/** A byte a string may hold as it is: printable ASCII but the quote and backslash. */
@inline function isPlain(c: u32): bool {
  return c >= 0x20 && c < 0x80 && c != 0x22 && c != 0x5c;
}
/** A byte the JavaScript lexer takes into a number token. */
@inline function isNum(c: u32): bool {
  return (c - 0x30 <= 9) || c == 0x2e || c == 0x65 || c == 0x45 || c == 0x2b || c == 0x2d;
}

/**
 * The first byte at or past i that isPlain is not, eight at a time: the
 * lowest flagged byte of each test below is a true one (a borrow only
 * flags bytes above one), so the lowest of all is the first. Reads up to
 * seven bytes past it: a line ends with a newline (not plain), and the
 * caller leaves eight bytes after the input.
 */
@inline function plainEnd(i: u32): u32 {
  let m: u64 = 0;
  for (;;) {
    const w = load<u64>(i);
    const q = w ^ 0x2222222222222222;
    const b = w ^ 0x5c5c5c5c5c5c5c5c;
    m = (w | ((w - 0x2020202020202020) & ~w) | ((q - 0x0101010101010101) & ~q) | ((b - 0x0101010101010101) & ~b)) & 0x8080808080808080;
    if (m != 0) break;
    i += 8;
  }
  return i + (<u32>ctz(m) >> 3);
}

function skipWs(p: u32): u32 {
  while (isWs(at(p))) p++;
  return p;
}

/** Stops predicting: the signature so far moves to SIG. */
function diverge(): void {
  memory.copy(SIG, pred, sp);
  predicting = false;
}

function emit(c: u32): void {
  if (predicting) {
    if (sp < predLen && at(pred + sp) == c) {
      sp++;
      return;
    }
    diverge();
  }
  if (sp >= SIG_CAP) {
    failed = true;
    return;
  }
  store<u8>(SIG + sp, <u8>c);
  sp++;
}

/** Whether a[0:n] and b[0:n] hold the same bytes. */
@inline function sameBytes(a: u32, b: u32, n: u32): bool {
  let i: u32 = 0;
  while (i + 8 <= n && load<u64>(a + i) == load<u64>(b + i)) i += 8;
  while (i < n && at(a + i) == at(b + i)) i++;
  return i == n;
}

/**
 * Adds the key k[0:n] to the signature. A key the prediction has here was
 * taken in object() already, so this one departs from the prediction.
 */
function emitKey(k: u32, n: u32): void {
  if (predicting) diverge();
  if (sp + n + 1 > SIG_CAP) {
    failed = true;
    return;
  }
  store<u8>(SIG + sp, <u8>n);
  memory.copy(SIG + sp + 1, k, n);
  sp += n + 1;
}

function putUvarint(o: u32, x: u32): u32 {
  while (x >= 0x80) {
    store<u8>(o, <u8>(x | 0x80));
    x >>= 7;
    o++;
  }
  store<u8>(o, <u8>x);
  return o + 1;
}

/** Closes a container whose one-byte tag placeholder is at `start` (as arena.ts closeTag). */
function closeTag(start: u32): void {
  const tag = op - start;
  if (tag < 0x80) {
    store<u8>(start, <u8>tag);
    return;
  }
  let size: u32 = 1;
  for (let t = tag; t >= 0x80; t >>= 7) size++;
  memory.copy(start + size, start + 1, op - start - 1);
  op += size - 1;
  putUvarint(start, tag);
}

/** A string at p (its quote): its element; returns past it, or 0. */
function string(p: u32): u32 {
  const i = plainEnd(p + 1);
  if (at(i) != 0x22) {
    failed = true;
    return 0;
  }
  const n = i - p - 1;
  if (n < 0x7f) {
    // Eight bytes at a time: the input has eight bytes after it, and the
    // output room to spare (see parse), for the few past the string.
    store<u8>(op, <u8>(n + 1));
    const o = op + 1;
    for (let k: u32 = 0; k < n; k += 8) store<u64>(o + k, load<u64>(p + 1 + k));
    op = o + n;
  } else {
    const o = putUvarint(op, n + 1);
    memory.copy(o, p + 1, n);
    op = o + n;
  }
  kind = K_STRING;
  return i + 1;
}

/** A number at p: an int64 or float64 element as json-parser.ts number() writes on its fast paths; returns past it, or 0. */
function number(p: u32): u32 {
  let i = p;
  const neg = at(i) == 0x2d;
  if (neg) i++;
  const ds = i;
  let v: u64 = 0;
  for (let d = at(i) - 0x30; d <= 9; d = at(i) - 0x30) {
    v = v * 10 + d;
    i++;
  }
  const nd = i - ds;
  if (at(i) == 0x2e && nd > 0 && nd <= 17) {
    const fs = ++i;
    for (let d = at(i) - 0x30; d <= 9; d = at(i) - 0x30) {
      v = v * 10 + d;
      i++;
    }
    const nf = i - fs;
    if (isNum(at(i)) || v >= <u64>1 << 53 || nf == 0 || nf > 22) {
      failed = true;
      return 0;
    }
    const x = <f64>v / unchecked(POW10[nf]);
    store<u8>(op, 9);
    store<f64>(op + 1, neg ? -x : x);
    op += 9;
    kind = K_FLOAT;
    return i;
  }
  if (isNum(at(i)) || nd == 0 || nd > 15) {
    failed = true;
    return 0;
  }
  let u: u64 = neg && v != 0 ? v * 2 + 1 : v * 2;
  let o = op + 1;
  while (u != 0) {
    store<u8>(o, <u8>u);
    u >>= 8;
    o++;
  }
  store<u8>(op, <u8>(o - op));
  op = o;
  kind = K_INT;
  return i;
}

/** A value at p (not whitespace): its element; returns past it, or 0. */
function value(p: u32): u32 {
  const c = at(p);
  if (c == 0x22) return string(p);
  if (c - 0x30 <= 9 || c == 0x2d) return number(p);
  if (c == 0x7b) {
    const start = op;
    op++;
    const q = object(p);
    if (q != 0) closeTag(start);
    kind = K_OPEN;
    return q;
  }
  if (c == 0x5b) return array(p);
  if (c == 0x74) {
    if (at(p + 1) == 0x72 && at(p + 2) == 0x75 && at(p + 3) == 0x65 && isBoundary(at(p + 4))) {
      store<u16>(op, 0x0102);
      op += 2;
      kind = K_BOOL;
      return p + 4;
    }
  } else if (c == 0x66) {
    if (at(p + 1) == 0x61 && at(p + 2) == 0x6c && at(p + 3) == 0x73 && at(p + 4) == 0x65 && isBoundary(at(p + 5))) {
      store<u16>(op, 0x0002);
      op += 2;
      kind = K_BOOL;
      return p + 5;
    }
  } else if (c == 0x6e) {
    if (at(p + 1) == 0x75 && at(p + 2) == 0x6c && at(p + 3) == 0x6c && isBoundary(at(p + 4))) {
      store<u8>(op, 0);
      op++;
      kind = K_NULL;
      return p + 4;
    }
  }
  failed = true;
  return 0;
}

/** An array of primitives of one kind (and nulls) at p; returns past it, or 0. */
function array(p: u32): u32 {
  const start = op;
  op++;
  let elem = K_NULL;
  let q = skipWs(p + 1);
  let more = at(q) != 0x5d;
  if (!more) q++;
  while (more) {
    const c = at(q);
    if (c == 0x7b || c == 0x5b) {
      failed = true;
      return 0;
    }
    q = value(q);
    if (q == 0) return 0;
    if (kind != K_NULL) {
      if (elem == K_NULL) elem = kind;
      else if (elem != kind) {
        failed = true;
        return 0;
      }
    }
    q = skipWs(q);
    const d = at(q);
    if (d == 0x5d) {
      q++;
      more = false;
    } else if (d == 0x2c) q = skipWs(q + 1);
    else {
      failed = true;
      return 0;
    }
  }
  closeTag(start);
  emit(K_ARRAY);
  emit(elem);
  kind = K_ARRAY;
  return q;
}

/** Whether the key k[0:n] is one of the projection's. */
function demanded(k: u32, n: u32): bool {
  const end = DEMAND + <u32>demandLen;
  for (let d = DEMAND; d < end; ) {
    const m = at(d);
    if (m == n) {
      let i: u32 = 0;
      while (i < n && at(d + 1 + i) == at(k + i)) i++;
      if (i == n) return true;
    }
    d += m + 1;
  }
  return false;
}

/**
 * Checks the value at p, left out of its record, as the JavaScript parser's
 * skipValue does, or more strictly (strings of plain bytes, numbers of
 * JSON's grammar, literals, containers of those); returns past it, or 0.
 */
function skipValue(p: u32): u32 {
  const c = at(p);
  if (c == 0x22) {
    const i = plainEnd(p + 1);
    return at(i) == 0x22 ? i + 1 : 0;
  }
  if (c == 0x7b || c == 0x5b) {
    if (++depth > MAX_DEPTH) return 0;
    const close = c + 2;
    let q = skipWs(p + 1);
    if (at(q) == close) {
      depth--;
      return q + 1;
    }
    for (;;) {
      if (c == 0x7b) {
        if (at(q) != 0x22) return 0;
        q = skipValue(q);
        if (q == 0) return 0;
        q = skipWs(q);
        if (at(q) != 0x3a) return 0;
        q = skipWs(q + 1);
      }
      q = skipValue(q);
      if (q == 0) return 0;
      q = skipWs(q);
      const d = at(q);
      if (d == close) {
        depth--;
        return q + 1;
      }
      if (d != 0x2c) return 0;
      q = skipWs(q + 1);
    }
  }
  if (c == 0x74) return at(p + 1) == 0x72 && at(p + 2) == 0x75 && at(p + 3) == 0x65 && isBoundary(at(p + 4)) ? p + 4 : 0;
  if (c == 0x66) return at(p + 1) == 0x61 && at(p + 2) == 0x6c && at(p + 3) == 0x73 && at(p + 4) == 0x65 && isBoundary(at(p + 5)) ? p + 5 : 0;
  if (c == 0x6e) return at(p + 1) == 0x75 && at(p + 2) == 0x6c && at(p + 3) == 0x6c && isBoundary(at(p + 4)) ? p + 4 : 0;
  // JSON's number grammar: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
  let i = p;
  if (at(i) == 0x2d) i++;
  if (at(i) == 0x30) i++;
  else if (at(i) - 0x31 <= 8) while (at(i) - 0x30 <= 9) i++;
  else return 0;
  if (at(i) == 0x2e) {
    const s = ++i;
    while (at(i) - 0x30 <= 9) i++;
    if (i == s) return 0;
  }
  if (at(i) == 0x65 || at(i) == 0x45) {
    i++;
    if (at(i) == 0x2b || at(i) == 0x2d) i++;
    const s = i;
    while (at(i) - 0x30 <= 9) i++;
    if (i == s) return 0;
  }
  return isBoundary(at(i)) ? i : 0;
}

/** An object at p (its brace): its fields' elements and its signature; returns past it, or 0. */
function object(p: u32): u32 {
  if (++depth > MAX_DEPTH) {
    failed = true;
    return 0;
  }
  emit(K_OPEN);
  let q = skipWs(p + 1);
  if (at(q) != 0x7d) {
    for (;;) {
      if (at(q) != 0x22) {
        failed = true;
        return 0;
      }
      // The key's closing quote, and whether its field is kept.
      let i: u32 = 0;
      let kept = true;
      const m = predicting ? at(pred + sp) : K_OPEN;
      if (m < K_OPEN && sp + m < predLen && at(q + 1 + m) == 0x22 && sameBytes(pred + sp + 1, q + 1, m)) {
        // The key the shape before had here, followed by its quote: it
        // was plain (and demanded) then, so it is now.
        sp += m + 1;
        i = q + 1 + m;
      } else {
        i = plainEnd(q + 1);
        const n = i - q - 1;
        // (A key's length byte stays below the marks that may stand where a key would.)
        if (at(i) != 0x22 || n >= K_OPEN) {
          failed = true;
          return 0;
        }
        // A field the query does not use: its value is checked and left out.
        if (depth == 1 && demandLen >= 0 && !demanded(q + 1, n)) kept = false;
        else emitKey(q + 1, n);
      }
      q = skipWs(i + 1);
      if (at(q) != 0x3a) {
        failed = true;
        return 0;
      }
      if (kept) {
        q = value(skipWs(q + 1));
        if (q == 0 || failed) return 0;
        if (kind != K_OPEN && kind != K_ARRAY) emit(kind);
      } else {
        q = skipValue(skipWs(q + 1));
        if (q == 0) {
          failed = true;
          return 0;
        }
      }
      q = skipWs(q);
      const c = at(q);
      if (c == 0x2c) {
        q = skipWs(q + 1);
        continue;
      }
      if (c != 0x7d) {
        failed = true;
        return 0;
      }
      break;
    }
  }
  emit(K_CLOSE);
  depth--;
  return q + 1;
}

/** The id of the shape whose signature is SIG[0:n], made when new; -1 when no more can be made. */
function lookup(n: u32): i32 {
  let h: u32 = 0x811c9dc5;
  for (let i: u32 = 0; i < n; i++) h = (h ^ at(SIG + i)) * 0x01000193;
  let slot = h & (SLOTS - 1);
  for (;;) {
    const e = load<u32>(TABLE + (slot << 2));
    if (e == 0) break;
    const id = e - 1;
    if (shapeLength(id) == n && memory.compare(SIG, shapeStart(id), n) == 0) return id;
    slot = (slot + 1) & (SLOTS - 1);
  }
  if (shapes >= MAX_SHAPES || arenaTop + n > ARENA + ARENA_SIZE) return -1;
  const id = shapes++;
  memory.copy(arenaTop, SIG, n);
  store<u32>(DIR + (id << 3), arenaTop);
  store<u32>(DIR + (id << 3) + 4, n);
  arenaTop += n;
  store<u32>(TABLE + (slot << 2), id + 1);
  return id;
}

/** The line at q (a brace): its record body at op; its shape, or -1. */
function record(q: u32): i32 {
  failed = false;
  depth = 0;
  sp = 0;
  predicting = lastShape >= 0;
  if (predicting) {
    pred = shapeStart(lastShape);
    predLen = shapeLength(lastShape);
  }
  let r = object(q);
  if (r == 0 || failed) return -1;
  r = skipWs(r);
  if (at(r) != 0x0a) return -1;
  lineAt = r;
  let id: i32;
  if (predicting && sp == predLen) id = lastShape;
  else {
    if (predicting) diverge();
    id = lookup(sp);
    if (id < 0) return -1;
  }
  lastShape = id;
  return id;
}

/**
 * Parses the lines of input[0:n], which ends with a newline, writing
 * records from `out` (at least 3n + 64 bytes there) and an entry per line;
 * returns the entries written. consumed() says where it stopped (when the
 * entries ran out, or with `stop` after the first line left to JavaScript)
 * and written() how much output it made. `demand`: the projection's length
 * at demandAt() (-1: none, all fields).
 */
export function parse(n: u32, out: u32, stop: bool, demand: i32): u32 {
  // A shape made under another projection may hold keys this one leaves
  // out: the keys predicted are taken unchecked (see object), so the
  // prediction starts afresh when the projection changes.
  if (demand != lastDemandLen || (demand > 0 && memory.compare(DEMAND, LAST_DEMAND, demand) != 0)) {
    lastShape = -1;
    if (demand > 0) memory.copy(LAST_DEMAND, DEMAND, demand);
    lastDemandLen = demand;
  }
  demandLen = demand;
  // The shapes are the thread's, for every stream it reads: when they fill
  // up, they are forgotten between calls (never during one, whose entries
  // name them), so a long-lived thread keeps finding new ones.
  if (shapes >= MAX_SHAPES / 2 || arenaTop >= ARENA + ARENA_SIZE / 2) {
    memory.fill(TABLE, 0, SLOTS * 4);
    shapes = 0;
    arenaTop = ARENA;
    lastShape = -1;
    generationCount++;
  }
  const end = INPUT + n;
  let p = INPUT;
  let e: u32 = 0;
  op = out;
  while (p < end && e < MAX_ENTRIES) {
    const ent = ENT + e * 20;
    const q = skipWs(p);
    const c = at(q);
    const recStart = op;
    let id: i32 = -2;
    if (c != 0x0a) id = c == 0x7b ? record(q) : -1;
    let lineEnd = q;
    if (id >= 0) lineEnd = lineAt;
    else {
      op = recStart;
      while (at(lineEnd) != 0x0a) lineEnd++;
    }
    store<i32>(ent, id);
    store<u32>(ent + 4, recStart - out);
    store<u32>(ent + 8, op - out);
    store<u32>(ent + 12, p - INPUT);
    store<u32>(ent + 16, lineEnd - INPUT);
    e++;
    p = lineEnd + 1;
    if (id == -1 && stop) break;
  }
  consumedBytes = p - INPUT;
  outBytes = op - out;
  return e;
}
