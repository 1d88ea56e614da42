// Input format auto-detection (zq's "-i auto"): try each candidate decoder on
// a bounded prefix of the input, in Zed's order, and take the first that
// yields values without error. The prefix is kept and replayed, so the input
// is read once.

import { InvalidError } from '../errors/index.js';
import { TypeContext } from '../zed/index.js';
import type { DecoderOptions } from './codec.js';
import { formatByName, type FormatName } from './registry.js';

/** Zed's detection order (zio/anyio/reader.go) and how many values each must yield. */
const candidates: readonly { name: FormatName; want: number }[] = [
  { name: 'arrows', want: 1 },
  { name: 'zeek', want: 1 },
  { name: 'zjson', want: 1 },
  { name: 'json', want: 10 },
  { name: 'zson', want: 1 },
  { name: 'zng', want: 1 },
  { name: 'csv', want: 1 },
  { name: 'tsv', want: 1 },
];

/** Largest prefix examined before a candidate that has not failed is accepted. */
export const DETECT_LIMIT = 1 << 20;

type Verdict = { ok: true } | { ok: false; why: string } | { ok: 'more' };

function attempt(name: FormatName, want: number, prefix: Uint8Array, complete: boolean, opts: DecoderOptions): Verdict {
  const f = formatByName(name);
  if (f?.decoder === undefined) return { ok: false, why: `${name}: auto-detection not supported` };
  try {
    if (f.detect !== undefined && !f.detect(prefix, complete)) return { ok: false, why: `${name}: no match` };
    const dec = f.decoder(new TypeContext(), opts);
    const n = dec.push(prefix).length;
    if (n >= want) return { ok: true };
    if (!complete) return { ok: 'more' };
    dec.end();
    // As zq's match(): reaching the end of the input cleanly is a match, values or not.
    return { ok: true };
  } catch (e) {
    return { ok: false, why: `${name}: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * Picks the format of an input from its first bytes. `complete` says the
 * prefix is the whole input. Returns 'more' when a longer prefix is needed.
 */
export function detectFormat(prefix: Uint8Array, complete: boolean, opts: DecoderOptions = {}): FormatName | 'more' {
  const errs: string[] = [];
  for (const c of candidates) {
    const v = attempt(c.name, c.want, prefix, complete || prefix.length >= DETECT_LIMIT, opts);
    if (v.ok === true) return c.name;
    if (v.ok === 'more') return 'more';
    errs.push(v.why);
  }
  errs.push('line: auto-detection not supported');
  errs.sort();
  throw new InvalidError(`format detection error\n\t${errs.join('\n\t')}`);
}

const GZIP_ID = [0x1f, 0x8b];

export function isGzip(prefix: Uint8Array): boolean {
  return prefix[0] === GZIP_ID[0] && prefix[1] === GZIP_ID[1];
}
