// The ZSON format: a streaming Decoder and an Encoder over src/zson.
export { ZsonDecoder } from './decoder.js';
export { ZsonEncoder } from './encoder.js';
