// The Zeek TSV log format: reader and writer.
export { ZeekDecoder } from './zeek-decoder.js';
export { ZeekEncoder } from './zeek-encoder.js';
