// ZNG, Zed's binary row format and the lake's object format (docs/formats/zng.md).
export { ZngDecoder, decodeZng, type ZngControl, type ZngDecoderOptions } from './decoder.js';
export { ZngEncoder, encodeZng, type ZngEncoderOptions } from './encoder.js';
export { DEFAULT_FRAME_THRESHOLD, DEFAULT_MAX_FRAME_SIZE } from './frame.js';
export { inflateZng } from './inflate.js';
