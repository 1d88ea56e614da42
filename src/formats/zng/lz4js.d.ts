// Types for the parts of the `lz4js` package (CommonJS, plain JavaScript, no
// runtime-specific APIs) that ZNG uses: raw LZ4 block compression.

declare module 'lz4js' {
  /**
   * Decompresses the LZ4 block `src[sIndex:sIndex+sLength]` into `dst` from
   * `dIndex`; returns the index after the last byte written. It does no bounds
   * checks: writes past `dst.length` are dropped but still counted.
   */
  export function decompressBlock(src: Uint8Array, dst: Uint8Array, sIndex: number, sLength: number, dIndex: number): number;
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
