// What the auth tests share between `zlake serve` (Node, libSQL) and the
// Worker (Miniflare, D1): the lake fixture every route is tried on, the
// routes themselves, and the expected outcome of each route for each kind
// of principal (a table), with a hash of the lake's metadata and objects
// taken around every request that must not change it.
import { expect } from 'vitest';

export interface Target {
  readonly url: string;
  /** A hash of every metadata row (pools, branches, commits, rules, tokens) and every stored object. */
  lakeHash(): Promise<string>;
}

export interface Reply {
  readonly status: number;
  readonly text: string;
}

export interface Req {
  readonly method: string;
  readonly path: string;
  /** An object goes as JSON; a string as ZSON. */
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

const te = new TextEncoder();

/** One request with `bearer` (a whole Authorization header when it has a space, else a Bearer token; null for none). */
export async function call(t: Target, bearer: string | null, r: Req): Promise<Reply> {
  const headers: Record<string, string> = { Accept: 'application/json', ...r.headers };
  if (bearer !== null) headers['Authorization'] = bearer.includes(' ') ? bearer : `Bearer ${bearer}`;
  let body: BodyInit | undefined;
  if (typeof r.body === 'string') {
    body = te.encode(r.body);
    headers['Content-Type'] ??= 'application/x-zson';
  } else if (r.body !== undefined) {
    body = JSON.stringify(r.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const ac = new AbortController();
  const res = await fetch(t.url + r.path, { method: r.method, headers, signal: ac.signal, ...(body !== undefined ? { body } : {}) });
  // An event stream never ends: its head is the answer.
  if (res.headers.get('Content-Type') === 'text/event-stream') {
    ac.abort();
    await res.body?.cancel().catch(() => {});
    return { status: res.status, text: '' };
  }
  return { status: res.status, text: await res.text() };
}

/** Zed's JSON error body, as text. */
export function errorBody(kind: string, error: string): string {
  return `${JSON.stringify({ type: 'Error', kind, error })}\n`;
}

export const UNAUTHORIZED = 'missing authentication credentials';

export interface Fixture {
  /** The two commits on logs' main, and a third on its branch dev. */
  readonly c1: string;
  readonly c2: string;
  /** logs' two data objects (0x hex); o1 has a vector. */
  readonly o1: string;
  readonly o2: string;
}

async function ok(t: Target, admin: string, r: Req): Promise<string> {
  const res = await call(t, admin, r);
  if (res.status >= 300) throw new Error(`${r.method} ${r.path}: ${res.status} ${res.text}`);
  return res.text;
}

/** A fresh lake state: pools logs (two commits, a branch dev one commit ahead) and other, rule r1, token victim. */
export async function resetLake(t: Target, admin: string): Promise<Fixture> {
  const pools = await ok(t, admin, { method: 'POST', path: '/query', body: { query: 'from :pools | yield name' }, headers: { Accept: 'application/x-zson' } });
  for (const line of pools.split('\n').filter((l) => l !== '')) {
    await ok(t, admin, { method: 'DELETE', path: `/pool/${encodeURIComponent(JSON.parse(line) as string)}` });
  }
  const layout = { order: 'asc', keys: [['ts']] };
  await ok(t, admin, { method: 'POST', path: '/pool', body: { name: 'logs', layout } });
  await ok(t, admin, { method: 'POST', path: '/pool', body: { name: 'other', layout } });
  const c1 = (JSON.parse(await ok(t, admin, { method: 'POST', path: '/pool/logs/branch/main', body: '{ts:1,a:1}' })) as { commit: string }).commit;
  const c2 = (JSON.parse(await ok(t, admin, { method: 'POST', path: '/pool/logs/branch/main', body: '{ts:2,a:2}' })) as { commit: string }).commit;
  await ok(t, admin, { method: 'POST', path: '/pool/other/branch/main', body: '{ts:1,b:1}' });
  await ok(t, admin, { method: 'POST', path: '/pool/logs', body: { name: 'dev', commit: c2 } });
  await ok(t, admin, { method: 'POST', path: '/pool/logs/branch/dev', body: '{ts:3,a:3}' });
  const ids = await ok(t, admin, { method: 'POST', path: '/query', body: { query: 'from logs@main:objects | sort min | yield id' }, headers: { Accept: 'application/x-zson' } });
  const [o1, o2] = ids.split('\n').filter((l) => l !== '').map((l) => /0x[0-9a-f]{40}/.exec(l)![0]);
  await ok(t, admin, { method: 'POST', path: '/pool/logs/revision/main/vector', body: `{object_ids:[${o1}]}` });
  const rule = await call(t, admin, { method: 'POST', path: '/index', body: { rules: [{ name: 'r1', fields: [['a']] }] }, headers: V180 });
  if (rule.status !== 204 && rule.status !== 409) throw new Error(`rule r1: ${rule.status} ${rule.text}`);
  const victim = await call(t, admin, { method: 'POST', path: '/auth/tokens', body: { name: 'victim', scopes: ['logs:read'] } });
  if (victim.status !== 200 && victim.status !== 409) throw new Error(`token victim: ${victim.status} ${victim.text}`);
  return { c1, c2, o1: o1!, o2: o2! };
}

const V180 = { 'Zed-Api-Version': '1.8.0' };
/** Index rules and tokens are the lake's, not a pool's: each made here has a new name. */
let rules = 1;

export interface Route {
  readonly name: string;
  /** The request, made against a fresh fixture. */
  req(f: Fixture): Req;
  /** A success changes the lake (so the next cell starts from a fresh fixture). */
  readonly mutates?: boolean;
}

/** Every API route but /auth/method (never authenticated), in the revision that has it. */
export const ROUTES: readonly Route[] = [
  { name: 'GET /auth/identity', req: () => ({ method: 'GET', path: '/auth/identity' }) },
  { name: 'POST /compile', req: () => ({ method: 'POST', path: '/compile', body: { query: 'from logs | count()' } }) },
  { name: 'GET /events', req: () => ({ method: 'GET', path: '/events' }) },
  { name: 'POST /query', req: () => ({ method: 'POST', path: '/query', body: { query: 'from logs | count()' } }) },
  { name: 'OPTIONS /query', req: () => ({ method: 'OPTIONS', path: '/query', body: { query: 'from logs | count()' } }) },
  { name: 'POST /query/describe', req: () => ({ method: 'POST', path: '/query/describe', body: { query: 'from logs | count()' } }) },
  { name: 'GET /query/status/{id}', req: () => ({ method: 'GET', path: '/query/status/nosuchrequest' }) },
  { name: 'POST /pool', req: () => ({ method: 'POST', path: '/pool', body: { name: 'fresh' } }), mutates: true },
  { name: 'PUT /pool/{pool}', req: () => ({ method: 'PUT', path: '/pool/logs', body: { name: 'renamed' } }), mutates: true },
  { name: 'DELETE /pool/{pool}', req: () => ({ method: 'DELETE', path: '/pool/logs' }), mutates: true },
  { name: 'GET /pool/{pool}/stats', req: () => ({ method: 'GET', path: '/pool/logs/stats' }) },
  { name: 'POST /pool/{pool}/revision/{r}/vacuum', req: () => ({ method: 'POST', path: '/pool/logs/revision/main/vacuum' }), mutates: true },
  { name: 'POST /pool/{pool} (branch)', req: (f) => ({ method: 'POST', path: '/pool/logs', body: { name: 'b2', commit: f.c2 } }), mutates: true },
  { name: 'GET /pool/{pool}/branch/{b}', req: () => ({ method: 'GET', path: '/pool/logs/branch/main' }) },
  { name: 'DELETE /pool/{pool}/branch/{b}', req: () => ({ method: 'DELETE', path: '/pool/logs/branch/dev' }), mutates: true },
  { name: 'POST /pool/{pool}/branch/{b} (load)', req: () => ({ method: 'POST', path: '/pool/logs/branch/main', body: '{ts:9,a:9}' }), mutates: true },
  {
    name: 'POST …/branch/{b}/compact',
    req: (f) => ({ method: 'POST', path: '/pool/logs/branch/main/compact', body: `{object_ids:[${f.o1},${f.o2}]}` }),
    mutates: true,
  },
  { name: 'POST …/branch/{b}/delete', req: (f) => ({ method: 'POST', path: '/pool/logs/branch/main/delete', body: { object_ids: [f.o1] } }), mutates: true },
  { name: 'POST …/branch/{b}/merge/{child}', req: () => ({ method: 'POST', path: '/pool/logs/branch/main/merge/dev' }), mutates: true },
  { name: 'POST …/branch/{b}/revert/{commit}', req: (f) => ({ method: 'POST', path: `/pool/logs/branch/main/revert/${f.c2}` }), mutates: true },
  { name: 'POST …/revision/{r}/vector', req: (f) => ({ method: 'POST', path: '/pool/logs/revision/main/vector', body: `{object_ids:[${f.o2}]}` }), mutates: true },
  { name: 'DELETE …/revision/{r}/vector', req: (f) => ({ method: 'DELETE', path: '/pool/logs/revision/main/vector', body: `{object_ids:[${f.o1}]}` }), mutates: true },
  {
    name: 'POST /index (1.8.0)',
    req: () => ({ method: 'POST', path: '/index', body: { rules: [{ name: `r${++rules}`, fields: [['b']] }] }, headers: V180 }),
    mutates: true,
  },
  { name: 'DELETE /index (1.8.0)', req: () => ({ method: 'DELETE', path: '/index', body: { rule_ids: [] }, headers: V180 }) },
  {
    name: 'POST …/branch/{b}/index (1.8.0)',
    req: (f) => ({ method: 'POST', path: '/pool/logs/branch/main/index', body: { rules: ['r1'], tags: [f.o1] }, headers: V180 }),
    mutates: true,
  },
  {
    name: 'POST …/branch/{b}/index/update (1.8.0)',
    req: () => ({ method: 'POST', path: '/pool/logs/branch/main/index/update', body: { rules: ['r1'] }, headers: V180 }),
    mutates: true,
  },
  { name: 'GET /auth/tokens', req: () => ({ method: 'GET', path: '/auth/tokens' }) },
  { name: 'POST /auth/tokens', req: () => ({ method: 'POST', path: '/auth/tokens', body: { name: `made${++rules}`, scopes: ['logs:read'] } }), mutates: true },
  { name: 'DELETE /auth/tokens/{name}', req: () => ({ method: 'DELETE', path: '/auth/tokens/victim' }), mutates: true },
];

/** The principals of the scope matrix, in the table's column order. */
export const PRINCIPALS = ['none', 'expired', 'revoked', 'other', 'read', 'write', 'admin', 'star'] as const;
export type Principal = (typeof PRINCIPALS)[number];

/** Each principal's API token scopes (none has no token). */
export const PRINCIPAL_SCOPES: Readonly<Record<Exclude<Principal, 'none'>, readonly string[]>> = {
  expired: ['*:admin'],
  revoked: ['*:admin'],
  other: ['other:admin'],
  read: ['logs:read'],
  write: ['logs:write'],
  admin: ['logs:admin'],
  star: ['*:admin'],
};

/**
 * The scope matrix: for each route, the status each principal gets, in
 * PRINCIPALS order (none, expired, revoked, other:admin, logs:read,
 * logs:write, logs:admin, *:admin). 401 and 403 are refusals; a token for
 * another pool querying logs gets 400 "pool not found", as if logs did not
 * exist. `*:admin` gets what any request gets without auth.
 */
export const EXPECTED: Readonly<Record<string, string>> = {
  //                                            none exp rev oth read wrt adm star
  'GET /auth/identity':                         '401 401 401 200 200 200 200 200',
  'POST /compile':                              '401 401 401 200 200 200 200 200',
  'GET /events':                                '401 401 401 200 200 200 200 200',
  'POST /query':                                '401 401 401 400 200 200 200 200',
  'OPTIONS /query':                             '401 401 401 400 200 200 200 200',
  'POST /query/describe':                       '401 401 401 400 200 200 200 200',
  'GET /query/status/{id}':                     '401 401 401 400 400 400 400 400',
  'POST /pool':                                 '401 401 401 403 403 403 403 200',
  'PUT /pool/{pool}':                           '401 401 401 403 403 403 403 204',
  'DELETE /pool/{pool}':                        '401 401 401 403 403 403 204 204',
  'GET /pool/{pool}/stats':                     '401 401 401 403 200 200 200 200',
  'POST /pool/{pool}/revision/{r}/vacuum':      '401 401 401 403 403 403 200 200',
  'POST /pool/{pool} (branch)':                 '401 401 401 403 403 200 200 200',
  'GET /pool/{pool}/branch/{b}':                '401 401 401 403 200 200 200 200',
  'DELETE /pool/{pool}/branch/{b}':             '401 401 401 403 403 403 204 204',
  'POST /pool/{pool}/branch/{b} (load)':        '401 401 401 403 403 200 200 200',
  'POST …/branch/{b}/compact':                  '401 401 401 403 403 200 200 200',
  'POST …/branch/{b}/delete':                   '401 401 401 403 403 200 200 200',
  'POST …/branch/{b}/merge/{child}':            '401 401 401 403 403 200 200 200',
  'POST …/branch/{b}/revert/{commit}':          '401 401 401 403 403 200 200 200',
  'POST …/revision/{r}/vector':                 '401 401 401 403 403 200 200 200',
  'DELETE …/revision/{r}/vector':               '401 401 401 403 403 200 200 200',
  'POST /index (1.8.0)':                        '401 401 401 403 403 403 403 204',
  'DELETE /index (1.8.0)':                      '401 401 401 403 403 403 403 200',
  'POST …/branch/{b}/index (1.8.0)':            '401 401 401 403 403 403 200 200',
  'POST …/branch/{b}/index/update (1.8.0)':     '401 401 401 403 403 403 200 200',
  'GET /auth/tokens':                           '401 401 401 403 403 403 403 200',
  'POST /auth/tokens':                          '401 401 401 403 403 403 403 200',
  'DELETE /auth/tokens/{name}':                 '401 401 401 403 403 403 403 204',
};

export function expectedStatus(route: string, p: Principal): number {
  const row = EXPECTED[route];
  if (row === undefined) throw new Error(`no expected row for ${route}`);
  return Number(row.trim().split(/\s+/)[PRINCIPALS.indexOf(p)]);
}

/**
 * Runs the matrix. For each route the refused principals go first, then the
 * lake is hashed once: a refused request must change nothing. Reads by the
 * allowed principals must change nothing either; an allowed write gets a
 * fresh fixture after it. (Hashing once per route, not per cell, keeps the
 * matrix fast on Miniflare, where a hash reads every D1 row and R2 object.)
 */
export async function runScopeMatrix(t: Target, admin: string, bearers: Readonly<Record<Principal, string | null>>): Promise<void> {
  let f = await resetLake(t, admin);
  let hash = await t.lakeHash();
  const failures: string[] = [];
  const check = (route: Route, p: Principal, want: number, got: { status: number; text: string }): void => {
    if (got.status !== want) failures.push(`${route.name} as ${p}: got ${got.status} ${got.text.trim()}, want ${want}`);
    if (want === 401 || want === 403) {
      const body = JSON.parse(got.text) as { type?: string; kind?: string; error?: string };
      expect(body.type).toBe('Error');
      expect(body.kind).toBe(want === 401 ? UNAUTHORIZED : 'forbidden');
    }
  };
  for (const route of ROUTES) {
    const refused = PRINCIPALS.filter((p) => [401, 403].includes(expectedStatus(route.name, p)));
    const allowed = PRINCIPALS.filter((p) => !refused.includes(p));
    for (const p of refused) check(route, p, expectedStatus(route.name, p), await call(t, bearers[p], route.req(f)));
    const after = await t.lakeHash();
    if (after !== hash) failures.push(`${route.name}: a refused request (${refused.join(', ')}) changed the lake`);
    hash = after;
    for (const p of allowed) {
      const got = await call(t, bearers[p], route.req(f));
      check(route, p, expectedStatus(route.name, p), got);
      if (route.mutates && got.status < 300) {
        f = await resetLake(t, admin);
        hash = await t.lakeHash();
      }
    }
    if (!route.mutates && allowed.length > 0) {
      const read = await t.lakeHash();
      if (read !== hash) failures.push(`${route.name}: a read (${allowed.join(', ')}) changed the lake`);
      hash = read;
    }
  }
  expect(failures).toEqual([]);
}

/** The kinds of bad bearer Zed's auth mode refuses, and its message for each. */
export interface BadToken {
  readonly name: string;
  readonly bearer: string | null;
  readonly error: string;
}

/**
 * Every route with each bad bearer: 401, Zed's body, the lake unchanged;
 * then with `good` (a valid login, which may do everything): each route's
 * own status.
 */
export async function runZedAuthRoutes(t: Target, bad: readonly BadToken[], good: string): Promise<void> {
  let f = await resetLake(t, good);
  let hash = await t.lakeHash();
  const failures: string[] = [];
  for (const route of ROUTES) {
    for (const b of bad) {
      const got = await call(t, b.bearer, route.req(f));
      if (got.status !== 401 || got.text !== errorBody(UNAUTHORIZED, b.error)) {
        failures.push(`${route.name} with ${b.name}: got ${got.status} ${got.text.trim()}, want 401 ${b.error}`);
      }
    }
    // Hashed once per route: no bad bearer may have changed anything.
    const after = await t.lakeHash();
    if (after !== hash) failures.push(`${route.name}: a request with a bad token changed the lake`);
    hash = after;
    const got = await call(t, good, route.req(f));
    const want = expectedStatus(route.name, 'star');
    if (got.status !== want) failures.push(`${route.name} with a good token: got ${got.status} ${got.text.trim()}, want ${want}`);
    if (route.mutates) {
      if (got.status < 300) f = await resetLake(t, good);
      hash = await t.lakeHash();
    }
  }
  expect(failures).toEqual([]);
}

/** Tokens for the scope matrix, made through the API with `admin`: expired and revoked ones included. */
export async function matrixBearers(t: Target, admin: string): Promise<Record<Principal, string | null>> {
  const make = async (name: string, scopes: readonly string[], expires = ''): Promise<string> => {
    const r = await call(t, admin, { method: 'POST', path: '/auth/tokens', body: { name, scopes, expires } });
    if (r.status !== 200) throw new Error(`token ${name}: ${r.status} ${r.text}`);
    return (JSON.parse(r.text) as { token: string }).token;
  };
  const expired = await make('m-expired', PRINCIPAL_SCOPES.expired, '1s');
  const expiresAt = Date.now() + 1000;
  const revoked = await make('m-revoked', PRINCIPAL_SCOPES.revoked);
  const r = await call(t, admin, { method: 'DELETE', path: '/auth/tokens/m-revoked' });
  if (r.status !== 204) throw new Error(`revoke: ${r.status} ${r.text}`);
  const bearers: Record<Principal, string | null> = {
    none: null,
    expired,
    revoked,
    other: await make('m-other', PRINCIPAL_SCOPES.other),
    read: await make('m-read', PRINCIPAL_SCOPES.read),
    write: await make('m-write', PRINCIPAL_SCOPES.write),
    admin: await make('m-admin', PRINCIPAL_SCOPES.admin),
    star: await make('m-star', PRINCIPAL_SCOPES.star),
  };
  const wait = expiresAt + 50 - Date.now();
  if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
  return bearers;
}
