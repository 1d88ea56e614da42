// Shreds values into VNG columns (src/formats/vng/shred-wasm.ts drives it):
// for records whose fields are primitives or records, each column's null
// runs, and its values as zcode elements or, while it has at most 256
// distinct values, as dictionary selectors: what the writers in
// src/formats/vng write value by value (nulls-writer.ts, primitive-writer.ts,
// record-writer.ts, variant-writer.ts), which then finish the file from it.
//
// Memory, placed by the caller: the values' bytes; per value its body's
// bounds (start -1 for a null) and its type's tag; per tag a plan, the
// type's columns in pre-order:
//   record:    0, node, field count, plan length of the fields
//   primitive: 1, node, 1 when a dictionary may be used
// and NODE bytes of state per node (zeroed by the caller). Column bytes go
// into chains of blocks allocated past `heap`, growing memory as needed.

/** Node state (i32 slots). */
const RUN = 0; // the current run's length (nulls-writer.ts)
const IN_NULLS = 4;
const NULLS = 8;
const RUNS_HEAD = 12; // the run lengths, as int64 elements
const RUNS_TAIL = 16;
const RUNS_COUNT = 20;
const COUNT = 24; // values written to the record or primitive column
const ELEMS_HEAD = 28;
const ELEMS_TAIL = 32;
const SEL_HEAD = 36;
const SEL_TAIL = 40;
const DICT_SIZE = 44; // -1: no dictionary (not allowed, or given up)
const DICT = 48; // its table, entries and counts
const NODE: i32 = 64;

const MAX_DICT: i32 = 256;
const TABLE: i32 = 1024; // i16 slots, a power of two > 2 * (MAX_DICT + 1)
const D_STARTS: i32 = TABLE * 2;
const D_LENS: i32 = D_STARTS + (MAX_DICT + 1) * 4;
const D_COUNTS: i32 = D_LENS + (MAX_DICT + 1) * 4;
const DICT_BYTES: i32 = D_COUNTS + (MAX_DICT + 1) * 4;

/** Blocks: next (0: none), used, capacity, then the bytes. */
const B_NEXT = 0;
const B_USED = 4;
const B_CAP = 8;
const B_DATA = 12;
const BLOCK: i32 = 64 * 1024;

let top: i32 = 0;

@inline function ld(p: i32): i32 { return load<i32>(<usize>p); }
@inline function st(p: i32, v: i32): void { store<i32>(<usize>p, v); }
@inline function ld8(p: i32): i32 { return <i32>load<u8>(<usize>p); }
@inline function st8(p: i32, v: i32): void { store<u8>(<usize>p, <u8>v); }

function alloc(n: i32): i32 {
  const at = top;
  top += (n + 7) & ~7;
  const have = <i32>memory.size() << 16;
  if (top > have) memory.grow(((top - have) >> 16) + 1);
  return at;
}

function newBlock(need: i32): i32 {
  const cap = need > BLOCK - B_DATA ? need : BLOCK - B_DATA;
  const b = alloc(cap + B_DATA);
  st(b + B_NEXT, 0);
  st(b + B_USED, 0);
  st(b + B_CAP, cap);
  return b;
}

/** Room for `n` bytes at the end of the chain whose head and tail are at `head` and `tail`; returns where they go (then `commit`). */
function room(head: i32, tail: i32, n: i32): i32 {
  let b = ld(tail);
  if (b == 0) {
    b = newBlock(n);
    st(head, b);
    st(tail, b);
  } else if (ld(b + B_USED) + n > ld(b + B_CAP)) {
    const c = newBlock(n);
    st(b + B_NEXT, c);
    st(tail, c);
    b = c;
  }
  return b + B_DATA + ld(b + B_USED);
}

@inline function commit(tail: i32, end: i32): void {
  const b = ld(tail);
  st(b + B_USED, end - b - B_DATA);
}

/** Appends int64 element 2n for count `n` (int-column.ts). */
function appendInt(head: i32, tail: i32, n: i32): void {
  let p = room(head, tail, 10);
  const tagAt = p++;
  let u = <u64>n << 1;
  while (u != 0) {
    st8(p++, <i32>(u & 0xff));
    u >>= 8;
  }
  st8(tagAt, p - tagAt);
  commit(tail, p);
}

/** Appends the element for body src[0:n]: uvarint(n + 1), then the bytes. */
function appendElem(node: i32, src: i32, n: i32): void {
  // (Room for 16 bytes of a short body, copied at once.)
  let p = room(node + ELEMS_HEAD, node + ELEMS_TAIL, n + 24);
  let u = <u32>(n + 1);
  while (u >= 0x80) {
    st8(p++, <i32>(u & 0x7f) | 0x80);
    u >>= 7;
  }
  st8(p++, <i32>u);
  if (n <= 16) {
    store<u64>(<usize>p, load<u64>(<usize>src));
    store<u64>(<usize>(p + 8), load<u64>(<usize>(src + 8)));
  } else memory.copy(<usize>p, <usize>src, <usize>n);
  commit(node + ELEMS_TAIL, p + n);
}

@inline function sameBytes(a: i32, b: i32, n: i32): bool {
  let i = 0;
  for (; i + 8 <= n; i += 8) if (load<u64>(<usize>(a + i)) != load<u64>(<usize>(b + i))) return false;
  for (; i < n; i++) if (ld8(a + i) != ld8(b + i)) return false;
  return true;
}

/** The entry of body src[0:n] in the node's dictionary, added when new; -1 when that would make it too big. */
function dictAdd(node: i32, src: i32, n: i32): i32 {
  const d = ld(node + DICT);
  let h: u32 = 0x811c9dc5;
  let i = 0;
  for (; i + 4 <= n; i += 4) h = (h ^ load<u32>(<usize>(src + i))) * 0x01000193;
  for (; i < n; i++) h = (h ^ <u32>ld8(src + i)) * 0x01000193;
  h ^= h >> 15;
  let slot = <i32>((h ^ <u32>n) & <u32>(TABLE - 1));
  for (;;) {
    const k = <i32>load<i16>(<usize>(d + (slot << 1)));
    if (k < 0) break;
    if (ld(d + D_LENS + (k << 2)) == n && sameBytes(ld(d + D_STARTS + (k << 2)), src, n)) {
      st(d + D_COUNTS + (k << 2), ld(d + D_COUNTS + (k << 2)) + 1);
      return k;
    }
    slot = (slot + 1) & (TABLE - 1);
  }
  const k = ld(node + DICT_SIZE);
  if (k >= MAX_DICT) return -1;
  store<i16>(<usize>(d + (slot << 1)), <i16>k);
  st(d + D_STARTS + (k << 2), src);
  st(d + D_LENS + (k << 2), n);
  st(d + D_COUNTS + (k << 2), 1);
  st(node + DICT_SIZE, k + 1);
  return k;
}

/** Gives up the node's dictionary: the elements its selectors stood for are written out, in order. */
function dropDict(node: i32): void {
  const d = ld(node + DICT);
  let b = ld(node + SEL_HEAD);
  while (b != 0) {
    const used = ld(b + B_USED);
    for (let i = 0; i < used; i++) {
      const k = ld8(b + B_DATA + i);
      appendElem(node, ld(d + D_STARTS + (k << 2)), ld(d + D_LENS + (k << 2)));
    }
    b = ld(b + B_NEXT);
  }
  st(node + DICT_SIZE, -1);
  st(node + SEL_HEAD, 0);
  st(node + SEL_TAIL, 0);
}

/** nulls-writer.ts: one more value (null or not) in the node's runs. */
@inline function nullsStep(node: i32, isNull: bool): void {
  if (<i32>isNull != ld(node + IN_NULLS)) {
    appendInt(node + RUNS_HEAD, node + RUNS_TAIL, ld(node + RUN));
    st(node + RUNS_COUNT, ld(node + RUNS_COUNT) + 1);
    st(node + RUN, 0);
    st(node + IN_NULLS, <i32>isNull);
  }
  st(node + RUN, ld(node + RUN) + 1);
  if (isNull) st(node + NULLS, ld(node + NULLS) + 1);
}

/** Reads the element at p (end e) into elStart/elEnd (start -1 for a null); returns the position past it. */
let elStart: i32 = 0;
let elEnd: i32 = 0;
function readElement(p: i32, e: i32): i32 {
  let u: u64 = 0;
  let shift: u64 = 0;
  for (;;) {
    if (p >= e) unreachable();
    const c = ld8(p++);
    u |= <u64>(c & 0x7f) << shift;
    if (c < 0x80) break;
    shift += 7;
    if (shift > 63) unreachable();
  }
  if (u == 0) {
    elStart = -1;
    elEnd = -1;
    return p;
  }
  const n = <i32>(u - 1);
  if (u - 1 > <u64>(e - p)) unreachable();
  elStart = p;
  elEnd = p + n;
  return p + n;
}

/** Writes the value s..e (s -1: null) to the column at plan[at]; returns the plan position past its columns. */
function writeColumn(plan: i32, at: i32, nodes: i32, s: i32, e: i32): i32 {
  const p = plan + (at << 2);
  const kind = ld(p);
  const node = nodes + ld(p + 4) * NODE;
  nullsStep(node, s < 0);
  if (kind == 0) {
    const fields = ld(p + 8);
    const skip = ld(p + 12);
    if (s < 0) return at + 4 + skip;
    st(node + COUNT, ld(node + COUNT) + 1);
    let q = s;
    let f = at + 4;
    for (let i = 0; i < fields; i++) {
      // (A record body with fewer elements than fields is corrupt.)
      q = readElement(q, e);
      f = writeColumn(plan, f, nodes, elStart, elEnd);
    }
    if (q != e) unreachable();
    return f;
  }
  if (s < 0) return at + 3;
  st(node + COUNT, ld(node + COUNT) + 1);
  const n = e - s;
  if (ld(node + DICT_SIZE) >= 0) {
    const k = dictAdd(node, s, n);
    if (k >= 0) {
      const q = room(node + SEL_HEAD, node + SEL_TAIL, 1);
      st8(q, k);
      commit(node + SEL_TAIL, q + 1);
      return at + 3;
    }
    dropDict(node);
  }
  appendElem(node, s, n);
  return at + 3;
}

/** Sets up: blocks and dictionaries go past `heap` (the caller zeroed the nodes). */
export function init(heap: i32): void {
  top = heap;
}

/** Gives node `n` (at `nodes`) a dictionary, or none (-1). */
export function initNode(nodes: i32, n: i32, dict: bool): void {
  const node = nodes + n * NODE;
  if (dict) {
    const d = alloc(DICT_BYTES);
    memory.fill(<usize>d, 0xff, <usize>(TABLE * 2));
    st(node + DICT, d);
    st(node + DICT_SIZE, 0);
  } else st(node + DICT_SIZE, -1);
}

/**
 * Shreds `n` values: value i's body bounds and tag at spans + 12i; tag t's
 * columns start at plan[plans[t]] (i32 indexes); node 0 is the tags'.
 */
export function shred(n: i32, spans: i32, plan: i32, plans: i32, nodes: i32): void {
  // (Node 0 holds the variant's tags in its runs.)
  for (let i = 0; i < n; i++) {
    const sp = spans + i * 12;
    const tag = ld(sp + 8);
    appendInt(nodes + RUNS_HEAD, nodes + RUNS_TAIL, tag);
    writeColumn(plan, ld(plans + (tag << 2)), nodes, ld(sp), ld(sp + 4));
  }
  st(nodes + RUNS_COUNT, ld(nodes + RUNS_COUNT) + n);
}
