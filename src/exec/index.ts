// Public surface of the exec layer.
export * from './query.js';
export * from './lake-source.js';
