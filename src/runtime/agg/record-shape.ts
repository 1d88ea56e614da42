// Builds output records from a list of field paths, nesting dotted paths
// (zed.RecordBuilder in recordbuilder.go): `result.animal` and
// `result.count` become {result:{animal,count}}. Record types are memoized
// per vector of leaf types.

import { InvalidError } from '../../errors/index.js';
import type { Builder, RecordType, Type, TypeContext, Field } from '../../zed/index.js';

/** A field path: ["a"] for a, ["a","b"] for a.b. */
export type FieldPath = readonly string[];

interface FieldInfo {
  readonly path: FieldPath;
  readonly begins: readonly string[];
  ends: number;
}

interface TypeNode {
  readonly next: Map<Type, TypeNode>;
  rec: RecordType | null;
}

function samePath(a: FieldPath, b: FieldPath): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

/** True when `path` equals, contains or is contained in a path of `fields` (recordbuilder.go isIn). */
function overlaps(path: FieldPath, fields: readonly FieldInfo[]): boolean {
  for (const f of fields) {
    const n = Math.min(path.length, f.path.length);
    if (samePath(path.slice(0, n), f.path.slice(0, n))) return true;
  }
  return false;
}

export class RecordShape {
  private readonly fields: FieldInfo[] = [];
  private readonly types: TypeNode = { next: new Map(), rec: null };
  /** The last types looked up and their record type. */
  #lastTypes: readonly Type[] = [];
  #last: RecordType | null = null;

  /** Throws InvalidError, with Zed's messages, for empty, duplicate or split paths. */
  constructor(
    private readonly zctx: TypeContext,
    paths: readonly FieldPath[],
  ) {
    const seen = new Set<string>();
    let current: FieldPath = [];
    for (const path of paths) {
      if (path.length === 0) throw new InvalidError('empty field path');
      const record = path.slice(0, -1);
      const begins: string[] = [];
      if (!samePath(record, current)) {
        let pos = 0;
        while (pos < record.length && pos < current.length && record[pos] === current[pos]) pos++;
        const prev = this.fields[this.fields.length - 1];
        if (prev !== undefined) prev.ends = current.length - pos;
        for (let i = pos; i < record.length; i++) {
          const name = record.slice(0, i + 1).join('.');
          if (seen.has(name)) throw new InvalidError(`fields in record ${name} must be adjacent`);
          seen.add(name);
          begins.push(record[i]!);
        }
        current = record;
      }
      if (overlaps(path, this.fields)) throw new InvalidError(`duplicate field: ${JSON.stringify(path.join('.'))}`);
      this.fields.push({ path, begins, ends: 0 });
    }
    const last = this.fields[this.fields.length - 1];
    if (last !== undefined) last.ends = current.length;
  }

  get width(): number {
    return this.fields.length;
  }

  /** Appends leaf `i` (fields must come in order, starting after b.reset()). */
  append(b: Builder, i: number, body: Uint8Array | null): void {
    const f = this.fields[i]!;
    for (let j = 0; j < f.begins.length; j++) b.beginContainer();
    b.append(body);
    for (let j = 0; j < f.ends; j++) b.endContainer();
  }

  /** Opens the records leaf `i` starts; the caller appends its element, then close(b, i). */
  open(b: Builder, i: number): void {
    const n = this.fields[i]!.begins.length;
    for (let j = 0; j < n; j++) b.beginContainer();
  }

  /** Closes the records leaf `i` ends. */
  close(b: Builder, i: number): void {
    const n = this.fields[i]!.ends;
    for (let j = 0; j < n; j++) b.endContainer();
  }

  /** The record type for leaf types `types` (one per path, in order). */
  type(types: readonly Type[]): RecordType {
    // Most records have the types of the one before.
    const last = this.#lastTypes;
    if (this.#last !== null && last.length === types.length) {
      let same = true;
      for (let i = 0; i < types.length && same; i++) same = last[i] === types[i];
      if (same) return this.#last;
    }
    const rec = this.#lookup(types);
    this.#last = rec;
    this.#lastTypes = types.slice();
    return rec;
  }

  #lookup(types: readonly Type[]): RecordType {
    let node = this.types;
    for (const t of types) {
      let next = node.next.get(t);
      if (next === undefined) {
        next = { next: new Map(), rec: null };
        node.next.set(t, next);
      }
      node = next;
    }
    if (node.rec === null) node.rec = this.buildType(types);
    return node.rec;
  }

  private buildType(types: readonly Type[]): RecordType {
    interface Level {
      readonly name: string;
      readonly fields: Field[];
    }
    const stack: Level[] = [{ name: '', fields: [] }];
    this.fields.forEach((f, i) => {
      for (const name of f.begins) stack.push({ name, fields: [] });
      stack[stack.length - 1]!.fields.push({ name: f.path[f.path.length - 1]!, type: types[i]! });
      for (let j = 0; j < f.ends; j++) {
        const done = stack.pop()!;
        stack[stack.length - 1]!.fields.push({ name: done.name, type: this.zctx.lookupRecord(done.fields) });
      }
    });
    return this.zctx.lookupRecord(stack[0]!.fields);
  }
}
