// ZJSON: Zed values as JSON lines with explicit types (docs/formats/zjson.md).
export { ZjsonDecoder } from './zjson-decoder.js';
export { ZjsonEncoder } from './zjson-encoder.js';
