// Reads the lake's metadata records (the values meta-queries yield) into
// plain objects, binding them by type name as Zed's lake writer does
// (zio/lakeio/unmarshal.go): a Go type binds under its bare name, its
// package-qualified name and its full import path, so `Commit`,
// `commits.Commit` and `github.com/brimdata/zed/lake/commits.Commit` are one.
// Fields bind by name; missing ones take zero values, ill-typed ones make the
// record unreadable (the writer then falls back to ZSON).

import { ksuidToBase62 } from '../../util/ksuid.js';
import {
  decodeInt,
  decodeUint,
  ID,
  NullValue,
  readElement,
  underlying,
  Value,
  type NamedType,
  type Type,
} from '../../zed/index.js';
import { decodeUtf8 } from '../../util/utf8.js';

export type LakeKind = 'pool' | 'branchMeta' | 'branchTip' | 'object' | 'partition' | 'commit' | 'action' | 'path';

const REPO = 'github.com/brimdata/zed';

/** [Go package path, type name, kind]: the types zio/lakeio binds. */
const BOUND: readonly (readonly [string, string, LakeKind])[] = [
  [`${REPO}/lake/pools`, 'Config', 'pool'],
  [REPO + '/lake', 'BranchMeta', 'branchMeta'],
  [REPO + '/lake', 'BranchTip', 'branchTip'],
  [`${REPO}/lake/data`, 'Object', 'object'],
  [`${REPO}/runtime/sam/op/meta`, 'Partition', 'partition'],
  [`${REPO}/lake/commits`, 'Commit', 'commit'],
  [`${REPO}/lake/commits`, 'Add', 'action'],
  [`${REPO}/lake/commits`, 'Delete', 'action'],
  [`${REPO}/pkg/field`, 'Path', 'path'],
];

const bindings: ReadonlyMap<string, LakeKind> = (() => {
  const m = new Map<string, LakeKind>();
  for (const [pkg, name, kind] of BOUND) {
    const short = pkg.slice(pkg.lastIndexOf('/') + 1);
    m.set(name, kind);
    m.set(`${short}.${name}`, kind);
    m.set(`${pkg}.${name}`, kind);
  }
  return m;
})();

/** The lake kind a type name binds to, if any. */
export function boundKind(name: string): LakeKind | undefined {
  return bindings.get(name);
}

export interface PoolRecord {
  readonly name: string;
  readonly id: string;
  /** The primary key path (empty means `this`). */
  readonly key: readonly string[];
  readonly order: 'asc' | 'desc';
}

export interface BranchMetaRecord {
  readonly pool: PoolRecord;
  readonly branch: string;
  readonly commit: string;
}

export interface BranchTipRecord {
  readonly name: string;
  readonly commit: string;
}

export interface ObjectRecord {
  readonly id: string;
  readonly min: Value;
  readonly max: Value;
  readonly count: bigint;
  readonly size: bigint;
}

export interface PartitionRecord {
  readonly min: Value;
  readonly max: Value;
  readonly objects: readonly ObjectRecord[];
}

export interface CommitRecord {
  readonly id: string;
  readonly author: string;
  /** Nanoseconds since the Unix epoch. */
  readonly date: bigint;
  readonly message: string;
}

/** Thrown when a bound record does not have the shape its Go type needs. */
export class Unreadable extends Error {}

/** A record's fields by name (later duplicates are ignored); throws Unreadable for a non-record. */
export function fieldsOf(v: Value): Map<string, Value> {
  const u = underlying(v.type);
  if (u.kind !== 'record') throw new Unreadable('not a record');
  const out = new Map<string, Value>();
  const body = v.bytes;
  if (body === null) return out;
  const el = { start: 0, end: 0 };
  let off = 0;
  for (const f of u.fields) {
    off = readElement(body, off, body.length, el);
    if (!out.has(f.name)) out.set(f.name, new Value(f.type, el.start < 0 ? null : body.subarray(el.start, el.end)));
  }
  return out;
}

const NIL_ID = '0'.repeat(27);

function str(f: Map<string, Value>, name: string): string {
  const v = f.get(name);
  if (v === undefined || v.bytes === null) return '';
  if (!isPrimitive(v.type, ID.string)) throw new Unreadable(`${name}: not a string`);
  return decodeUtf8(v.bytes);
}

/** A KSUID field (20 bytes) in base62. */
function ksuid(f: Map<string, Value>, name: string): string {
  const v = f.get(name);
  if (v === undefined || v.bytes === null) return NIL_ID;
  if (!isPrimitive(v.type, ID.bytes) || v.bytes.length !== 20) throw new Unreadable(`${name}: not a KSUID`);
  return ksuidToBase62(v.bytes);
}

function int(f: Map<string, Value>, name: string): bigint {
  const v = f.get(name);
  if (v === undefined || v.bytes === null) return 0n;
  const u = underlying(v.type);
  if (u.kind !== 'primitive') throw new Unreadable(`${name}: not a number`);
  if (u.id <= ID.uint64) return decodeUint(v.bytes);
  if (u.id >= ID.int8 && u.id <= ID.time) return decodeInt(v.bytes);
  throw new Unreadable(`${name}: not a number`);
}

function isPrimitive(t: Type, id: number): boolean {
  const u = underlying(t);
  return u.kind === 'primitive' && u.id === id;
}

function field(f: Map<string, Value>, name: string): Value | undefined {
  return f.get(name);
}

/** A `[string]` field path (field.Path). */
function path(v: Value | undefined): string[] {
  if (v === undefined || v.bytes === null) return [];
  const u = underlying(v.type);
  if ((u.kind !== 'array' && u.kind !== 'set') || !isPrimitive(u.elem, ID.string)) throw new Unreadable('not a field path');
  const out: string[] = [];
  const el = { start: 0, end: 0 };
  for (let off = 0; off < v.bytes.length; ) {
    off = readElement(v.bytes, off, v.bytes.length, el);
    out.push(el.start < 0 ? '' : decodeUtf8(v.bytes.subarray(el.start, el.end)));
  }
  return out;
}

/** The elements of an array or set value. */
function elementsOf(v: Value): Value[] {
  const u = underlying(v.type);
  if (u.kind !== 'array' && u.kind !== 'set') throw new Unreadable('not an array');
  const out: Value[] = [];
  if (v.bytes === null) return out;
  const el = { start: 0, end: 0 };
  for (let off = 0; off < v.bytes.length; ) {
    off = readElement(v.bytes, off, v.bytes.length, el);
    out.push(new Value(u.elem, el.start < 0 ? null : v.bytes.subarray(el.start, el.end)));
  }
  return out;
}

export function readPool(v: Value): PoolRecord {
  const f = fieldsOf(v);
  const layout = field(f, 'layout');
  let key: string[] = [];
  let order: 'asc' | 'desc' = 'asc';
  if (layout !== undefined && layout.bytes !== null) {
    const lf = fieldsOf(layout);
    const o = lf.get('order');
    if (o !== undefined && o.bytes !== null) {
      const s = str(lf, 'order').toLowerCase();
      if (s !== 'asc' && s !== 'desc') throw new Unreadable(`unknown order: ${s}`);
      order = s;
    }
    const keys = lf.get('keys');
    const first = keys === undefined ? undefined : elementsOf(keys)[0];
    key = path(first);
  }
  return { name: str(f, 'name'), id: ksuid(f, 'id'), key, order };
}

export function readBranchMeta(v: Value): BranchMetaRecord {
  const f = fieldsOf(v);
  const pool = field(f, 'pool');
  const branch = field(f, 'branch');
  const bf = branch === undefined ? new Map<string, Value>() : fieldsOf(branch);
  return {
    pool: pool === undefined ? { name: '', id: NIL_ID, key: [], order: 'asc' } : readPool(pool),
    branch: str(bf, 'name'),
    commit: ksuid(bf, 'commit'),
  };
}

/** lake.BranchTip has capitalised fields: {Name, Commit}. */
export function readBranchTip(v: Value): BranchTipRecord {
  const f = fieldsOf(v);
  return { name: str(f, 'Name'), commit: ksuid(f, 'Commit') };
}

export function readObject(v: Value): ObjectRecord {
  const f = fieldsOf(v);
  return {
    id: ksuid(f, 'id'),
    min: f.get('min') ?? NullValue,
    max: f.get('max') ?? NullValue,
    count: int(f, 'count'),
    size: int(f, 'size'),
  };
}

export function readPartition(v: Value): PartitionRecord {
  const f = fieldsOf(v);
  const objs = f.get('objects');
  return {
    min: f.get('min') ?? NullValue,
    max: f.get('max') ?? NullValue,
    objects: objs === undefined ? [] : elementsOf(objs).map(readObject),
  };
}

export function readCommit(v: Value): CommitRecord {
  const f = fieldsOf(v);
  return { id: ksuid(f, 'id'), author: str(f, 'author'), date: int(f, 'date'), message: str(f, 'message') };
}

/**
 * The Go type (as `%T` prints it) Zed's unmarshaler builds for a value with
 * no record binding, or null when it cannot build one (records, bytes,
 * errors, type values), in which case the writer prints ZSON.
 */
export function goTypeName(v: Value): string | null {
  return goTypeOf(v.type, v.bytes);
}

function goTypeOf(t: Type, bytes: Uint8Array | null): string | null {
  switch (t.kind) {
    case 'named': {
      const kind = boundKind(t.name);
      if (kind !== undefined) return kind === 'path' ? 'field.Path' : `*${qualified(t)}`;
      return goTypeOf(t.type, bytes);
    }
    case 'record':
    case 'error':
      return null;
    case 'array':
    case 'set': {
      const first = bytes === null || bytes.length === 0 ? null : firstElement(bytes);
      const elem = goTypeOf(t.elem, first);
      return elem === null ? null : `[]${elem.replace(/^\*/, '')}`;
    }
    case 'map': {
      if (bytes === null || bytes.length === 0) return null;
      const el = { start: 0, end: 0 };
      const off = readElement(bytes, 0, bytes.length, el);
      const k = goTypeOf(t.key, el.start < 0 ? null : bytes.subarray(el.start, el.end));
      readElement(bytes, off, bytes.length, el);
      const val = goTypeOf(t.value, el.start < 0 ? null : bytes.subarray(el.start, el.end));
      return k === null || val === null ? null : `map[${k}]${val}`;
    }
    case 'union':
      // Zed untags by value; unions in lake output are rare enough to print as ZSON.
      return null;
    case 'enum':
      return '<nil>';
    case 'primitive':
      return GO_PRIMITIVE[t.name] ?? null;
  }
}

function qualified(t: NamedType): string {
  const name = t.name.slice(t.name.lastIndexOf('/') + 1);
  if (name.includes('.')) return name;
  const b = BOUND.find(([, n]) => n === name);
  return b === undefined ? name : `${b[0].slice(b[0].lastIndexOf('/') + 1)}.${name}`;
}

function firstElement(bytes: Uint8Array): Uint8Array | null {
  const el = { start: 0, end: 0 };
  readElement(bytes, 0, bytes.length, el);
  return el.start < 0 ? null : bytes.subarray(el.start, el.end);
}

const GO_PRIMITIVE: Partial<Record<string, string>> = {
  uint8: 'uint8',
  uint16: 'uint16',
  uint32: 'uint32',
  uint64: 'uint64',
  int8: 'int8',
  int16: 'int16',
  int32: 'int32',
  int64: 'int64',
  duration: 'time.Duration',
  time: 'time.Time',
  float16: 'float16.Float16',
  float32: 'float32',
  float64: 'float64',
  bool: 'bool',
  string: 'string',
  ip: 'netip.Addr',
  net: 'net.IPNet',
  null: '<nil>',
};
