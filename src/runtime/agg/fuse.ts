// fuse(): the fused type of the inputs' types, as a type value (agg/fuse.go
// and fuse-schema.ts). Partials are type values; with no input the result
// is null(type).

import { InvalidError } from '../../errors/index.js';
import { TypeType, Value, type Type, type TypeContext } from '../../zed/index.js';
import { FIXED_AGG_BYTES, type AggregateDef, type Aggregator } from './aggregator.js';
import { Schema } from './fuse-schema.js';

const NULL_TYPE = new Value(TypeType, null);

class Fuse implements Aggregator {
  // Insertion-ordered: Zed mixes shapes in the order first seen.
  private readonly shapes = new Set<Type>();
  private readonly partials: Uint8Array[] = [];
  private partialBytes = 0;

  consume(v: Value): void {
    this.shapes.add(v.type);
  }

  consumeAsPartial(v: Value): void {
    if (v.type !== TypeType) throw new InvalidError('fuse: partial not a type value');
    // A null partial (a group with no input) has no type to mix in.
    if (v.bytes === null) return;
    this.partials.push(v.bytes.slice());
    this.partialBytes += v.bytes.length;
  }

  result(zctx: TypeContext): Value {
    if (this.shapes.size === 0 && this.partials.length === 0) return NULL_TYPE;
    const schema = new Schema(zctx);
    for (const p of this.partials) schema.mixin(zctx.decodeTypeValue(p));
    for (const t of this.shapes) schema.mixin(t);
    return new Value(TypeType, zctx.encodeTypeValue(schema.type!));
  }

  resultAsPartial(zctx: TypeContext): Value {
    return this.result(zctx);
  }

  memory(): number {
    return FIXED_AGG_BYTES + 32 * this.shapes.size + this.partialBytes;
  }
}

export const fuseDef: AggregateDef = {
  name: 'fuse',
  needsArg: true,
  growing: true,
  make: () => new Fuse(),
};
