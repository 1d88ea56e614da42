// NDJSON: newline-delimited JSON values (reader; the JSON writer serves output).
export { NdjsonDecoder } from './ndjson-decoder.js';
