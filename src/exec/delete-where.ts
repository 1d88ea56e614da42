// Delete by filter (spec lake-api.md §8, Zed's Branch.DeleteWhere): every
// data object of the branch tip is run through the filter; an object where
// every value matches is deleted, one where some match is deleted and its
// other values (including those where the filter errs or a field is
// missing) are written to new objects; one commit holds the deletes and adds.
// Nothing matched: `empty transaction`. The lake does not know the compiler,
// so this lives in exec and commits through Lake.commitActions.
//
// Each touched object is read twice, as Zed does: once to find which values
// match (kept as a bitmap by position, never the values), once to copy the
// others; so no object is held in memory whole.
import { compile, parseQuery, type ast } from '../compiler/index.js';
import { InternalError, InvalidError } from '../errors/index.js';
import {
  deleteWhereMessage,
  type CommitOptions,
  type CommitResult,
  type DataObject,
  type Lake,
  type Snapshot,
} from '../lake/index.js';
import { agg } from '../runtime/index.js';
import { TypeContext, type Batch, type Value } from '../zed/index.js';

const INVALID = 'invalid delete where query: must be a single filter operation';

/** Deletes the values of `pool`@`branch` for which `whereText` is true. */
export async function deleteWhere(lake: Lake, pool: string, branch: string, whereText: string, opts: CommitOptions = {}): Promise<CommitResult> {
  // Zed's wording for an empty query (its parser yields no operator).
  if (whereText.trim() === '') throw new InternalError('internal error: AST seq cannot be empty');
  const seq = parseQuery(whereText);
  if (seq.length !== 1 || !isFilter(seq[0]!)) throw new InvalidError(INVALID);
  // Compile once up front so a semantic error surfaces before anything is read.
  compile(whereText, { zctx: new TypeContext() });
  const p = await lake.getPool(pool);
  const ref = `0x${p.id}`;
  let last: { deleted: DataObject[]; added: DataObject[] } | null = null;
  return lake.commitActions(ref, branch, opts, async (tip) => {
    // After a conflict the same rewrite still holds if its objects are all still there.
    if (last === null || !last.deleted.every((o) => tip.has(o.id))) last = await rewrite(lake, ref, whereText, tip);
    const { deleted, added } = last;
    if (deleted.length === 0) throw new InvalidError('empty transaction');
    return {
      actions: [
        ...deleted.map((o) => ({ kind: 'delete' as const, id: o.id })),
        ...added.map((object) => ({ kind: 'add' as const, object })),
      ],
      message: deleteWhereMessage(deleted, added),
    };
  });
}

/** Whether an operator is (or the semantic pass makes it) a plain filter. */
function isFilter(op: ast.Op): boolean {
  switch (op.kind) {
    case 'Where':
    case 'Search':
      return true;
    case 'OpExpr':
      // A bare call of an aggregate is a summarize, not a filter.
      return !(op.expr.kind === 'Call' && agg.lookupAggregate(op.expr.name.name) !== undefined);
    default:
      return false;
  }
}

async function rewrite(lake: Lake, pool: string, whereText: string, tip: Snapshot): Promise<{ deleted: DataObject[]; added: DataObject[] }> {
  const deleted: DataObject[] = [];
  const partial: { object: DataObject; matched: Uint8Array }[] = [];
  for (const o of tip.objects()) {
    const { matched, count } = await matches(lake, pool, whereText, o);
    if (count === 0) continue;
    deleted.push(o);
    if (count < o.count) partial.push({ object: o, matched });
  }
  const writer = lake.objectWriter(await lake.getPool(pool));
  for (const { object, matched } of partial) {
    let ord = 0;
    for await (const batch of lake.readObject(pool, object)) {
      const kept: Value[] = [];
      for (const v of batch) {
        if ((matched[ord >> 3]! & (1 << (ord & 7))) === 0) kept.push(v);
        ord++;
      }
      if (kept.length > 0) await writer.write(kept);
    }
  }
  const added = await writer.close();
  return { deleted, added };
}

/** Which values of `o` the filter keeps, as a bitmap by position, and how many. */
async function matches(lake: Lake, pool: string, whereText: string, o: DataObject): Promise<{ matched: Uint8Array; count: number }> {
  const zctx = new TypeContext();
  const q = compile(whereText, { zctx });
  const matched = new Uint8Array((o.count + 7) >> 3);
  // The filter passes matching values through as the very same objects.
  const position = new WeakMap<Value, number>();
  let ord = 0;
  const input = (async function* (): AsyncGenerator<Batch> {
    for await (const batch of lake.readObject(pool, o, { ctx: zctx })) {
      for (const v of batch) position.set(v, ord++);
      yield batch;
    }
  })();
  let count = 0;
  for await (const batch of q.pipeline.run(input, zctx)) {
    for (const v of batch) {
      const at = position.get(v);
      if (at === undefined || (matched[at >> 3]! & (1 << (at & 7))) !== 0) continue;
      matched[at >> 3]! |= 1 << (at & 7);
      count++;
    }
  }
  return { matched, count };
}
