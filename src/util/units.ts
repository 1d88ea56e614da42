// Byte counts as Zed's pkg/units abbreviates them (units.Bytes.Abbrev):
// decimal units, PB, GB, MB, and KB from 10 KB; whole numbers bare, others
// with two decimals (85B, 12.34KB, 300MB). zlake load's progress line and the
// web console both write sizes this way.

const STEPS: readonly (readonly [from: number, unit: number, suffix: string])[] = [
  [1e15, 1e15, 'PB'],
  [1e9, 1e9, 'GB'],
  [1e6, 1e6, 'MB'],
  [1e4, 1e3, 'KB'],
];

/** `n` bytes as Zed abbreviates them. */
export function abbrevBytes(n: number): string {
  for (const [from, unit, suffix] of STEPS) {
    if (n >= from) return Number.isInteger(n / unit) ? `${n / unit}${suffix}` : `${(n / unit).toFixed(2)}${suffix}`;
  }
  return `${n}B`;
}
