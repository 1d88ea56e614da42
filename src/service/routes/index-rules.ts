// Index rules and indexing, in the revisions up to v1.8.0 (http-api.md §4,
// lake-api.md §13; Zed removed them in v1.13, so latest answers 404):
// POST /index adds rules (204), DELETE /index removes rules by id and answers
// them, POST …/branch/{b}/index indexes objects, …/index/update indexes what
// the rules have not covered yet. The last two commit on the branch.

import { ksuidBytesToHex } from '../../util/ksuid.js';
import { InvalidError } from '../../errors/index.js';
import { indexRuleValue, RecordMaker, type IndexRuleInput } from '../../lake/index.js';
import { ID, TypeContext, underlying, type Value } from '../../zed/index.js';
import { decodeRequest, readBody, RequestRecord } from '../body.js';
import { commitOptions } from '../commit-options.js';
import type { Ctx } from '../context.js';
import type { RouteKit } from '../kit.js';
import { commitMessage, pathParam } from '../params.js';
import { noContent, respondValue } from '../respond.js';
import { Wire } from '../wire.js';

const RULE_KINDS: Record<string, IndexRuleInput['kind']> = {
  'index.FieldRule': 'field',
  'index.TypeRule': 'type',
  'index.AggRule': 'agg',
};

/** One rule of a POST /index body: a Zed-marshaled rule (named type) or a plain record. */
function ruleInput(v: Value): IndexRuleInput {
  const r = new RequestRecord(v);
  const named = v.type.kind === 'named' ? RULE_KINDS[v.type.name] : undefined;
  const kind = named ?? (r.get('fields') !== undefined ? 'field' : r.get('type') !== undefined ? 'type' : r.get('script') !== undefined ? 'agg' : undefined);
  if (kind === undefined) throw new InvalidError('index rule must have fields, a type or a script');
  const name = r.string('name') ?? '';
  const idv = r.get('id');
  const id = idv !== undefined && underlying(idv.type).id === ID.bytes && idv.bytes!.length === 20 ? ksuidBytesToHex(idv.bytes!) : undefined;
  const tsv = r.get('ts');
  const ts = tsv !== undefined && underlying(tsv.type).id === ID.time ? tsv.asInt() : undefined;
  const extra = { ...(id !== undefined ? { id } : {}), ...(ts !== undefined ? { ts } : {}) };
  switch (kind) {
    case 'field':
      return { kind, name, fields: r.stringLists('fields') ?? [], ...extra };
    case 'type':
      return { kind, name, type: r.string('type') ?? '', ...extra };
    case 'agg':
      return { kind, name, script: r.string('script') ?? '', ...extra };
  }
}

/** A list of names, given as `rules` (Zed's client) or under an older name (`rule_names`, or one `rule_name`). */
function names(req: RequestRecord, ...alts: string[]): string[] {
  const rules = req.strings('rules');
  if (rules !== undefined) return rules;
  for (const a of alts) {
    const v = req.get(a);
    if (v === undefined) continue;
    if (underlying(v.type).id === ID.string) return [v.asString()];
    return req.strings(a) ?? [];
  }
  return [];
}

export function indexRoutes(kit: RouteKit): void {
  const { lake, settings } = kit;
  const body = async (c: Ctx) => decodeRequest(await readBody(c.req.raw, settings.bodyLimit), c.req.header('Content-Type') ?? null, c.get('caps'));
  const when = { when: (caps: { indexRoutes: boolean }) => caps.indexRoutes };

  kit.api(
    'POST',
    '/index',
    async (c) => {
      const req = await body(c);
      await lake.createIndexRules((req.list('rules') ?? []).map(ruleInput));
      return noContent();
    },
    when,
  );

  kit.api(
    'DELETE',
    '/index',
    async (c) => {
      const req = await body(c);
      const rules = await lake.deleteIndexRules(req.strings('rule_ids') ?? []);
      const m = new RecordMaker(new TypeContext());
      const list = m.array(
        rules.map((r) => indexRuleValue(m, r)),
        m.ctx.lookupRecord([]),
      );
      return respondValue(c, m.named('api.IndexRulesDeleteResponse', m.record([['rules', list]])));
    },
    when,
  );

  kit.api(
    'POST',
    '/pool/:pool/branch/:branch/index',
    async (c) => {
      const req = await body(c);
      const pool = await lake.getPool(pathParam(c, 'pool'));
      const branch = pathParam(c, 'branch');
      const opts = commitOptions(commitMessage(c));
      const r = await lake.indexObjects(`0x${pool.id}`, branch, names(req, 'rule_name', 'rule_names'), req.strings('tags') ?? [], opts);
      kit.publish({ kind: 'branch-commit', op: 'index', poolId: pool.id, poolName: pool.name, commitId: r.commit, branch, parent: '' });
      return respondValue(c, new Wire(c.get('caps').revision).commitResponse(r.commit, null));
    },
    when,
  );

  kit.api(
    'POST',
    '/pool/:pool/branch/:branch/index/update',
    async (c) => {
      const req = await body(c);
      const pool = await lake.getPool(pathParam(c, 'pool'));
      const branch = pathParam(c, 'branch');
      const opts = commitOptions(commitMessage(c));
      const r = await lake.updateIndex(`0x${pool.id}`, branch, names(req, 'rule_names'), opts);
      kit.publish({ kind: 'branch-commit', op: 'index', poolId: pool.id, poolName: pool.name, commitId: r.commit, branch, parent: '' });
      return respondValue(c, new Wire(c.get('caps').revision).commitResponse(r.commit, null));
    },
    when,
  );
}
