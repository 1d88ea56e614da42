// The LZ4 block compressor runs in WebAssembly (wasm/lz4-compress.ts, built
// by scripts/build-wasm.mjs), where the six-byte hash is one 64-bit multiply
// (JavaScript needs 16-bit limbs: the JavaScript build ran at a third of its
// speed). One instance per thread, made on first use from the module's bytes
// (Node, Deno, Bun), or from the compiled module a Worker imports, since
// Workers compile no WebAssembly from bytes (adapters/cloudflare/worker.ts
// hands it over with setLz4WasmModule). An instance's memory only grows,
// so after a block past MAX_KEPT_BLOCK the instance is let go with it.

import { InternalError } from '../errors/index.js';
import { WasmKernel } from '../util/wasm-kernel.js';
import { LZ4_COMPRESS_WASM } from './lz4-compress-wasm.js';

/** Where the input goes: past the hash table (65,536 u16 entries). */
const HEAP = 128 * 1024;
const PAGE = 64 * 1024;
/** Blocks up to this size leave the instance's memory (about twice it) for the next. */
export const MAX_KEPT_BLOCK = 8 * 1024 * 1024;

interface Exports {
  readonly memory: WebAssembly.Memory;
  compress(src: number, n: number, dst: number, cap: number): number;
}

const kernel = new WasmKernel<Exports>(LZ4_COMPRESS_WASM);

/** Gives the compiled module (a Worker's import); without it the module is compiled from its bytes. */
export function setLz4WasmModule(m: WebAssembly.Module): void {
  kernel.setModule(m);
}

function exportsOf(): Exports {
  const x = kernel.exports();
  if (x === null) throw new InternalError('the LZ4 compressor (WebAssembly) cannot run in this thread');
  return x;
}

/** Bytes of memory the thread's instance holds (0 with none): for tests. */
export function lz4WasmMemory(): number {
  return kernel.current?.memory.buffer.byteLength ?? 0;
}

/**
 * The LZ4 block for `src` of at most `cap` bytes, as a view of the
 * instance's memory that the next call overwrites; null when the block does
 * not fit or nothing matched.
 */
export function compressLz4(src: Uint8Array, cap: number): Uint8Array | null {
  const x = exportsOf();
  const dst = HEAP + src.length;
  const need = dst + cap;
  const have = x.memory.buffer.byteLength;
  if (need > have) x.memory.grow(Math.ceil((need - have) / PAGE));
  const mem = new Uint8Array(x.memory.buffer);
  mem.set(src, HEAP);
  const z = x.compress(HEAP, src.length, dst, cap);
  if (src.length > MAX_KEPT_BLOCK) kernel.drop();
  return z === 0 ? null : mem.subarray(dst, dst + z);
}
