// Record types by the fields a parser meets one at a time: a trie of
// (name, type) steps whose nodes remember the branch taken last, so a stream
// of records of one shape costs a string and a pointer comparison per field
// instead of a type-context lookup per record. A path whose names repeat
// resolves to the record of the first of each name, as Zed keeps it.

import type { Field, RecordType, Type, TypeContext } from '../zed/index.js';

export class Shape {
  /** The record type of the fields along the path here, once resolved. */
  record: RecordType | null = null;
  /** Positions of fields that repeat an earlier name, to be dropped (null: none). */
  drop: number[] | null = null;
  private lastName = '';
  private lastType: Type | null = null;
  private lastNext: Shape | null = null;
  private branches: Map<string, Map<Type, Shape>> | null = null;

  constructor(
    readonly parent: Shape | null,
    readonly name: string,
    readonly type: Type | null,
  ) {}

  /** The node for this path extended by a field `name` of type `type`. */
  next(name: string, type: Type): Shape {
    if (this.lastType === type && this.lastName === name) return this.lastNext!;
    let byName = this.branches?.get(name);
    if (byName === undefined) {
      byName = new Map();
      (this.branches ??= new Map()).set(name, byName);
    }
    let node = byName.get(type);
    if (node === undefined) {
      node = new Shape(this, name, type);
      byName.set(type, node);
    }
    this.lastName = name;
    this.lastType = type;
    this.lastNext = node;
    return node;
  }
}

export class RecordShapes {
  readonly root = new Shape(null, '', null);

  constructor(private readonly ctx: TypeContext) {}

  /** Resolves `node`'s record type (and the fields to drop, if any). */
  resolve(node: Shape): RecordType {
    if (node.record !== null) return node.record;
    const path: Shape[] = [];
    for (let n: Shape | null = node; n !== null && n.parent !== null; n = n.parent) path.push(n);
    path.reverse();
    const fields: Field[] = [];
    const seen = new Set<string>();
    let drop: number[] | null = null;
    for (let i = 0; i < path.length; i++) {
      const n = path[i]!;
      if (seen.has(n.name)) {
        (drop ??= []).push(i);
        continue;
      }
      seen.add(n.name);
      fields.push({ name: n.name, type: n.type! });
    }
    node.record = this.ctx.lookupRecord(fields);
    node.drop = drop;
    return node.record;
  }
}
