// ksuid(): new 20-byte KSUIDs (4-byte big-endian seconds since 2014-05-13,
// 16 random bytes) and conversion between the bytes and the 27-character
// base62 text (function/ksuid.go over github.com/segmentio/ksuid).

import { decodeUtf8, encodeUtf8 } from '../../util/utf8.js';
import { ksuidFromBase62, ksuidToBase62, newKsuidBytes } from '../../util/ksuid.js';
import { ID, TypeBytes, TypeString, Value, underlying } from '../../zed/index.js';
import type { EvalContext } from '../expr/context.js';
import type { FunctionDef } from './registry.js';

const BYTES = 20;

/** KSUID bytes as base62 text. */
export const encodeKsuid = ksuidToBase62;

/** The KSUID bytes of base62 text, or the error text segmentio/ksuid gives. */
export function decodeKsuid(s: string): Uint8Array | string {
  return ksuidFromBase62(encodeUtf8(s));
}

/** A new KSUID at the context's time with its random payload. */
export function newKsuid(ectx: EvalContext): Uint8Array {
  return newKsuidBytes(ectx.now(), (out) => ectx.randomBytes(out));
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
