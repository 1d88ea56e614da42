// Object sizes as Zed's lake format prints them (pkg/units Bytes.Abbrev):
// decimal units, a whole number when exact, else two decimals.

const UNITS: readonly (readonly [number, string])[] = [
  [1e15, 'PB'],
  [1e9, 'GB'],
  [1e6, 'MB'],
];

export function abbreviateBytes(n: number): string {
  for (const [unit, suffix] of UNITS) if (n >= unit) return scaled(n, unit, suffix);
  if (n >= 10_000) return scaled(n, 1000, 'KB');
  return `${n}B`;
}

function scaled(n: number, unit: number, suffix: string): string {
  if (n % unit === 0) return `${n / unit}${suffix}`;
  return `${fixed2(n / unit)}${suffix}`;
}

/**
 * Go's %.2f: the float's exact value rounded to two decimals, ties to even.
 * toFixed rounds exact ties up, so those are corrected here.
 */
function fixed2(f: number): string {
  const s = f.toFixed(2);
  const tie = Number.isInteger(f * 200) && !Number.isInteger(f * 100);
  if (!tie) return s;
  const cents = Math.round(f * 100);
  if (cents % 2 === 0) return s;
  return ((cents - 1) / 100).toFixed(2);
}
