// Public surface of the formats layer.
export * from './codec.js';
export * from './registry.js';
export * from './detect.js';
export * from './detect-hook.js';
export { isCsvDelimiter } from './csv/index.js';
export * from './input.js';
export * from './lake/index.js';
export { ZngDecoder, decodeZng, encodeZng, type ZngControl } from './zng/index.js';
export { setParquetWasmLoader, type ParquetWasmLoader, type ParquetWasmSource } from './parquet/index.js';
export { setLz4WasmModule } from './lz4-wasm.js';
export { setNdjsonWasmModule } from './json/wasm-lines.js';
export { setVngShredWasmModule } from './vng/shred-wasm.js';
