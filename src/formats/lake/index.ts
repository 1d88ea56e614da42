// The `lake` text format: lake metadata as `zed ls` and `zed log` print it.
export { LakeEncoder, type LakeEncoderOptions } from './lake-encoder.js';
