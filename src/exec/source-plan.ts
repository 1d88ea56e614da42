// The lake half of a query's semantic pass (Zed's semantic.semPool): every
// `from` names a pool that exists (or a pattern that matches some), a branch
// that exists and a meta-query Zed knows, with Zed's messages and spans.
// The result maps each pool source of the AST to the concrete sources it
// reads: HEAD becomes the request's head, a glob or regexp its pools.

import type { ast } from '../compiler/index.js';
import { ZedError } from '../errors/index.js';
import type { Lake } from '../lake/index.js';
import type { KsuidHex } from '../util/ksuid.js';
import { semanticErrors, type SpanError } from './compilation-error.js';
import { compilePoolPattern } from './pool-pattern.js';

export interface QueryHead {
  readonly pool?: string | null;
  readonly branch?: string | null;
}

/** What describe reports a query reads (Zed's describe.Source). */
export type SourceInfo =
  | { readonly kind: 'Pool'; readonly name: string; readonly id: KsuidHex; readonly inferred: boolean }
  | { readonly kind: 'LakeMeta'; readonly meta: string }
  | { readonly kind: 'Path'; readonly uri: string; readonly inferred: boolean };

/** The meta-query names a revision knows (Zed's dag.LakeMetas, PoolMetas, CommitMetas). */
export interface MetaNames {
  readonly lake: ReadonlySet<string>;
  readonly pool: ReadonlySet<string>;
  readonly commit: ReadonlySet<string>;
}

export const LATEST_METAS: MetaNames = {
  lake: new Set(['branches', 'pools']),
  pool: new Set(['branches']),
  commit: new Set(['log', 'objects', 'partitions', 'rawlog', 'vectors']),
};

/** Before v1.13 the lake also had index rules and commits their indexes. */
export const INDEX_METAS: MetaNames = {
  lake: new Set([...LATEST_METAS.lake, 'index_rules']),
  pool: LATEST_METAS.pool,
  commit: new Set([...LATEST_METAS.commit, 'indexes']),
};

export interface SourcePlan {
  /** Each pool source of the AST (by its span, `start:end`) and the sources it stands for. */
  readonly pools: ReadonlyMap<string, readonly ast.Pool[]>;
  /** What the query's first operator reads, for describe. */
  readonly sources: readonly SourceInfo[];
}

/** Every pool source anywhere in the AST (sub-queries, forks, user op bodies). */
function collectPools(node: unknown, out: ast.Pool[]): void {
  if (Array.isArray(node)) {
    for (const x of node) collectPools(x, out);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const n = node as { kind?: unknown; spec?: { kind?: unknown } };
  if (n.kind === 'Pool' && n.spec?.kind === 'PoolSpec') out.push(node as ast.Pool);
  for (const [k, v] of Object.entries(node)) if (k !== 'loc' && typeof v === 'object') collectPools(v, out);
}

function keyOf(p: ast.Pool): string {
  return `${p.loc.start}:${p.loc.end}`;
}

function quoted(name: string, like: ast.Pool, commit: string | null): ast.Pool {
  const loc = like.spec.pool?.loc ?? like.loc;
  return {
    ...like,
    spec: { ...like.spec, pool: { kind: 'QuotedString', text: name, loc }, commit },
  };
}

function errorOf(e: unknown): ZedError | null {
  return e instanceof ZedError ? e : null;
}

class Planner {
  readonly errors: SpanError[] = [];
  readonly pools = new Map<string, ast.Pool[]>();
  readonly ids = new Map<ast.Pool, { name: string; id: KsuidHex }[]>();

  constructor(
    private readonly lake: Lake,
    /** undefined: no head at all (Zed's nil head), so HEAD names nothing. */
    private readonly head: QueryHead | null | undefined,
    private readonly metas: MetaNames,
  ) {}

  fail(msg: string, loc: ast.Loc, cause?: ZedError): void {
    this.errors.push({ msg, start: loc.start, end: loc.end, ...(cause !== undefined ? { cause } : {}) });
  }

  async plan(p: ast.Pool): Promise<void> {
    const spec = p.spec;
    const pat = spec.pool;
    if (pat === null) {
      this.#lakeMeta(p, spec.meta);
      return;
    }
    let names: string[];
    const pattern = pat.kind === 'Glob' || pat.kind === 'Regexp';
    if (pat.kind === 'Glob' || pat.kind === 'Regexp') {
      const what = pat.kind === 'Glob' ? 'glob' : 'regexp';
      const re = compilePoolPattern(pat);
      if (typeof re === 'string') {
        this.fail(re, pat.loc);
        return;
      }
      names = (await this.lake.listPools()).filter((c) => re.test(c.name)).map((c) => c.name);
      if (names.length === 0) {
        this.fail(`${pat.pattern}: pool matching ${what} not found`, pat.loc);
        return;
      }
    } else {
      names = [pat.text];
    }
    const out: ast.Pool[] = [];
    const ids: { name: string; id: KsuidHex }[] = [];
    for (const name of names) {
      const r = await this.#pool(p, name);
      if (r === null) continue;
      // Each pool a pattern matched is read as that pool alone (read as the pattern, each would read them all).
      out.push(pattern ? quoted(r.name, p, p.spec.commit) : r.node);
      ids.push({ name: r.name, id: r.id });
    }
    this.pools.set(keyOf(p), out);
    this.ids.set(p, ids);
  }

  #lakeMeta(p: ast.Pool, meta: string | null): void {
    if (meta === null || meta === '') this.fail('pool name missing', p.loc);
    else if (!this.metas.lake.has(meta)) this.fail(`unknown lake metadata type ${JSON.stringify(meta)} in from operator`, p.loc);
    else this.pools.set(keyOf(p), [p]);
  }

  async #pool(p: ast.Pool, given: string): Promise<{ node: ast.Pool; name: string; id: KsuidHex } | null> {
    let name = given;
    let commit = p.spec.commit;
    let node = p;
    if (name === 'HEAD') {
      if (this.head === undefined) {
        this.fail('cannot scan from unknown HEAD', p.spec.pool?.loc ?? p.loc);
        return null;
      }
      name = this.head?.pool ?? '';
      commit = this.head?.branch ?? null;
      if (name === '') {
        this.#lakeMeta(p, p.spec.meta);
        return null;
      }
      node = quoted(name, p, commit);
    }
    let pool;
    try {
      pool = await this.lake.getPool(name);
    } catch (e) {
      const z = errorOf(e);
      if (z === null) throw e;
      this.fail(z.message, p.spec.pool?.loc ?? p.loc, z);
      return null;
    }
    const meta = p.spec.meta;
    if (meta !== null && !this.metas.commit.has(meta) && !this.metas.pool.has(meta)) {
      this.fail(`unknown metadata type ${JSON.stringify(meta)}`, p.loc);
      return null;
    }
    // A pool-level meta-query reads no commit; everything else needs the branch (main by default).
    const poolLevel = meta !== null && this.metas.pool.has(meta) && !this.metas.commit.has(meta);
    if (!poolLevel) {
      try {
        await this.lake.resolveCommitish(`0x${pool.id}`, commit ?? 'main');
      } catch (e) {
        const z = errorOf(e);
        if (z === null) throw e;
        this.fail(z.message, p.loc, z);
        return null;
      }
    }
    return { node, name: pool.name, id: pool.id };
  }
}

/** What the first operator of `seq` reads (Zed's describeSources). */
function firstSources(seq: ast.Seq, planner: Planner): SourceInfo[] {
  const op = seq[0];
  if (op === undefined) return [];
  switch (op.kind) {
    case 'Scope':
      return firstSources(op.body, planner);
    case 'Parallel':
      return op.paths.flatMap((p) => firstSources(p, planner));
    case 'From':
      return op.trunks.flatMap((t) => sourceInfo(t.source, planner));
    case 'Pool':
    case 'File':
    case 'HTTP':
      return sourceInfo(op, planner);
    default:
      return [];
  }
}

function sourceInfo(src: ast.Source, planner: Planner): SourceInfo[] {
  switch (src.kind) {
    case 'Pool': {
      if (src.spec.pool === null) return src.spec.meta === null ? [] : [{ kind: 'LakeMeta', meta: src.spec.meta }];
      return (planner.ids.get(src) ?? []).map((x) => ({ kind: 'Pool', name: x.name, id: x.id, inferred: false }));
    }
    case 'File':
      return [{ kind: 'Path', uri: src.path.kind === 'Glob' || src.path.kind === 'Regexp' ? src.path.pattern : src.path.text, inferred: false }];
    case 'HTTP':
      return [{ kind: 'Path', uri: src.url.kind === 'Glob' || src.url.kind === 'Regexp' ? src.url.pattern : src.url.text, inferred: false }];
    case 'Pass':
      return [];
  }
}

/**
 * Checks every pool source of `seq` against the lake and plans what each
 * reads. Throws a CompilationError listing every problem, with spans.
 */
export async function planSources(lake: Lake, text: string, seq: ast.Seq, head: QueryHead | null | undefined, metas: MetaNames = LATEST_METAS): Promise<SourcePlan> {
  const planner = new Planner(lake, head, metas);
  const nodes: ast.Pool[] = [];
  collectPools(seq, nodes);
  for (const p of nodes) await planner.plan(p);
  if (planner.errors.length > 0) {
    planner.errors.sort((a, b) => a.start - b.start);
    throw semanticErrors(text, planner.errors);
  }
  return { pools: planner.pools, sources: firstSources(seq, planner) };
}
