// `from pool | count()` and `from pool | <range of the pool key> | count()`
// answered from the lake's metadata (Lake.count): object and seek-stream
// counts where every value is known to match, the filter run only on the
// values of the streams that straddle the range's ends. Any other filter
// gives null: the query then counts what the scan yields.
import type { ast, dag, Pushdown } from '../compiler/index.js';
import type { Lake } from '../lake/index.js';
import { poolKeyOf } from '../lake/index.js';
import type { ScanStats } from '../lake/index.js';

/** The count of `src`'s values that `pushdown` keeps, or null when metadata cannot give it. */
export async function countPool(lake: Lake, src: ast.Pool, pushdown: Pushdown | undefined, stats?: ScanStats): Promise<bigint | null> {
  const spec = src.spec;
  if (spec.pool === null || spec.meta !== null || (spec.pool.kind !== 'String' && spec.pool.kind !== 'QuotedString')) return null;
  const pool = await lake.getPool(spec.pool.text);
  const commitish = spec.commit ?? 'main';
  const ref = `0x${pool.id}`;
  const opts = stats === undefined ? {} : { stats };
  if (pushdown === undefined) return BigInt(await lake.count(ref, commitish, opts));
  const path = poolKeyOf(pool).path;
  if (!isKeyRange(pushdown.filter, path)) return null;
  const span = pushdown.keySpan(path);
  if (span === null) return null;
  return BigInt(await lake.count(ref, commitish, { keySpan: span, filter: pushdown.predicate, ...opts }));
}

/** Whether `e` only compares the field at `path` with constants (joined by `and`). */
export function isKeyRange(e: dag.Expr, path: readonly string[]): boolean {
  if (e.kind !== 'BinaryExpr') return false;
  if (e.op === 'and') return isKeyRange(e.lhs, path) && isKeyRange(e.rhs, path);
  if (e.op !== '<' && e.op !== '<=' && e.op !== '>' && e.op !== '>=' && e.op !== '==') return false;
  const isKey = (x: dag.Expr): boolean => x.kind === 'This' && x.path.length === path.length && x.path.every((s, i) => s === path[i]);
  return (isKey(e.lhs) && e.rhs.kind === 'Literal') || (isKey(e.rhs) && e.lhs.kind === 'Literal');
}
