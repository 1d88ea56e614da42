// Types for lz4js's LZ4 frame functions (its block functions are declared in
// src/formats/zng/lz4js.d.ts; the declarations merge).

declare module 'lz4js' {
  /** Decompresses one LZ4 frame into a new buffer of at most `maxSize` bytes. */
  export function decompress(src: Uint8Array, maxSize?: number): Uint8Array;
  /** The decompressed size a frame's header declares (or its blocks can reach). */
  export function decompressBound(src: Uint8Array): number;
  /** Compresses `src` into one LZ4 frame. */
  export function compress(src: Uint8Array, maxSize?: number): Uint8Array;
}
