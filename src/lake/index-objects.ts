// Index objects (Zed v1.8.0's "index apply" and "index update"): each rule
// applied to a data object makes one index object, a blob written first and
// then bound to the object by an AddIndex action in a commit. Zed stores an
// index as a B-tree of ZNG frames; here it is a ZNG stream of the same
// records sorted by key: `{key,count,seek:{min,max}}` for a field rule (seek
// being the first and last value positions), `{key,count}` for a type rule
// and whatever an agg rule's query yields. Scans use field indexes to skip
// objects that cannot hold a value (see mayContain).
import { encodeZng, decodeZng } from '../formats/zng/index.js';
import { InvalidError } from '../errors/index.js';
import type { IndexRule, PoolConfig } from '../storage/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import {
  compareValues,
  decodeIntNumber,
  readElement,
  TypeContext,
  underlying,
  Value,
  type Type,
} from '../zed/index.js';
import { parseZsonType } from '../zson/index.js';
import type { IndexObject } from './commit-actions.js';
import type { CommitOptions } from './commit.js';
import type { LakeContext } from './context.js';
import { indexObjectKey, type DataObject } from './data-object.js';
import { objectNotFound } from './errors.js';
import { parseIdOrThrow } from './ids.js';
import { indexMessage, lookupIndexRules } from './index-rules.js';
import { poolKeyOf } from './pool-key.js';
import { mergeObjects } from './scan.js';
import type { Snapshot } from './snapshot.js';
import { fieldsOf, int64, RecordMaker, uint64, type FieldValue } from './zed-records.js';

/** `index apply`: applies the rules named by `ruleRefs` to the given objects (or commits' objects). */
export async function applyIndexRules(
  lc: LakeContext,
  pool: string,
  branch: string,
  ruleRefs: readonly string[],
  objectIds: readonly string[],
  opts: CommitOptions,
): Promise<KsuidHex> {
  const p = await lc.pool(pool);
  const tip = await lc.snapshot(p, (await lc.branch(p, branch)).commit);
  const rules = await lookupIndexRules(lc, ruleRefs);
  const objects = await lookupTags(lc, p, tip, objectIds.map(parseIdOrThrow));
  const built: IndexObject[] = [];
  for (const o of objects) for (const r of rules) if (tip.indexOf(o.id, r.id) === undefined) built.push(await buildIndex(lc, p, r, o));
  return commitIndexes(lc, p, branch, rules, built, opts);
}

/** `index update`: applies the rules to every object of the branch that lacks them. */
export async function updateIndexes(lc: LakeContext, pool: string, branch: string, ruleRefs: readonly string[], opts: CommitOptions): Promise<KsuidHex> {
  const p = await lc.pool(pool);
  const tip = await lc.snapshot(p, (await lc.branch(p, branch)).commit);
  const rules = await lookupIndexRules(lc, ruleRefs);
  const built: IndexObject[] = [];
  for (const o of tip.objects()) for (const r of rules) if (tip.indexOf(o.id, r.id) === undefined) built.push(await buildIndex(lc, p, r, o));
  return commitIndexes(lc, p, branch, rules, built, opts);
}

async function commitIndexes(lc: LakeContext, p: PoolConfig, branch: string, rules: readonly IndexRule[], built: IndexObject[], opts: CommitOptions): Promise<KsuidHex> {
  const entry = await lc.commit(p, branch, opts, async (parent) => {
    const snap = await lc.snapshot(p, parent);
    // Another writer may have indexed or deleted an object meanwhile.
    const actions = built
      .filter((x) => snap.has(x.id) && snap.indexOf(x.id, x.rule.id) === undefined)
      .map((object) => ({ kind: 'addIndex' as const, object }));
    if (actions.length === 0) throw new InvalidError('empty transaction');
    return { actions, message: indexMessage(rules), author: 'indexer' };
  });
  return entry.id;
}

/** Zed's LookupTags: object ids, or commit ids standing for the objects their commit added. */
async function lookupTags(lc: LakeContext, p: PoolConfig, tip: Snapshot, ids: readonly KsuidHex[]): Promise<DataObject[]> {
  const out = new Map<KsuidHex, DataObject>();
  for (const id of ids) {
    const o = tip.get(id);
    if (o !== undefined) {
      out.set(id, o);
      continue;
    }
    const entry = await lc.deps.meta.getCommit(p.id, id);
    if (entry === null) throw objectNotFound(id);
    const after = await lc.snapshot(p, entry.id);
    const before = await lc.snapshot(p, entry.parent);
    for (const x of after.objects()) if (!before.has(x.id) && tip.has(x.id)) out.set(x.id, x);
  }
  return [...out.values()];
}

/** Builds rule `rule`'s index of object `o` and writes it. */
export async function buildIndex(lc: LakeContext, p: PoolConfig, rule: IndexRule, o: DataObject): Promise<IndexObject> {
  const ctx = new TypeContext();
  const values = mergeObjects(lc, p.id, [o], poolKeyOf(p), ctx);
  let records: Value[];
  switch (rule.kind) {
    case 'field':
      records = await fieldIndex(ctx, rule.fields, values);
      break;
    case 'type':
      records = await typeIndex(ctx, parseZsonType(rule.type, ctx), values);
      break;
    case 'agg': {
      const queries = lc.deps.queries;
      if (queries === undefined) throw new InvalidError('agg index rules need a query runner');
      records = [];
      for await (const b of queries.run(rule.script, values, ctx)) records.push(...b);
      break;
    }
  }
  await lc.deps.blobs.put(indexObjectKey(p.id, rule.id, o.id), encodeZng(records));
  return { rule, id: o.id };
}

type Stat = { key: Value; count: number; min: number; max: number };

async function fieldIndex(ctx: TypeContext, fields: readonly (readonly string[])[], values: AsyncIterable<Value[]>): Promise<Value[]> {
  const m = new RecordMaker(ctx);
  const stats = new Map<string, Stat>();
  let ord = 0;
  for await (const batch of values) {
    for (const v of batch) {
      const key = cutFields(m, v, fields);
      if (key !== null) tally(stats, key, ord);
      ord++;
    }
  }
  return sortedStats(stats).map((s) =>
    m.record([
      ['key', s.key],
      ['count', uint64(s.count)],
      ['seek', m.record([['min', int64(s.min)], ['max', int64(s.max)]])],
    ]),
  );
}

async function typeIndex(ctx: TypeContext, type: Type, values: AsyncIterable<Value[]>): Promise<Value[]> {
  const m = new RecordMaker(ctx);
  const stats = new Map<string, Stat>();
  let ord = 0;
  for await (const batch of values) {
    for (const v of batch) {
      walk(v.type, v.bytes, type, (found) => tally(stats, found, ord));
      ord++;
    }
  }
  return sortedStats(stats).map((s) => m.record([['key', s.key], ['count', uint64(s.count)]]));
}

function tally(stats: Map<string, Stat>, key: Value, ord: number): void {
  const k = identity(key);
  const s = stats.get(k);
  if (s === undefined) stats.set(k, { key, count: 1, min: ord, max: ord });
  else {
    s.count++;
    s.max = ord;
  }
}

function sortedStats(stats: Map<string, Stat>): Stat[] {
  return [...stats.values()].sort((a, b) => compareValues(a.key, b.key));
}

/** A map key for a value: its type and bytes. */
function identity(v: Value): string {
  let s = `${v.type.id}:`;
  if (v.bytes === null) return `${s}-`;
  for (let i = 0; i < v.bytes.length; i++) s += String.fromCharCode(v.bytes[i]!);
  return s;
}

/** What `cut f1,f2,...` makes of `v`: a record of the fields present, or null when none is. */
function cutFields(m: RecordMaker, v: Value, fields: readonly (readonly string[])[]): Value | null {
  const found: [readonly string[], Value][] = [];
  for (const path of fields) {
    const x = lookupPath(v, path);
    if (x !== undefined) found.push([path, x]);
  }
  return found.length === 0 ? null : nest(m, found, 0);
}

/** Nests [path, value] pairs that share their first `depth` names into records. */
function nest(m: RecordMaker, pairs: readonly [readonly string[], Value][], depth: number): Value {
  const groups = new Map<string, [readonly string[], Value][]>();
  for (const pair of pairs) {
    const name = pair[0][depth]!;
    const g = groups.get(name);
    if (g === undefined) groups.set(name, [pair]);
    else g.push(pair);
  }
  const fields: FieldValue[] = [];
  for (const [name, g] of groups) {
    const leaf = g.find(([path]) => path.length === depth + 1);
    fields.push([name, leaf !== undefined ? leaf[1] : nest(m, g, depth + 1)]);
  }
  return m.record(fields);
}

const el = { start: 0, end: 0 };

/** The value at `path` in `v`, or undefined when a field on the way is missing. */
export function lookupPath(v: Value, path: readonly string[]): Value | undefined {
  let cur: Value = v;
  for (const name of path) {
    const f = fieldsOf(cur).get(name);
    if (f === undefined) return undefined;
    cur = f;
  }
  return cur;
}

/** Calls `found` for every value of type `want` inside (or equal to) the value `type`/`body`. */
function walk(type: Type, body: Uint8Array | null, want: Type, found: (v: Value) => void): void {
  if (type === want) {
    found(new Value(type, body));
    return;
  }
  if (body === null) return;
  const u = underlying(type);
  switch (u.kind) {
    case 'record': {
      let off = 0;
      for (const f of u.fields) {
        off = readElement(body, off, body.length, el);
        walk(f.type, el.start < 0 ? null : body.subarray(el.start, el.end), want, found);
      }
      return;
    }
    case 'array':
    case 'set':
      for (let off = 0; off < body.length; ) {
        off = readElement(body, off, body.length, el);
        walk(u.elem, el.start < 0 ? null : body.subarray(el.start, el.end), want, found);
      }
      return;
    case 'map': {
      let key = true;
      for (let off = 0; off < body.length; key = !key) {
        off = readElement(body, off, body.length, el);
        walk(key ? u.key : u.value, el.start < 0 ? null : body.subarray(el.start, el.end), want, found);
      }
      return;
    }
    case 'union': {
      let off = readElement(body, 0, body.length, el);
      const tag = decodeIntNumber(body, el.start, el.end);
      off = readElement(body, off, body.length, el);
      const member = u.types[tag];
      if (member !== undefined) walk(member, el.start < 0 ? null : body.subarray(el.start, el.end), want, found);
      return;
    }
    case 'error':
      walk(u.type, body, want, found);
      return;
    default:
      return;
  }
}

/**
 * Whether object `id` may hold a value equal to `value` at `path`, by its
 * index of a field rule on exactly that path: false only when such an index
 * exists, its keys have `value`'s type and none equals it.
 */
export async function mayContain(lc: LakeContext, p: PoolConfig, snap: Snapshot, id: KsuidHex, path: readonly string[], value: Value): Promise<boolean> {
  const x = snap.indexesOf(id).find((r) => r.rule.kind === 'field' && r.rule.fields.length === 1 && sameArray(r.rule.fields[0]!, path));
  if (x === undefined) return true;
  const bytes = await lc.deps.blobs.get(indexObjectKey(p.id, x.rule.id, id));
  if (bytes === null) return true;
  for (const rec of decodeZng(bytes, new TypeContext())) {
    const key = fieldsOf(rec).get('key');
    const k = key === undefined ? undefined : lookupPath(key, path);
    if (k === undefined) continue;
    if (underlying(k.type).kind !== 'primitive' || k.type.id !== value.type.id) return true;
    if (compareValues(k, value) === 0 && k.bytes !== null) return true;
  }
  return false;
}

function sameArray(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}
