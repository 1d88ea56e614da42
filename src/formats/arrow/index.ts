// Arrow IPC stream format (zq -i arrows / -f arrows) and the Arrow <-> Zed
// conversions the Parquet format shares.
export { ArrowsDecoder, MAX_BODY_LENGTH, MAX_METADATA_LENGTH } from './arrows-decoder.js';
export { ArrowsEncoder, ARROW_BATCH_ROWS } from './arrows-encoder.js';
export { ArrowBatchBuilder } from './batch-builder.js';
export { BatchReader } from './batch-reader.js';
export { IpcStreamWriter } from './ipc-writer.js';
export { unsupportedTypeError, type WriterName } from './writer-errors.js';
export { readerError } from './reader-error.js';
