// The hook through which a format joins input auto-detection: registry
// entries carry a `Detection`, and detect.ts runs them in Zed's order
// (zio/anyio/reader.go). A format added to the registry with a `detect`
// entry is detected with no other change.

/** How much of the input the prefix is: more may follow, it is all of it, or the look-ahead limit cut it. */
export type DetectEnd = 'partial' | 'eof' | 'overflow';

/**
 * A cheap look at the prefix before (or instead of) a trial decode: null to
 * go on, 'more' to wait for more bytes, or why the format does not match
 * (the full line of the detection error, starting with the format name).
 */
export type DetectCheck = (prefix: Uint8Array, end: DetectEnd) => string | null | 'more';

export type Detection =
  /**
   * Streamed formats: the check (if any) passes, then a trial decoder must
   * yield `want` values (default 1) or reach the end of the input cleanly.
   */
  | { readonly kind: 'trial'; readonly rank: number; readonly want?: number; readonly check?: DetectCheck }
  /**
   * Formats that need random access (Parquet, VNG): tried first, and only
   * when the input is seekable (a file); the check decides on the prefix
   * alone (e.g. magic bytes) and the reader reports what is wrong after.
   */
  | { readonly kind: 'seekable'; readonly rank: number; readonly check: DetectCheck }
  /** Listed in the failure message as "<name>: auto-detection not supported" (Line). */
  | { readonly kind: 'never' };

/** Zed's message when a candidate needs more than the look-ahead limit (zio/anyio/recorder.go). */
export const DETECT_OVERFLOW = 'buffer exceeded max size trying to infer input format';
