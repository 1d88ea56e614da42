// Public surface of the formats layer.
export * from './codec.js';
export * from './registry.js';
export * from './detect.js';
export * from './input.js';
