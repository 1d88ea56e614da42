// ksuid(): new 20-byte KSUIDs (4-byte big-endian seconds since 2014-05-13,
// 16 random bytes) and conversion between the bytes and the 27-character
// base62 text (function/ksuid.go over github.com/segmentio/ksuid).

import { decodeUtf8, encodeUtf8 } from '../../util/utf8.js';
import { ID, TypeBytes, TypeString, Value, underlying } from '../../zed/index.js';
import type { EvalContext } from '../expr/context.js';
import type { FunctionDef } from './registry.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const EPOCH = 1_400_000_000n;
const BYTES = 20;
const CHARS = 27;

export function encodeKsuid(b: Uint8Array): string {
  let n = 0n;
  for (const x of b) n = (n << 8n) | BigInt(x);
  let s = '';
  while (n > 0n) {
    s = ALPHABET[Number(n % 62n)]! + s;
    n /= 62n;
  }
  return s.padStart(CHARS, '0');
}

/** segmentio/ksuid's digit values: anything past 'Z' counts from 'a' (mod 256). */
function digitValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 90) return 10 + c - 65;
  return (36 + c - 97) & 0xff;
}

/** The KSUID bytes of base62 text, or the error text segmentio/ksuid gives. */
export function decodeKsuid(s: string): Uint8Array | string {
  const raw = encodeUtf8(s);
  if (raw.length !== CHARS) return `Valid encoded KSUIDs are ${CHARS} characters`;
  let n = 0n;
  for (const c of raw) n = n * 62n + BigInt(digitValue(c));
  if (n >= 1n << 160n) return 'Valid encoded KSUIDs are bounded by 000000000000000000000000000 and aWgEPTl1tmebfsQzFP4bxwgy80V';
  const out = new Uint8Array(BYTES);
  for (let i = BYTES - 1; i >= 0; i--) {
    out[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return out;
}

/** A new KSUID for time `ns` with random payload. */
export function newKsuid(ectx: EvalContext): Uint8Array {
  const out = new Uint8Array(BYTES);
  ectx.randomBytes(out.subarray(4));
  const ts = Number(BigInt.asUintN(32, ectx.now() / 1_000_000_000n - EPOCH));
  out[0] = ts >>> 24;
  out[1] = (ts >>> 16) & 0xff;
  out[2] = (ts >>> 8) & 0xff;
  out[3] = ts & 0xff;
  return out;
}

export const ksuidFunctions: readonly FunctionDef[] = [
  {
    name: 'ksuid',
    minArgs: 0,
    maxArgs: 1,
    make(ectx) {
      return (args) => {
        if (args.length === 0) return new Value(TypeBytes, newKsuid(ectx));
        const v = args[0]!;
        switch (underlying(v.type).id) {
          case ID.bytes:
            if (v.bytes === null) return ectx.errors.message('ksuid: illegal null argument');
            if (v.bytes.length !== BYTES) return ectx.errors.wrap(`ksuid: Valid KSUIDs are ${BYTES} bytes`, v);
            return new Value(TypeString, encodeUtf8(encodeKsuid(v.bytes)));
          case ID.string: {
            const r = decodeKsuid(v.bytes === null ? '' : decodeUtf8(v.bytes));
            return typeof r === 'string' ? ectx.errors.wrap(`ksuid: ${r}`, v) : new Value(TypeBytes, r);
          }
        }
        return ectx.errors.wrap('ksuid: argument must a bytes or string type', v);
      };
    },
  },
];
