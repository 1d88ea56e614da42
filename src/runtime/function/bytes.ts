// base64 and hex: bytes to encoded string and back (function/bytes.go at
// v1.18.0). Decoding is as strict as Go's encoding/base64 StdEncoding (which
// skips CR and LF) and encoding/hex. Error texts keep Zed's wording, typos
// included ("hexidecimal", and hex's "base64:" prefix for a wrong type).

import { decodeHex, encodeHex } from '../../util/hex.js';
import { decodeUtf8, encodeUtf8 } from '../../util/utf8.js';
import { ID, TypeBytes, TypeString, Value } from '../../zed/index.js';
import { under } from '../expr/coerce.js';
import type { EvalContext } from '../expr/context.js';
import type { FunctionDef, ZedFunction } from './registry.js';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = (() => {
  const t = new Int16Array(128).fill(-1);
  for (let i = 0; i < B64.length; i++) t[B64.charCodeAt(i)] = i;
  return t;
})();

export function encodeBase64(b: Uint8Array): string {
  let s = '';
  let i = 0;
  for (; i + 2 < b.length; i += 3) {
    const n = (b[i]! << 16) | (b[i + 1]! << 8) | b[i + 2]!;
    s += B64[n >> 18]! + B64[(n >> 12) & 63]! + B64[(n >> 6) & 63]! + B64[n & 63]!;
  }
  if (i < b.length) {
    const n = (b[i]! << 16) | ((b[i + 1] ?? 0) << 8);
    s += B64[n >> 18]! + B64[(n >> 12) & 63]! + (i + 1 < b.length ? B64[(n >> 6) & 63]! : '=') + '=';
  }
  return s;
}

/** Go's base64.StdEncoding.DecodeString: padded, strict, CR/LF ignored; null if invalid. */
export function decodeBase64(text: string): Uint8Array | null {
  const s = text.replace(/[\r\n]/g, '');
  if (s.length % 4 !== 0) return null;
  const out: number[] = [];
  for (let i = 0; i < s.length; i += 4) {
    const q = [0, 0, 0, 0];
    let pad = 0;
    for (let k = 0; k < 4; k++) {
      const c = s.charCodeAt(i + k);
      if (c === 61 /* = */ && i + 4 === s.length && k >= 2) {
        pad++;
        continue;
      }
      const v = c < 128 ? B64_INDEX[c]! : -1;
      if (v < 0 || pad > 0) return null;
      q[k] = v;
    }
    const n = (q[0]! << 18) | (q[1]! << 12) | (q[2]! << 6) | q[3]!;
    out.push(n >> 16);
    if (pad < 2) out.push((n >> 8) & 255);
    if (pad < 1) out.push(n & 255);
    // Go rejects nonzero bits in the padding position.
    if ((pad === 2 && (n & 0xffff) !== 0) || (pad === 1 && (n & 0xff) !== 0)) return null;
  }
  return Uint8Array.from(out);
}

function codec(
  name: 'base64' | 'hex',
  encode: (b: Uint8Array) => string,
  decode: (s: string) => Uint8Array | null,
  notEncoded: string,
): FunctionDef {
  return {
    name,
    minArgs: 1,
    maxArgs: 1,
    make(ectx: EvalContext): ZedFunction {
      return (args) => {
        const v = under(args[0]!);
        switch (v.type.id) {
          case ID.bytes:
            if (v.bytes === null) return ectx.errors.message(`${name}: illegal null argument`);
            return new Value(TypeString, encodeUtf8(encode(v.bytes)));
          case ID.string: {
            if (v.bytes === null) return new Value(TypeBytes, null);
            const b = decode(decodeUtf8(v.bytes));
            return b === null ? ectx.errors.wrap(notEncoded, v) : new Value(TypeBytes, b);
          }
        }
        return ectx.errors.wrap('base64: argument must a bytes or string type', v);
      };
    },
  };
}

export const bytesFunctions: readonly FunctionDef[] = [
  codec('base64', encodeBase64, decodeBase64, 'base64: string argument is not base64'),
  codec('hex', encodeHex, decodeHex, 'hex: string argument is not hexidecimal'),
];
