// Type-only node list: data sources (pools, files, URLs) and the name patterns
// they take.

import type { Glob, Regexp, RecordExpr } from './expr.js';
import type { Loc } from './loc.js';
import type { Pass, Seq, SortExpr } from './op.js';

/** A name that may be a literal, quoted, glob or regexp pattern. */
export type Pattern = PlainString | QuotedString | Glob | Regexp;

/** An unquoted name or path, as written. */
export interface PlainString {
  readonly kind: 'String';
  readonly text: string;
  readonly loc: Loc;
}

/** A quoted name or path; `text` is decoded and excludes the quotes. */
export interface QuotedString {
  readonly kind: 'QuotedString';
  readonly text: string;
  readonly loc: Loc;
}

/** `from <spec>` or `pool <spec>`. */
export interface Pool {
  readonly kind: 'Pool';
  readonly spec: PoolSpec;
  readonly loc: Loc;
}

/**
 * `name[@commit][:meta][ tap]` or `:meta` alone. `pool` is null only in the
 * latter, lake-level meta form.
 */
export interface PoolSpec {
  readonly kind: 'PoolSpec';
  readonly pool: Pattern | null;
  readonly commit: string | null;
  readonly meta: string | null;
  readonly tap: boolean;
  readonly loc: Loc;
}

/** `file <path> [format <name>] [order <sort exprs>]` */
export interface File {
  readonly kind: 'File';
  readonly path: Pattern;
  readonly format: string | null;
  readonly sortKeys: readonly SortExpr[];
  readonly loc: Loc;
  /** Set by the semantic pass: the path, a constant's value when the path names one. */
  readonly resolved?: { readonly path: string };
}

/** `get <url> [format f] [order ...] [method m] [headers {...}] [body b]` */
export interface HTTP {
  readonly kind: 'HTTP';
  readonly url: Pattern;
  readonly format: string | null;
  readonly sortKeys: readonly SortExpr[];
  readonly method: string | null;
  readonly headers: RecordExpr | null;
  readonly body: string | null;
  readonly loc: Loc;
  /** Set by the semantic pass: the URL (a constant's value when it names one) and the headers' values. */
  readonly resolved?: { readonly url: string; readonly headers: Readonly<Record<string, readonly string[]>> };
}

/** What a `from ( ... )` leg reads. */
export type Source = Pool | File | HTTP | Pass;

/** One leg of `from ( ... )`: a source and an optional `=> seq`. */
export interface Trunk {
  readonly kind: 'Trunk';
  readonly source: Source;
  readonly seq: Seq | null;
  readonly loc: Loc;
}
