// The Zed value model: types, the type context, zcode, primitive codecs and values.
export * from './types.js';
export * from './context.js';
export * from './zcode.js';
export * from './primitive-codec.js';
export * from './ip.js';
export * from './value.js';
export * from './make.js';
export * from './type-order.js';
export * from './order.js';
export * from './equal.js';
export * from './hash.js';
