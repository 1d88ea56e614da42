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

/** Follows the output's sort order and aggregation keys through a sequence (a simplification of Zed's optimizer). */
function walk(seq: ast.Seq, st: Walk): void {
  for (const op of seq) {
    switch (op.kind) {
      case 'Scope':
        walk(op.body, st);
        break;
      case 'Sort': {
        const keys: SortKeyInfo[] = [];
        for (const a of op.args) {
          const path = fieldPath(a.expr);
          if (path === null) {
            st.sort = null;
            break;
          }
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
      // Filters and limits keep the order.
      case 'Where':
      case 'Search':
      case 'Head':
      case 'Tail':
      case 'Uniq':
      case 'Pass':
      case 'Debug':
      case 'Output':
      case 'Pool':
      case 'From':
      case 'File':
      case 'HTTP':
        break;
      default:
        st.sort = null;
    }
  }
}

export async function describeQuery(lake: Lake, text: string, opts: RunQueryOptions = {}): Promise<DescribeInfo> {
  const q = await prepareQuery(lake, text, opts);
  let sort: SortKeyInfo[] | null = null;
  const pools = q.sources.filter((s) => s.kind === 'Pool');
  if (pools.length === 1 && q.sources.length === 1) {
    const p = await lake.getPool(`0x${pools[0]!.id}`);
    const key = p.layout.keys[0];
    if (key !== undefined) sort = [{ order: p.layout.order, key: [...key] }];
  }
  const st: Walk = { sort, aggs: null };
  walk(q.compiled.ast, st);
  // The walk follows the main flow; other channels are described as unknown.
  const channels = q.compiled.pipeline.channels.map((name) =>
    name === 'main' ? { name, aggregation_keys: st.aggs, sort: st.sort } : { name, aggregation_keys: null, sort: null },
  );
  return { sources: q.sources, channels };
}
