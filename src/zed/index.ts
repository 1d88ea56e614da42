// The Zed value model: types, the type context, zcode, primitive codecs and values.
export * from './types.js';
export * from './context.js';
export * from './zcode.js';
export * from './primitive-codec.js';
export * from './ip.js';
export * from './value.js';
export * from './make.js';
