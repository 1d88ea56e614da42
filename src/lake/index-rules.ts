// Index rules (Zed v1.8.0's lake/index rules, API revisions up to 1.8.0):
// lake-wide, grouped by name, stored in the MetaStore. A field rule indexes
// the values of fields, a type rule every value of a type, an agg rule keeps
// what a Zed query computes over each object.
import { InvalidError, NotFoundError, UnsupportedError } from '../errors/index.js';
import type { IndexRule } from '../storage/index.js';
import { newKsuidHex, type KsuidHex } from '../util/ksuid.js';
import { TypeContext } from '../zed/index.js';
import { parseZsonType } from '../zson/index.js';
import type { LakeContext } from './context.js';
import { parseId, parseIdOrThrow } from './ids.js';

/** A rule to create; id and ts are made when absent (Zed's client makes them). */
export type IndexRuleInput =
  | { readonly kind: 'field'; readonly name: string; readonly fields: readonly (readonly string[])[]; readonly id?: KsuidHex; readonly ts?: bigint }
  | { readonly kind: 'type'; readonly name: string; readonly type: string; readonly id?: KsuidHex; readonly ts?: bigint }
  | { readonly kind: 'agg'; readonly name: string; readonly script: string; readonly id?: KsuidHex; readonly ts?: bigint };

export async function createIndexRules(lc: LakeContext, inputs: readonly IndexRuleInput[]): Promise<IndexRule[]> {
  const rules = inputs.map((r): IndexRule => {
    const ts = r.ts ?? lc.deps.now();
    const base = { id: r.id ?? newKsuidHex(ts), name: r.name, ts };
    switch (r.kind) {
      case 'field':
        if (r.fields.length === 0 || r.fields.some((f) => f.length === 0)) throw new InvalidError('index rule: field required');
        return { kind: 'field', ...base, fields: r.fields.map((f) => [...f]) };
      case 'type':
        try {
          parseZsonType(r.type, new TypeContext());
        } catch (e) {
          throw new InvalidError(`index rule: bad type ${JSON.stringify(r.type)}`, { cause: e });
        }
        return { kind: 'type', ...base, type: r.type };
      case 'agg':
        if (lc.deps.queries === undefined) throw new UnsupportedError('agg index rules need a query runner');
        lc.deps.queries.check(r.script);
        return { kind: 'agg', ...base, script: r.script };
    }
  });
  await lc.deps.meta.addIndexRules(rules);
  return rules;
}

/** Deletes rules by id text; returns them. Index objects already built stay. */
export async function deleteIndexRules(lc: LakeContext, ids: readonly string[]): Promise<IndexRule[]> {
  return lc.deps.meta.deleteIndexRules(ids.map(parseIdOrThrow));
}

/**
 * The rules each reference names: a rule name (all its rules) or a rule id
 * (Zed's LookupByRef); no references means every rule.
 */
export async function lookupIndexRules(lc: LakeContext, refs: readonly string[]): Promise<IndexRule[]> {
  const all = await lc.deps.meta.listIndexRules();
  if (refs.length === 0) return all;
  const out: IndexRule[] = [];
  for (const ref of refs) {
    const id = parseId(ref);
    const hit = all.filter((r) => r.name === ref || r.id === id);
    if (hit.length === 0) throw new NotFoundError(`rule ${JSON.stringify(ref)} not found`);
    for (const r of hit) if (!out.includes(r)) out.push(r);
  }
  return out;
}

/** Zed's commit message for index commits. */
export function indexMessage(rules: readonly IndexRule[]): string {
  const names = [...new Set(rules.map((r) => r.name))];
  return names.length === 0 ? '' : `index rules applied: ${names.join(',')}`;
}
