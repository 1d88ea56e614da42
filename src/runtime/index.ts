// Public surface of the runtime.
export * from './pipeline.js';
