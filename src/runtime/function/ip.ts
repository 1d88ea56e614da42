// network_of and cidr_match (function/ip.go at v1.18.0). IPs are 4 or 16
// bytes; a net is the masked address followed by its mask.

import { Builder, ID, TypeNet, Value, makeNet, maskBits, underlying, type Type } from '../../zed/index.js';
import { bodyAsInt, bodyAsUint, isIntegerId, isSignedId } from '../expr/coerce.js';
import { boolValue, walkValue } from '../expr/compare.js';
import type { EvalContext } from '../expr/context.js';
import type { FunctionDef } from './registry.js';

/** True when `ip` (4 or 16 bytes) lies in the net encoded as `net`. */
export function netContains(net: Uint8Array, ip: Uint8Array): boolean {
  const n = net.length / 2;
  if (ip.length !== n) return false;
  for (let i = 0; i < n; i++) if ((ip[i]! & net[n + i]!) !== net[i]) return false;
  return true;
}

/** The record {address:a,mask:m} Zed attaches to some network_of errors. */
function addressAndMask(ectx: EvalContext, a: Value, m: Value): Value {
  const t = ectx.zctx.lookupRecord([
    { name: 'address', type: a.type },
    { name: 'mask', type: m.type },
  ]);
  const b = new Builder(32);
  b.append(a.bytes);
  b.append(m.bytes);
  return new Value(t, b.bytes());
}

function networkOf(ectx: EvalContext, args: readonly Value[]): Value {
  const a = args[0]!;
  if (underlying(a.type).id !== ID.ip) return ectx.errors.wrap('network_of: not an IP', a);
  const ip = a.bytes ?? new Uint8Array(0);
  let bits: number;
  if (args.length === 1) {
    if (ip.length !== 4) return ectx.errors.wrap('network_of: not an IPv4 address', a);
    bits = ip[0]! < 0x80 ? 8 : ip[0]! < 0xc0 ? 16 : 24;
  } else {
    const m = args[1]!;
    const id = underlying(m.type).id;
    if (id === ID.ip) {
      const mask = m.bytes ?? new Uint8Array(0);
      if (mask.length !== ip.length) {
        return ectx.errors.wrap('network_of: address and mask have different lengths', addressAndMask(ectx, a, m));
      }
      bits = maskBits(mask);
      const canonical = makeNet(mask, bits);
      for (let i = 0; i < mask.length; i++) {
        if (canonical[i] !== mask[i]) return ectx.errors.wrap('network_of: mask is non-contiguous', m);
      }
    } else if (isIntegerId(id)) {
      const n = isSignedId(id) ? bodyAsInt(id, m.bytes) : bodyAsUint(id, m.bytes);
      if (n < 0n || n > 128n || (n > 32n && ip.length === 4)) {
        return ectx.errors.wrap('network_of: CIDR bit count out of range', addressAndMask(ectx, a, m));
      }
      bits = Number(n);
    } else {
      return ectx.errors.wrap('network_of: bad arg for CIDR mask', m);
    }
  }
  return new Value(TypeNet, makeNet(ip, bits));
}

export const ipFunctions: readonly FunctionDef[] = [
  {
    name: 'network_of',
    minArgs: 1,
    maxArgs: 2,
    make(ectx) {
      return (args) => networkOf(ectx, args);
    },
  },
  {
    name: 'cidr_match',
    minArgs: 2,
    maxArgs: 2,
    boolResult: true,
    make(ectx) {
      let net: Uint8Array = new Uint8Array(0);
      const visit = (t: Type, b: Uint8Array | null) => b !== null && underlying(t).id === ID.ip && netContains(net, b);
      return (args) => {
        const n = args[0]!;
        if (underlying(n.type).id !== ID.net) return ectx.errors.wrap('cidr_match: not a net', n);
        if (n.bytes === null) return boolValue(false);
        net = n.bytes;
        const v = args[1]!;
        return boolValue(walkValue(v.type, v.bytes, visit));
      };
    },
  },
];
