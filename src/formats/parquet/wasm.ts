// The Parquet engine is parquet-wasm (arrow-rs compiled to WebAssembly). Its
// ESM build keeps one module instance per process, so this file holds the
// one piece of module-level state here: how to get the module, which each
// runtime's adapter provides (bytes read from node_modules on Node, Deno and
// Bun; an imported WebAssembly.Module on Workers). Nothing here reads files
// or fetches; the module is compiled on first use, synchronously, so Parquet
// fits the synchronous Decoder/Encoder contract.

import { initSync } from 'parquet-wasm/esm';
import { UnsupportedError } from '../../errors/index.js';

export type ParquetWasmSource = WebAssembly.Module | BufferSource;
export type ParquetWasmLoader = () => ParquetWasmSource;

let loader: ParquetWasmLoader | null = null;
let ready = false;

/** Says how to obtain parquet-wasm's WebAssembly module (parquet_wasm_bg.wasm). */
export function setParquetWasmLoader(load: ParquetWasmLoader): void {
  loader = load;
}

/** Compiles and instantiates the module on first use; throws when no loader was set. */
export function ensureParquetWasm(): void {
  if (ready) return;
  if (loader === null) {
    throw new UnsupportedError('parquet: the Parquet engine (parquet-wasm) was not provided by this runtime');
  }
  initSync({ module: loader() });
  ready = true;
}
