// A commit's actions as the journal stores them: a ZNG stream of Zed's action
// records (spec lake-api.md §7 :rawlog, §8), `commits.Add{commit,object:
// data.Object}`, `commits.Delete{commit,id}`, `commits.AddVector{commit,id}`,
// `commits.DeleteVector{commit,id}` and, as Zed v1.8.0 wrote them,
// `commits.AddIndex{commit,object:index.Object}` and
// `commits.DeleteIndex{commit,id,rule_id}`; plus the commit's meta value as a
// one-value ZNG stream. The commit header (`commits.Commit`) lives in the
// journal entry's own fields.
import { InternalError } from '../errors/index.js';
import { decodeZng, encodeZng } from '../formats/zng/index.js';
import type { CommitRecord, IndexRule } from '../storage/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import { readElement, TypeContext, TypeString, underlying, Value } from '../zed/index.js';
import type { DataObject } from './data-object.js';
import { ksuidBytesToHex } from '../util/ksuid.js';
import { fieldsOf, int64, nullValue, RecordMaker, str, time, uint64, uint8, type FieldValue } from './zed-records.js';

/** An index object: the index one rule built for one data object (Zed v1.8.0's index.Object). */
export interface IndexObject {
  readonly rule: IndexRule;
  /** The data object indexed. */
  readonly id: KsuidHex;
}

export type CommitAction =
  | { readonly kind: 'add'; readonly object: DataObject }
  | { readonly kind: 'delete'; readonly id: KsuidHex }
  | { readonly kind: 'addVector'; readonly id: KsuidHex }
  | { readonly kind: 'deleteVector'; readonly id: KsuidHex }
  | { readonly kind: 'addIndex'; readonly object: IndexObject }
  | { readonly kind: 'deleteIndex'; readonly id: KsuidHex; readonly ruleId: KsuidHex };

const NAMES = {
  add: 'commits.Add',
  delete: 'commits.Delete',
  addVector: 'commits.AddVector',
  deleteVector: 'commits.DeleteVector',
  addIndex: 'commits.AddIndex',
  deleteIndex: 'commits.DeleteIndex',
} as const;

/** A data object as Zed marshals it: `{id,min,max,count:uint64,size:int64}(=data.Object)`. */
export function objectValue(m: RecordMaker, o: DataObject, idName = 'ksuid.KSUID'): Value {
  return m.named(
    'data.Object',
    m.record([
      ['id', m.id(o.id, idName)],
      ['min', m.adopt(o.min)],
      ['max', m.adopt(o.max)],
      ['count', uint64(o.count)],
      ['size', int64(o.size)],
    ]),
  );
}

/** An index rule as Zed v1.8.0 marshals it (`index.FieldRule`, `index.TypeRule`, `index.AggRule`). */
export function indexRuleValue(m: RecordMaker, r: IndexRule): Value {
  const head: FieldValue[] = [
    ['ts', time(r.ts)],
    ['id', m.id(r.id)],
    ['name', str(r.name)],
  ];
  switch (r.kind) {
    case 'field': {
      const paths = r.fields.map((p) => m.named('field.Path', m.array(p.map(str), TypeString)));
      const list = m.named('field.List', m.array(paths, m.ctx.lookupNamed('field.Path', m.ctx.lookupArray(TypeString))));
      return m.named('index.FieldRule', m.record([...head, ['fields', list]]));
    }
    case 'type':
      return m.named('index.TypeRule', m.record([...head, ['type', str(r.type)]]));
    case 'agg':
      return m.named('index.AggRule', m.record([...head, ['script', str(r.script)]]));
  }
}

/** An index object as Zed v1.8.0 marshals it: `{rule,id}(=index.Object)`. */
export function indexObjectValue(m: RecordMaker, o: IndexObject): Value {
  return m.named('index.Object', m.record([['rule', indexRuleValue(m, o.rule)], ['id', m.id(o.id)]]));
}

/** One action as its Zed record, in `m`'s context. */
export function actionValue(m: RecordMaker, commitId: KsuidHex, a: CommitAction): Value {
  const commit: FieldValue = ['commit', m.id(commitId)];
  switch (a.kind) {
    case 'add':
      return m.named(NAMES.add, m.record([commit, ['object', objectValue(m, a.object)]]));
    case 'delete':
    case 'addVector':
    case 'deleteVector':
      return m.named(NAMES[a.kind], m.record([commit, ['id', m.id(a.id)]]));
    case 'addIndex':
      return m.named(NAMES.addIndex, m.record([commit, ['object', indexObjectValue(m, a.object)]]));
    case 'deleteIndex':
      return m.named(NAMES.deleteIndex, m.record([commit, ['id', m.id(a.id)], ['rule_id', m.id(a.ruleId)]]));
    default:
      return unreachable(a);
  }
}

/**
 * The commit header as Zed marshals it: `{id,parent,retries:uint8,author,
 * date,message,meta}` named `commits.Commit` with `ksuid.KSUID` ids (package
 * style, :rawlog) or `Commit` with `KSUID` ids (simple style, :log).
 */
export function commitValue(m: RecordMaker, c: CommitRecord, meta: Value | null, style: 'package' | 'simple'): Value {
  const idName = style === 'package' ? 'ksuid.KSUID' : 'KSUID';
  return m.named(
    style === 'package' ? 'commits.Commit' : 'Commit',
    m.record([
      ['id', m.id(c.id, idName)],
      ['parent', m.id(c.parent, idName)],
      ['retries', uint8(c.retries)],
      ['author', str(c.author)],
      ['date', time(c.date)],
      ['message', str(c.message)],
      ['meta', meta === null ? nullValue : m.adopt(meta)],
    ]),
  );
}

/** Encodes the actions of commit `commitId` as ZNG. */
export function encodeActions(commitId: KsuidHex, actions: readonly CommitAction[]): Uint8Array {
  const m = new RecordMaker(new TypeContext());
  return encodeZng(actions.map((a) => actionValue(m, commitId, a)));
}

/** Decodes what encodeActions wrote; values in it (min, max) land in `ctx`. */
export function decodeActions(bytes: Uint8Array, ctx: TypeContext = new TypeContext()): CommitAction[] {
  return decodeZng(bytes, ctx).map(decodeAction);
}

function decodeAction(v: Value): CommitAction {
  const name = v.type.kind === 'named' ? v.type.name : '';
  const f = fieldsOf(v);
  switch (name) {
    case NAMES.add: {
      const o = fieldsOf(need(f.get('object')));
      return {
        kind: 'add',
        object: {
          id: idOf(o.get('id')),
          min: need(o.get('min')),
          max: need(o.get('max')),
          count: need(o.get('count')).asUintNumber(),
          size: need(o.get('size')).asIntNumber(),
        },
      };
    }
    case NAMES.delete:
      return { kind: 'delete', id: idOf(f.get('id')) };
    case NAMES.addVector:
      return { kind: 'addVector', id: idOf(f.get('id')) };
    case NAMES.deleteVector:
      return { kind: 'deleteVector', id: idOf(f.get('id')) };
    case NAMES.addIndex: {
      const o = fieldsOf(need(f.get('object')));
      return { kind: 'addIndex', object: { rule: decodeIndexRule(need(o.get('rule'))), id: idOf(o.get('id')) } };
    }
    case NAMES.deleteIndex:
      return { kind: 'deleteIndex', id: idOf(f.get('id')), ruleId: idOf(f.get('rule_id')) };
    default:
      throw corrupt();
  }
}

/** Reads an index rule record back (the inverse of indexRuleValue). */
export function decodeIndexRule(v: Value): IndexRule {
  const name = v.type.kind === 'named' ? v.type.name : '';
  const f = fieldsOf(v);
  const base = { id: idOf(f.get('id')), name: need(f.get('name')).asString(), ts: need(f.get('ts')).asInt() };
  switch (name) {
    case 'index.FieldRule': {
      const fields: string[][] = [];
      const list = need(f.get('fields'));
      for (const path of arrayElements(list)) fields.push(arrayElements(path).map((s) => s.asString()));
      return { kind: 'field', ...base, fields };
    }
    case 'index.TypeRule':
      return { kind: 'type', ...base, type: need(f.get('type')).asString() };
    case 'index.AggRule':
      return { kind: 'agg', ...base, script: need(f.get('script')).asString() };
    default:
      throw corrupt();
  }
}

const el = { start: 0, end: 0 };

function arrayElements(v: Value): Value[] {
  const u = underlying(v.type);
  if (u.kind !== 'array' || v.bytes === null) return [];
  const out: Value[] = [];
  const body = v.bytes;
  for (let off = 0; off < body.length; ) {
    off = readElement(body, off, body.length, el);
    out.push(new Value(u.elem, el.start < 0 ? null : body.subarray(el.start, el.end)));
  }
  return out;
}

/** The commit's meta value as stored (null stands for Zed's default, null). */
export function encodeMeta(meta: Value | undefined): Uint8Array | null {
  return meta === undefined ? null : encodeZng([meta]);
}

export function decodeMeta(bytes: Uint8Array | null, ctx: TypeContext = new TypeContext()): Value | null {
  if (bytes === null) return null;
  const vals = decodeZng(bytes, ctx);
  return vals[0] ?? null;
}

function need(v: Value | undefined): Value {
  if (v === undefined) throw corrupt();
  return v;
}

function idOf(v: Value | undefined): KsuidHex {
  if (v === undefined || v.bytes === null || v.bytes.length !== 20) throw corrupt();
  return ksuidBytesToHex(v.bytes);
}

function corrupt(): InternalError {
  return new InternalError('system error: corrupt commit object');
}

function unreachable(x: never): never {
  throw new InternalError(`unknown commit action ${JSON.stringify(x)}`);
}
