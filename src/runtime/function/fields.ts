// fields(r): the paths of a record's leaf fields as [[string]], descending
// into nested records; r may also be a record type value (function/fields.go).
// Anything else is error("missing").

import { encodeUtf8 } from '../../util/utf8.js';
import { Builder, ID, TypeString, Value, underlying, type RecordType } from '../../zed/index.js';
import { under } from '../expr/coerce.js';
import type { FunctionDef } from './registry.js';
import { typeOfTypeValue } from './types.js';

function buildPaths(r: RecordType, b: Builder, prefix: string[]): void {
  for (const f of r.fields) {
    const u = underlying(f.type);
    if (u.kind === 'record') {
      prefix.push(f.name);
      buildPaths(u, b, prefix);
      prefix.pop();
      continue;
    }
    b.beginContainer();
    for (const p of prefix) b.append(encodeUtf8(p));
    b.append(encodeUtf8(f.name));
    b.endContainer();
  }
}

export const fieldsFunctions: readonly FunctionDef[] = [
  {
    name: 'fields',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      const t = ectx.zctx.lookupArray(ectx.zctx.lookupArray(TypeString));
      const b = new Builder(128);
      const cache = new Map<RecordType, Uint8Array | null>();
      return (args) => {
        const v = under(args[0]!);
        let r = v.type.kind === 'record' ? v.type : null;
        if (v.type.id === ID.type) {
          const inner = typeOfTypeValue(ectx.zctx, v.bytes);
          const u = inner === null ? null : underlying(inner);
          if (u !== null && u.kind === 'record') r = u;
        }
        if (r === null) return ectx.errors.missing();
        let body = cache.get(r);
        if (body === undefined) {
          b.reset();
          buildPaths(r, b, []);
          // No leaves: Zed's empty builder gives a null array.
          body = b.len === 0 ? null : b.bytes();
          cache.set(r, body);
        }
        return new Value(t, body);
      };
    },
  },
];
