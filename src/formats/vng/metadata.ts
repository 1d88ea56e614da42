// The VNG metadata tree (Zed v1.18.0 vng/metadata.go): one node per column,
// mirroring the type of the values it holds, with the segments where each
// column's bytes lie in the data section. The tree is stored as one ZNG value
// (metadata-marshal.ts writes it, metadata-unmarshal.ts reads it).

import type { PrimitiveType, Value } from '../../zed/index.js';

/** Segment compression formats (vng.CompressionFormatNone / LZ4). */
export const COMPRESSION_NONE = 0;
export const COMPRESSION_LZ4 = 1;

/** A byte range of the data section; offsets are relative to its start. */
export interface Segment {
  readonly offset: number;
  /** Bytes stored in the file. */
  readonly length: number;
  /** Bytes once uncompressed. */
  readonly memLength: number;
  readonly compression: number;
}

export const EMPTY_SEGMENT: Segment = { offset: 0, length: 0, memLength: 0, compression: COMPRESSION_NONE };

export interface DictEntry {
  readonly value: Value;
  readonly count: number;
}

export interface RecordMeta {
  readonly kind: 'record';
  /** Number of (non-null) records. */
  readonly length: number;
  readonly fields: readonly { readonly name: string; readonly values: Meta }[];
}

/** Arrays and sets share a layout: element counts, then the elements' column. */
export interface ArrayMeta {
  readonly kind: 'array' | 'set';
  readonly length: number;
  readonly lengths: Segment;
  readonly values: Meta;
}

export interface MapMeta {
  readonly kind: 'map';
  readonly length: number;
  readonly lengths: Segment;
  readonly keys: Meta;
  readonly values: Meta;
}

export interface UnionMeta {
  readonly kind: 'union';
  readonly length: number;
  readonly tags: Segment;
  readonly values: readonly Meta[];
}

/**
 * A column of primitive values: zcode elements in `location`, or, with a
 * dictionary, one byte per value selecting a dictionary entry.
 */
export interface PrimitiveMeta {
  readonly kind: 'primitive';
  readonly type: PrimitiveType;
  readonly location: Segment;
  readonly dict: readonly DictEntry[] | null;
  readonly min: Value | null;
  readonly max: Value | null;
  readonly count: number;
}

/** A primitive column holding one value `count` times; it takes no data bytes. */
export interface ConstMeta {
  readonly kind: 'const';
  readonly value: Value;
  readonly count: number;
}

export interface NamedMeta {
  readonly kind: 'named';
  readonly name: string;
  readonly values: Meta;
}

export interface ErrorMeta {
  readonly kind: 'error';
  readonly values: Meta;
}

/**
 * Nulls of a column: `runs` holds alternating run lengths of values and
 * nulls, starting with values (the first run may be 0); `count` nulls in all.
 */
export interface NullsMeta {
  readonly kind: 'nulls';
  readonly runs: Segment;
  readonly values: Meta;
  readonly count: number;
}

/** The top of a file holding values of several types: a tag per value. */
export interface VariantMeta {
  readonly kind: 'variant';
  readonly tags: Segment;
  readonly values: readonly Meta[];
  readonly length: number;
}

export type Meta =
  | RecordMeta
  | ArrayMeta
  | MapMeta
  | UnionMeta
  | PrimitiveMeta
  | ConstMeta
  | NamedMeta
  | ErrorMeta
  | NullsMeta
  | VariantMeta;

/** Number of values (nulls included) in the column `m`. */
export function metaLength(m: Meta): number {
  switch (m.kind) {
    case 'record':
    case 'array':
    case 'set':
    case 'map':
    case 'union':
    case 'variant':
      return m.length;
    case 'primitive':
    case 'const':
      return m.count;
    case 'named':
    case 'error':
      return metaLength(m.values);
    case 'nulls':
      return m.count + metaLength(m.values);
  }
}
