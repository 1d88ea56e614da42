// The looks at the first bytes that Zed's auto-detection makes for the binary
// formats before (or instead of) reading them (zio/anyio/reader.go, the VNG
// header in vng/header.go, Parquet's leading magic). Registry entries use
// them as their `detect` checks.

import { DETECT_OVERFLOW, type DetectCheck, type DetectEnd } from './detect-hook.js';

/** What io.ReadFull says when `have` of the bytes it needs are there at end of input. */
function shortRead(have: number): string {
  return have === 0 ? 'EOF' : 'unexpected EOF';
}

const ARROWS_MAX_SCHEMA = 1 << 20;

/**
 * isArrowStream: an optional 0xffffffff continuation marker, then the
 * little-endian length of the schema message, which must be at most 1 MiB.
 */
export const arrowsPrefix: DetectCheck = (prefix: Uint8Array, end: DetectEnd) => {
  let at = 0;
  if (prefix.length >= 4 && prefix[0] === 0xff && prefix[1] === 0xff && prefix[2] === 0xff && prefix[3] === 0xff) at = 4;
  if (prefix.length < at + 4) {
    if (end === 'partial') return 'more';
    return `arrows: ${end === 'eof' ? shortRead(prefix.length - at) : DETECT_OVERFLOW}`;
  }
  const len = (prefix[at]! | (prefix[at + 1]! << 8) | (prefix[at + 2]! << 16) | (prefix[at + 3]! << 24)) >>> 0;
  return len > ARROWS_MAX_SCHEMA ? 'arrows: schema message length exceeds 1 MiB' : null;
};

const VNG_HEADER = 16;

/** The VNG header: "VNG\0" and a version, metadata and data sizes (vng/header.go). */
export const vngHeader: DetectCheck = (prefix: Uint8Array, end: DetectEnd) => {
  if (prefix.length < VNG_HEADER) {
    if (end === 'partial') return 'more';
    return `vng: short VNG file: ${prefix.length} bytes read`;
  }
  if (prefix[0] !== 0x56 || prefix[1] !== 0x4e || prefix[2] !== 0x47 || prefix[3] !== 0) return 'vng: invalid VNG header';
  return null;
};

/** A Parquet file starts (and ends) with "PAR1". */
export const parquetMagic: DetectCheck = (prefix: Uint8Array, end: DetectEnd) => {
  if (prefix.length < 4) {
    if (end === 'partial') return 'more';
    return `parquet: file too small (size=${prefix.length})`;
  }
  if (prefix[0] !== 0x50 || prefix[1] !== 0x41 || prefix[2] !== 0x52 || prefix[3] !== 0x31) return 'parquet: invalid file magic';
  return null;
};
