// The WebAssembly build of the LZ4 block compressor (wasm/lz4-compress.ts,
// built by scripts/build-wasm.mjs): the same blocks as the JavaScript one in
// lz4-block.ts, about 2.7x faster. One instance per thread, made on first
// use from the module's bytes (Node, Deno, Bun), or from the compiled
// module a Worker imports, since Workers compile no WebAssembly from bytes
// (adapters/cloudflare/worker.ts hands it over with setLz4WasmModule).
// Its memory grows to the largest block it was given, so blocks past
// MAX_WASM_BLOCK stay with the JavaScript compressor.

import { LZ4_COMPRESS_WASM } from './lz4-compress-wasm.js';

/** Where the input goes: past the hash table (65,536 u16 entries). */
const HEAP = 128 * 1024;
const PAGE = 64 * 1024;
/** Blocks above this are compressed in JavaScript, so the instance's memory stays under about 17 MiB. */
export const MAX_WASM_BLOCK = 8 * 1024 * 1024;

interface Exports {
  readonly memory: WebAssembly.Memory;
  compress(src: number, n: number, dst: number, cap: number): number;
}

let module: WebAssembly.Module | null = null;
let instance: Exports | null = null;

/** Gives the compiled module (a Worker's import); without it the module is compiled from its bytes. */
export function setLz4WasmModule(m: WebAssembly.Module): void {
  module = m;
  instance = null;
}

function bytesOf(b64: string): Uint8Array {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function exportsOf(): Exports {
  if (instance !== null) return instance;
  module ??= new WebAssembly.Module(bytesOf(LZ4_COMPRESS_WASM) as Uint8Array<ArrayBuffer>);
  instance = new WebAssembly.Instance(module, {}).exports as unknown as Exports;
  return instance;
}

/**
 * Compresses `src` (at most MAX_WASM_BLOCK bytes) into a block of at most
 * `cap` bytes, copied into `into` (grown when short, and returned with the
 * block's length); the length is 0 when it does not fit or nothing matched.
 */
export function compressLz4Wasm(src: Uint8Array, cap: number, into: Uint8Array<ArrayBuffer>): [Uint8Array<ArrayBuffer>, number] {
  const x = exportsOf();
  const dst = HEAP + src.length;
  const need = dst + cap;
  const have = x.memory.buffer.byteLength;
  if (need > have) x.memory.grow(Math.ceil((need - have) / PAGE));
  const mem = new Uint8Array(x.memory.buffer);
  mem.set(src, HEAP);
  const z = x.compress(HEAP, src.length, dst, cap);
  if (z === 0) return [into, 0];
  let out = into;
  if (out.length < z) out = new Uint8Array(Math.max(z, out.length * 2));
  out.set(mem.subarray(dst, dst + z));
  return [out, z];
}
