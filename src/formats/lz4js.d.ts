// Types for the parts of the `lz4js` package (CommonJS, plain JavaScript, no
// runtime-specific APIs) that zlake uses: LZ4 frames in Arrow IPC, and its
// block compressor as a second encoder the block decoder's tests check
// against (LZ4 blocks themselves go through ./lz4-block.ts).

declare module 'lz4js' {
  /** Decompresses one LZ4 frame into a new buffer of at most `maxSize` bytes. */
  export function decompress(src: Uint8Array, maxSize?: number): Uint8Array;
  /** The decompressed size a frame's header declares (or its blocks can reach). */
  export function decompressBound(src: Uint8Array): number;
  /** Compresses `src` into one LZ4 frame. */
  export function compress(src: Uint8Array, maxSize?: number): Uint8Array;
  /**
   * Compresses `src[sIndex:sIndex+sLength]` into `dst` (which needs
   * `compressBound(sLength)` bytes) using `hashTable` (65536 entries, zeroed
   * by the caller); returns the block length, or 0 when it found no match.
   */
  export function compressBlock(
    src: Uint8Array,
    dst: Uint8Array,
    sIndex: number,
    sLength: number,
    hashTable: Uint32Array,
  ): number;
  /** The largest block `compressBlock` can produce for `n` input bytes. */
  export function compressBound(n: number): number;
}
