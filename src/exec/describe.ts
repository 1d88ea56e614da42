// What /query/describe says about a query (Zed's compiler/describe): the
// sources it reads and, per output channel, the group-by keys of its last
// aggregation and the sort order of its output, where one is known.

import type { ast } from '../compiler/index.js';
import type { Lake } from '../lake/index.js';
import { prepareQuery, type RunQueryOptions } from './run-query.js';
import type { SourceInfo } from './source-plan.js';

export interface SortKeyInfo {
  readonly order: 'asc' | 'desc';
  readonly key: readonly string[];
}

export interface ChannelInfo {
  readonly name: string;
  /** Group-by keys of the aggregation the channel ends in ([] for none), or null. */
  readonly aggregation_keys: readonly (readonly string[])[] | null;
  readonly sort: readonly SortKeyInfo[] | null;
}

export interface DescribeInfo {
  readonly sources: readonly SourceInfo[];
  readonly channels: readonly ChannelInfo[];
}

/** A field path expression (`a`, `a.b`) as its names, or null. */
function fieldPath(e: ast.Expr | null): string[] | null {
  if (e === null) return null;
  if (e.kind === 'ID') return [e.name];
  if (e.kind === 'BinaryExpr' && e.op === '.') {
    const l = fieldPath(e.lhs);
    const r = e.rhs.kind === 'ID' ? e.rhs.name : null;
    return l === null || r === null ? null : [...l, r];
  }
  return null;
}

interface Walk {
  sort: SortKeyInfo[] | null;
  aggs: string[][] | null;
}

function isAggCall(e: ast.Expr): boolean {
  return e.kind === 'Call' && ['count', 'sum', 'avg', 'min', 'max', 'any', 'collect', 'union', 'dcount', 'and', 'or', 'fuse', 'collect_map'].includes(e.name.name);
}

/** Each named pool's sort order (its layout's first key), for the sources a query reads. */
type Layouts = ReadonlyMap<string, SortKeyInfo[] | null>;

function poolSort(spec: ast.PoolSpec, layouts: Layouts): SortKeyInfo[] | null {
  if (spec.meta !== null || spec.pool === null) return null;
  const p = spec.pool;
  return p.kind === 'String' || p.kind === 'QuotedString' ? (layouts.get(p.text) ?? null) : null;
}

const sameSort = (a: SortKeyInfo[] | null, b: SortKeyInfo[] | null): boolean => a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);

/**
 * Follows the output's sort order and aggregation keys through a sequence
 * (a simplification of Zed's optimizer). `output` records its flow's state
 * under the channel's name in `out` and ends the flow; returns the state at
 * the end, or null when every path of the flow ended in an output.
 */
function walk(seq: ast.Seq, start: Walk, out: Map<string, Walk>, layouts: Layouts): Walk | null {
  let st: Walk | null = { ...start };
  for (const op of seq) {
    if (st === null) return null;
    switch (op.kind) {
      case 'Scope':
        st = walk(op.body, st, out, layouts);
        break;
      case 'Pool':
        st = { sort: poolSort(op.spec, layouts), aggs: null };
        break;
      case 'From': {
        // The legs are merged by their pools' key when they share one (Zed's merge), else combined.
        const ends = op.trunks.map((t) => {
          const leg: Walk = { sort: t.source.kind === 'Pool' ? poolSort(t.source.spec, layouts) : null, aggs: null };
          return t.seq === null ? leg : walk(t.seq, leg, out, layouts);
        });
        const live = ends.filter((e): e is Walk => e !== null);
        if (live.length === 0) st = null;
        else if (live.length === 1) st = live[0]!;
        else st = { sort: live.every((e) => sameSort(e.sort, live[0]!.sort)) ? live[0]!.sort : null, aggs: null };
        break;
      }
      case 'Parallel': {
        // Branches that flow on are combined in arrival order: no order, no keys.
        const from: Walk = st;
        const live = op.paths.map((p) => walk(p, from, out, layouts)).filter((e): e is Walk => e !== null);
        st = live.length === 0 ? null : live.length === 1 ? live[0]! : { sort: null, aggs: null };
        break;
      }
      case 'Output':
        out.set(op.name.name, st);
        st = null;
        break;
      case 'Sort': {
        const keys: SortKeyInfo[] = [];
        for (const a of op.args) {
          const path = fieldPath(a.expr);
          if (path === null) break;
          const asc = (a.order ?? 'asc') === 'asc';
          keys.push({ order: asc !== op.reverse ? 'asc' : 'desc', key: path });
        }
        st.sort = keys.length === op.args.length && keys.length > 0 ? keys : null;
        break;
      }
      case 'Summarize': {
        const keys: string[][] = [];
        for (const k of op.keys) {
          const path = fieldPath(k.lhs ?? k.rhs);
          if (path !== null) keys.push(path);
        }
        st.aggs = keys;
        st.sort = null;
        break;
      }
      case 'OpExpr':
        if (isAggCall(op.expr)) {
          st.aggs = [];
          st.sort = null;
        }
        break;
      case 'OpAssignment':
        if (op.assignments.every((a) => isAggCall(a.rhs))) {
          st.aggs = [];
          st.sort = null;
        } else st.sort = null;
        break;
      case 'Put': {
        // Put keeps the order unless it assigns the sort key (or a field it cannot name).
        const sortKey = st.sort?.[0]?.key;
        if (sortKey !== undefined) {
          for (const a of op.args) {
            const path = fieldPath(a.lhs);
            if (path === null || path.every((n, i) => sortKey[i] === n)) st.sort = null;
          }
        }
        break;
      }
      // Filters and limits keep the order.
      case 'Where':
      case 'Search':
      case 'Head':
      case 'Tail':
      case 'Uniq':
      case 'Pass':
      case 'Debug':
      case 'File':
      case 'HTTP':
        break;
      default:
        st.sort = null;
    }
  }
  return st;
}

/** A pool layout's order, as its first key sorted in the layout's direction. */
function layoutSort(layout: { readonly order: 'asc' | 'desc'; readonly keys: readonly (readonly string[])[] }): SortKeyInfo[] | null {
  const key = layout.keys[0];
  return key === undefined ? null : [{ order: layout.order, key: [...key] }];
}

/** The plain names of the pools a query's `from`s and `pool`s name, anywhere in it. */
function namedPools(node: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const n of node) namedPools(n, names);
  else if (node !== null && typeof node === 'object') {
    const o = node as { kind?: unknown; pool?: { kind?: unknown; text?: unknown } | null; meta?: unknown };
    if (o.kind === 'PoolSpec' && o.meta === null && o.pool && (o.pool.kind === 'String' || o.pool.kind === 'QuotedString') && typeof o.pool.text === 'string') {
      names.add(o.pool.text);
    }
    for (const v of Object.values(node)) if (v !== null && typeof v === 'object') namedPools(v, names);
  }
  return names;
}

export async function describeQuery(lake: Lake, text: string, opts: RunQueryOptions = {}): Promise<DescribeInfo> {
  const q = await prepareQuery(lake, text, opts);
  const layouts = new Map<string, SortKeyInfo[] | null>();
  for (const s of q.sources) {
    if (s.kind !== 'Pool' || layouts.has(s.name)) continue;
    layouts.set(s.name, layoutSort((await lake.getPool(`0x${s.id}`)).layout));
  }
  // Pools named anywhere in the query (inside fork branches too): their layouts, where they exist.
  for (const name of namedPools(q.compiled.ast)) {
    if (layouts.has(name)) continue;
    const layout = await lake.getPool(name).then(
      (p) => p.layout,
      () => null,
    );
    layouts.set(name, layout === null ? null : layoutSort(layout));
  }
  // A query with no source of its own reads the head's pool.
  const pools = q.sources.filter((s) => s.kind === 'Pool');
  const sort = pools.length === 1 && q.sources.length === 1 ? (layouts.get(pools[0]!.name) ?? null) : null;
  const out = new Map<string, Walk>();
  const end = walk(q.compiled.ast, { sort, aggs: null }, out, layouts);
  if (end !== null && !out.has('main')) out.set('main', end);
  const channels = q.compiled.pipeline.channels.map((name) => {
    const st = out.get(name);
    return { name, aggregation_keys: st?.aggs ?? null, sort: st?.sort ?? null };
  });
  return { sources: q.sources, channels };
}
