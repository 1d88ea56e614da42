// The four API revisions the service speaks (http-api.md §9, lake-api.md §13)
// and what each one offers. The product table in http-api.md §9 wins where
// Zed's own history differs; lake-api.md §13 fills in what it leaves open.

import { InvalidError } from '../errors/index.js';
import type { FormatName } from '../formats/index.js';

export type ApiRevision = 'v1.2.0' | 'v1.6.0' | 'v1.8.0' | 'v1.18.0';

export const LATEST_REVISION: ApiRevision = 'v1.18.0';

export const REVISIONS: readonly ApiRevision[] = ['v1.2.0', 'v1.6.0', 'v1.8.0', 'v1.18.0'];

/** How a control message names its channel: not at all, by number, or by name. */
export type ChannelStyle = 'none' | 'channel_id' | 'channel';

export interface Capabilities {
  readonly revision: ApiRevision;
  readonly vacuum: boolean;
  readonly queryStatus: boolean;
  readonly indexRoutes: boolean;
  readonly deleteWhere: boolean;
  /** Delete's `object_ids` may name commits, each standing for the objects it added (v1.2.0). */
  readonly deleteByCommit: boolean;
  readonly csvDelim: boolean;
  /** The `ctrl` query parameter; without it ZJSON and ZNG always carry control messages. */
  readonly ctrlParam: boolean;
  readonly channel: ChannelStyle;
  /** `/compile` and `/query/describe`. */
  readonly compile: boolean;
  /** The vector routes (`…/revision/{branch}/vector`, since v1.9). */
  readonly vectors: boolean;
  /** Load honours Content-Type (v1.2.0 always auto-detects). */
  readonly loadContentType: boolean;
  /** Query compile errors: 400 with `compilation_errors`, or each error's own kind (and `info` for parse errors). */
  readonly compilationErrors: boolean;
  /** Events: revert, merge and delete emit `branch-commit` (v1.2.0 names them apart and has no delete event). */
  readonly unifiedCommitEvents: boolean;
  /** Events carry simple type names (`(=EventPool)`); v1.2.0 sends plain records. */
  readonly decoratedEvents: boolean;
  /** Formats a response may be written in. */
  readonly responseFormats: ReadonlySet<FormatName>;
  /** Formats a request body (load included) may be read in. */
  readonly requestFormats: ReadonlySet<FormatName>;
}

const V12_RESPONSE: readonly FormatName[] = ['csv', 'json', 'ndjson', 'parquet', 'zjson', 'zson', 'zng'];
const V16_RESPONSE: readonly FormatName[] = [...V12_RESPONSE, 'arrows'];
const V18_RESPONSE: readonly FormatName[] = [...V16_RESPONSE, 'vng', 'zeek'];
const LATEST_RESPONSE: readonly FormatName[] = [...V18_RESPONSE, 'tsv'];
// NDJSON is never a request format (Zed: `no such format: "ndjson"`); line is read, never written.
const requestOf = (formats: readonly FormatName[], extra: readonly FormatName[] = []): ReadonlySet<FormatName> =>
  new Set([...formats.filter((f) => f !== 'ndjson'), ...extra]);

const table: Record<ApiRevision, Capabilities> = {
  'v1.2.0': {
    revision: 'v1.2.0',
    vacuum: false,
    queryStatus: false,
    indexRoutes: true,
    deleteWhere: false,
    deleteByCommit: true,
    csvDelim: false,
    ctrlParam: false,
    channel: 'none',
    compile: false,
    vectors: false,
    loadContentType: false,
    compilationErrors: false,
    unifiedCommitEvents: false,
    decoratedEvents: false,
    responseFormats: new Set(V12_RESPONSE),
    requestFormats: requestOf(V12_RESPONSE),
  },
  'v1.6.0': {
    revision: 'v1.6.0',
    vacuum: false,
    queryStatus: false,
    indexRoutes: true,
    deleteWhere: true,
    deleteByCommit: false,
    csvDelim: true,
    ctrlParam: true,
    channel: 'channel_id',
    compile: false,
    vectors: false,
    loadContentType: true,
    compilationErrors: false,
    unifiedCommitEvents: true,
    decoratedEvents: true,
    responseFormats: new Set(V16_RESPONSE),
    requestFormats: requestOf(V16_RESPONSE),
  },
  'v1.8.0': {
    revision: 'v1.8.0',
    vacuum: true,
    queryStatus: false,
    indexRoutes: true,
    deleteWhere: true,
    deleteByCommit: false,
    csvDelim: true,
    ctrlParam: true,
    channel: 'channel_id',
    compile: false,
    vectors: false,
    loadContentType: true,
    compilationErrors: false,
    unifiedCommitEvents: true,
    decoratedEvents: true,
    responseFormats: new Set(V18_RESPONSE),
    requestFormats: requestOf(V18_RESPONSE, ['line']),
  },
  'v1.18.0': {
    revision: 'v1.18.0',
    vacuum: true,
    queryStatus: true,
    indexRoutes: false,
    deleteWhere: true,
    deleteByCommit: false,
    csvDelim: true,
    ctrlParam: true,
    channel: 'channel',
    compile: true,
    vectors: true,
    loadContentType: true,
    compilationErrors: true,
    unifiedCommitEvents: true,
    decoratedEvents: true,
    responseFormats: new Set(LATEST_RESPONSE),
    requestFormats: requestOf(LATEST_RESPONSE, ['line']),
  },
};

export function capabilities(rev: ApiRevision): Capabilities {
  return table[rev];
}

/** A revision named as `1.8.0`, `v1.8.0` or `latest`; null for anything else. */
export function parseRevision(text: string): ApiRevision | null {
  const t = text.trim().toLowerCase();
  if (t === 'latest') return LATEST_REVISION;
  const v = t.startsWith('v') ? t : `v${t}`;
  return (REVISIONS as readonly string[]).includes(v) ? (v as ApiRevision) : null;
}

/** Like parseRevision, but throws the error a request or flag with a bad revision gets. */
export function parseRevisionOrThrow(text: string): ApiRevision {
  const rev = parseRevision(text);
  if (rev === null) {
    throw new InvalidError(`unsupported API version "${text}" (supported: ${REVISIONS.join(', ')}, latest)`);
  }
  return rev;
}
