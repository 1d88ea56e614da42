// Parquet (zq -i parquet / -f parquet) through parquet-wasm.
export { ParquetDecoder, MAX_PARQUET_BYTES } from './parquet-decoder.js';
export { ParquetEncoder, ROW_GROUP_BYTES, ROW_GROUP_ROWS, type ParquetEncoderOptions } from './parquet-encoder.js';
export { setParquetWasmLoader, type ParquetWasmLoader, type ParquetWasmSource } from './wasm.js';
