// Public surface of the compiler.
export * from './compile.js';
