// Where Node, Deno and Bun find parquet-wasm's WebAssembly module: the file
// in node_modules, read when Parquet is first used (compiling it takes a
// few hundred milliseconds, so runs that never touch Parquet skip it).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setParquetWasmLoader } from '../../src/index.js';

export function loadParquetWasm(): Uint8Array {
  return readFileSync(fileURLToPath(import.meta.resolve('parquet-wasm/esm/parquet_wasm_bg.wasm')));
}

/** Lets the engine load the Parquet module from node_modules on first use. */
export function useLocalParquetWasm(): void {
  setParquetWasmLoader(loadParquetWasm);
}
