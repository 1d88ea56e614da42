// Go's ways of printing a few things the lake commands print: %q quoting
// and its units for byte sizes given on the command line.

import { InvalidError } from '../../../src/index.js';

/** Go's %q (strconv.Quote) for the strings the commands quote. */
export function goQuote(s: string): string {
  return JSON.stringify(s).replace(/\\u00([0-7][0-9a-f])/g, (_, hex: string) => `\\x${hex}`);
}

const METRIC: Record<string, number> = { B: 1, KB: 1e3, kB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12, PB: 1e15, EB: 1e18 };
const BINARY: Record<string, number> = { B: 1, KiB: 2 ** 10, MiB: 2 ** 20, GiB: 2 ** 30, TiB: 2 ** 40, PiB: 2 ** 50, EiB: 2 ** 60 };

/** A flag check (see FlagSpec) for sizes parseBytes takes: the units package's error text otherwise. */
export function bytesCheck(text: string): string | null {
  try {
    parseBytes('', text);
    return null;
  } catch {
    return `units: unknown unit in ${text}`;
  }
}

/** A byte size such as `10MB` or `4GiB` (alecthomas/units ParseStrictBytes: a unit is required). */
export function parseBytes(flag: string, text: string): number {
  // The units package takes a bare 0 as zero bytes.
  if (text === '0') return 0;
  const m = /^([0-9]+(?:\.[0-9]+)?)([A-Za-z]+)$/.exec(text);
  const scale = m === null ? undefined : (BINARY[m[2]!] ?? METRIC[m[2]!]);
  if (m === null || scale === undefined) {
    throw new InvalidError(`invalid value ${goQuote(text)} for flag -${flag}: units: unknown unit in ${text}`);
  }
  return Math.trunc(Number(m[1]) * scale);
}
