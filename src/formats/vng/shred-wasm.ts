// Values shredded into VNG columns in WebAssembly (wasm/vng-shred.ts, built
// by scripts/build-wasm.mjs), for VngEncoder.writeAll: records whose fields
// are primitives or records, any number of such types, without min and
// max. The module does what the column writers do value by value (null
// runs, dictionaries of up to 256 values, zcode elements, the variant's
// tags); the writers are then loaded with its columns and finish the file
// as they always do, so the file is the same byte for byte. Anything else
// (other types, a corrupt body) is left to the writers: the call returns
// false having written nothing.
//
// One instance per thread (util/wasm-kernel.ts; a Worker is handed the
// compiled module by adapters/cloudflare/worker.ts with
// setVngShredWasmModule); without one, the writers do it all. An
// instance's memory only grows, so one that grew past MAX_KEPT_MEMORY is
// let go after its call.

import { FirstSeen } from '../../util/first-seen.js';
import { WasmKernel } from '../../util/wasm-kernel.js';
import { ID, TypeNull, type Type } from '../../zed/index.js';
import { VNG_SHRED_WASM } from './vng-shred-wasm.js';

/** Where a value lies: its type and its body buf[start:end] (start -1 for a null). */
export interface SpanRef {
  type: Type;
  buf: Uint8Array;
  start: number;
  end: number;
}

/** Values read by position, as a lake's run is. */
export interface ValueSpans {
  readonly length: number;
  at(i: number, ref: SpanRef): void;
}

/** The columns of one node of a type's tree (see ShredResult). */
export interface ShreddedNode {
  /** nulls-writer.ts's state: run lengths as int64 elements, and the current run. */
  readonly runs: Uint8Array;
  readonly runsCount: number;
  readonly run: number;
  readonly inNulls: boolean;
  readonly nulls: number;
  /** Values written to the record or primitive column. */
  readonly count: number;
  /** A primitive column's elements, when it has no dictionary. */
  readonly elems: Uint8Array | null;
  /** Its dictionary (bodies and counts in first-seen order) and one selector per value, when it kept one. */
  readonly dict: { readonly bodies: Uint8Array[]; readonly counts: number[]; readonly selectors: Uint8Array } | null;
}

export interface ShredResult {
  /** The distinct types, in first-seen order (the variant's tags). */
  readonly types: Type[];
  /** The tags, one int64 element per value. */
  readonly tags: Uint8Array;
  readonly count: number;
  /** Per type, its nodes in pre-order (a record, then its fields' nodes). */
  readonly nodes: ShreddedNode[][];
}

interface Exports {
  readonly memory: WebAssembly.Memory;
  init(heap: number): void;
  initNode(nodes: number, n: number, dict: number): void;
  shred(n: number, spans: number, plan: number, plans: number, nodes: number): void;
}

const PAGE = 64 * 1024;
/** An instance whose memory grew past this is dropped after its call. */
export const MAX_KEPT_MEMORY = 96 << 20;
/** Where the caller's area starts (below: nothing). */
const BASE = 64 * 1024;

const kernel = new WasmKernel<Exports>(VNG_SHRED_WASM);

/** Gives the compiled module (a Worker's import); without it the module is compiled from its bytes. */
export function setVngShredWasmModule(m: WebAssembly.Module): void {
  kernel.setModule(m);
}

/** Plans a type's columns (see the module's header); false when the module cannot write it. */
function plan(t: Type, out: number[], nextNode: { n: number }, dicts: boolean[]): boolean {
  if (t.kind === 'primitive') {
    const node = nextNode.n++;
    const id = t.id;
    dicts[node] = id !== ID.uint8 && id !== ID.int8 && id !== ID.bool;
    out.push(1, node, dicts[node] ? 1 : 0);
    return true;
  }
  if (t.kind !== 'record') return false;
  const node = nextNode.n++;
  dicts[node] = false;
  const at = out.length;
  out.push(0, node, t.fields.length, 0);
  for (const f of t.fields) if (!plan(f.type, out, nextNode, dicts)) return false;
  out[at + 3] = out.length - (at + 4);
  return true;
}

/** Bytes of a node's state, and its slots (see the module). */
const NODE = 64;
const NODE_RUN = 0;
const NODE_IN_NULLS = 4;
const NODE_NULLS = 8;
const NODE_RUNS_HEAD = 12;
const NODE_RUNS_COUNT = 20;
const NODE_COUNT = 24;
const NODE_ELEMS_HEAD = 28;
const NODE_SEL_HEAD = 36;
const NODE_DICT_SIZE = 44;
const NODE_DICT = 48;
/** The dictionary's parts (see the module). */
const D_STARTS = 2048;
const D_LENS = D_STARTS + 257 * 4;
const D_COUNTS = D_LENS + 257 * 4;

/** The values' spans gathered: types and buffers in first-seen order, and per value its bounds, tag and buffer. */
interface Gathered {
  readonly types: Type[];
  readonly bufs: Uint8Array[];
  /** Value i's start, end (relative to its buffer) and tag at 3i. */
  readonly spans: Int32Array;
  readonly bufIdx: Int32Array;
}

// (The loops are in functions of their own, small and called once per
// call: a loop in one large function was compiled again, on stack, at
// every call, for 10-15 ms of a background thread's time each.)

function gather(values: ValueSpans): Gathered {
  const n = values.length;
  const ref: SpanRef = { type: TypeNull, buf: new Uint8Array(0), start: -1, end: -1 };
  const types = new FirstSeen<Type>();
  const bufs = new FirstSeen<Uint8Array>();
  const bufIdx = new Int32Array(n);
  const spans = new Int32Array(3 * n);
  for (let i = 0; i < n; i++) {
    values.at(i, ref);
    // (A null's buffer is none of the values'.)
    bufIdx[i] = ref.start >= 0 ? bufs.indexOf(ref.buf) : 0;
    spans[3 * i] = ref.start;
    spans[3 * i + 1] = ref.end;
    spans[3 * i + 2] = types.indexOf(ref.type);
  }
  return { types: types.items, bufs: bufs.items, spans, bufIdx };
}

/** Makes the bounds absolute: each buffer's bytes are at `bufBase[k]` (nulls stay -1). */
function rebase(spans: Int32Array, bufIdx: Int32Array, bufBase: Int32Array): void {
  const n = bufIdx.length;
  for (let i = 0; i < n; i++) {
    const s = spans[3 * i]!;
    if (s >= 0) {
      const base = bufBase[bufIdx[i]!]!;
      spans[3 * i] = s + base;
      spans[3 * i + 1] = spans[3 * i + 1]! + base;
    }
  }
}

/** The bytes of the chain of blocks from `head` (0: none), copied out of the module's memory. */
function chainBytes(mem: Uint8Array, i32: Int32Array, head: number): Uint8Array {
  let len = 0;
  for (let b = head; b !== 0; b = i32[b >> 2]!) len += i32[(b + 4) >> 2]!;
  const out = new Uint8Array(len);
  let o = 0;
  for (let b = head; b !== 0; b = i32[b >> 2]!) {
    const used = i32[(b + 4) >> 2]!;
    out.set(mem.subarray(b + 12, b + 12 + used), o);
    o += used;
  }
  return out;
}

/** Node `p`'s columns (a node with a dictionary allowed when `dictAllowed`). */
function readNode(mem: Uint8Array, i32: Int32Array, p: number, dictAllowed: boolean): ShreddedNode {
  const word = (a: number): number => i32[a >> 2]!;
  const dictSize = word(p + NODE_DICT_SIZE);
  let dict: ShreddedNode['dict'] = null;
  let elems: Uint8Array | null = null;
  if (dictAllowed && dictSize >= 0) {
    const d = word(p + NODE_DICT);
    const bodies: Uint8Array[] = [];
    const counts: number[] = [];
    for (let e = 0; e < dictSize; e++) {
      const s = word(d + D_STARTS + 4 * e);
      bodies.push(mem.slice(s, s + word(d + D_LENS + 4 * e)));
      counts.push(word(d + D_COUNTS + 4 * e));
    }
    dict = { bodies, counts, selectors: chainBytes(mem, i32, word(p + NODE_SEL_HEAD)) };
  } else elems = chainBytes(mem, i32, word(p + NODE_ELEMS_HEAD));
  return {
    runs: chainBytes(mem, i32, word(p + NODE_RUNS_HEAD)),
    runsCount: word(p + NODE_RUNS_COUNT),
    run: word(p + NODE_RUN),
    inNulls: word(p + NODE_IN_NULLS) !== 0,
    nulls: word(p + NODE_NULLS),
    count: word(p + NODE_COUNT),
    elems,
    dict,
  };
}

/**
 * The columns of `values`, shredded by the module; null when it cannot
 * write them (a type it does not take, a corrupt body) or cannot run here.
 */
export function shredValues(values: ValueSpans): ShredResult | null {
  const x = kernel.exports();
  if (x === null) return null;
  const n = values.length;
  const { types, bufs, spans, bufIdx } = gather(values);
  // The plans: node 0 holds the tags.
  const planCode: number[] = [];
  const plans: number[] = [];
  const nodeRange: [number, number][] = [];
  const next = { n: 1 };
  const dicts: boolean[] = [false];
  for (const t of types) {
    plans.push(planCode.length);
    const first = next.n;
    if (!plan(t, planCode, next, dicts)) return null;
    nodeRange.push([first, next.n]);
  }
  const nodeCount = next.n;
  // Memory: the buffers, the spans, the plans, the nodes, then the heap.
  let at = BASE;
  const bufBase = new Int32Array(bufs.length);
  let total = 0;
  bufs.forEach((b, k) => {
    bufBase[k] = at;
    at += (b.length + 16 + 7) & ~7;
    total += b.length;
  });
  const spansAt = at;
  at += spans.byteLength;
  const planAt = at;
  at += planCode.length * 4;
  const plansAt = at;
  at += plans.length * 4;
  const nodesAt = at;
  at += nodeCount * NODE;
  const heap = (at + 7) & ~7;
  // (Blocks come on top: the columns take about as much as the values.)
  const need = heap + total + total / 2 + nodeCount * 8192 + (4 << 20);
  const have = x.memory.buffer.byteLength;
  if (need > have) x.memory.grow(Math.ceil((need - have) / PAGE));
  let mem = new Uint8Array(x.memory.buffer);
  bufs.forEach((b, k) => mem.set(b, bufBase[k]!));
  rebase(spans, bufIdx, bufBase);
  new Int32Array(x.memory.buffer, spansAt, spans.length).set(spans);
  new Int32Array(x.memory.buffer, planAt, planCode.length).set(planCode);
  new Int32Array(x.memory.buffer, plansAt, plans.length).set(plans);
  mem.fill(0, nodesAt, nodesAt + nodeCount * NODE);
  x.init(heap);
  for (let k = 0; k < nodeCount; k++) x.initNode(nodesAt, k, dicts[k] ? 1 : 0);
  try {
    x.shred(n, spansAt, planAt, plansAt, nodesAt);
  } catch (e) {
    // A trap: a body the writers must judge (they fail with the error).
    if (e instanceof WebAssembly.RuntimeError) {
      kernel.drop();
      return null;
    }
    throw e;
  }
  mem = new Uint8Array(x.memory.buffer);
  const i32 = new Int32Array(x.memory.buffer);
  const result: ShredResult = {
    types,
    tags: chainBytes(mem, i32, i32[(nodesAt + NODE_RUNS_HEAD) >> 2]!),
    count: i32[(nodesAt + NODE_RUNS_COUNT) >> 2]!,
    nodes: nodeRange.map(([a, b]) => Array.from({ length: b - a }, (_, k) => readNode(mem, i32, nodesAt + (a + k) * NODE, dicts[a + k]!))),
  };
  if (x.memory.buffer.byteLength > MAX_KEPT_MEMORY) kernel.drop();
  return result;
}
