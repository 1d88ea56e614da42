// 10,000 random and mutated requests against a real `zlake serve`: every
// route, method, header and body shape, with bodies in every format, whole,
// cut short, bit-flipped and spliced. None may get a 5xx other than the
// ones Zed documents (lake-api.md §4.3), none may hang, and the server must
// end up answering and within its memory bound (#12).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeAll, seededRandom, useLocalEngines, zsonValues } from '../support/formats.js';
import { startServe, type ServeProcess } from './serve-process.js';

const REQUESTS = 10_000;
const CONCURRENCY = 4;
/** A request that has not answered in this long counts as hung. */
const HANG_MS = 60_000;

/** 5xx answers Zed itself gives (lake-api.md §4.3): their error texts. */
const DOCUMENTED_5XX = [
  /^pool cannot be named "HEAD"$/,
  /^internal error: AST seq cannot be empty$/,
  /^commit not found: \w{27}$/,
  /^revert commit is empty$/,
  /^error merging ".*" into ".*": (difference is empty|delete conflict: \w{27})$/,
  /^compact: two or more source objects required$/,
  /^(non-existent object|vector exists for|vector) \w{27}( does not exist)?: vector (add|delete) operation aborted$/,
  /^branch ".*": exceeded max update attempts \(10\) to branch tip: commit failed$/,
];

const SAMPLE = `{ts:2024-01-01T00:00:00Z,a:1,s:"one",ip:10.0.0.1,arr:[1,2],rec:{x:1.5,y:null}}
{ts:2024-01-01T00:00:01Z,a:2,s:"two",ip:10.0.0.2,arr:[3],rec:{x:2.5,y:"z"}}
{ts:2024-01-01T00:00:02Z,a:3,s:"three",ip:10.0.0.3,arr:[]([int64]),rec:{x:-1.,y:"w"}}
`;

const FORMATS = ['zson', 'zng', 'zjson', 'json', 'ndjson', 'csv', 'tsv', 'line', 'zeek', 'vng', 'parquet', 'arrows'] as const;
const MEDIA: Record<string, string> = {
  zson: 'application/x-zson',
  zng: 'application/x-zng',
  zjson: 'application/x-zjson',
  json: 'application/json',
  ndjson: 'application/x-ndjson',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  line: 'application/x-line',
  zeek: 'application/x-zeek',
  vng: 'application/x-vng',
  parquet: 'application/x-parquet',
  arrows: 'application/vnd.apache.arrow.stream',
};

interface Answer {
  readonly status: number;
  readonly body: string;
}

function send(url: URL, method: string, path: string, headers: Record<string, string>, body: Uint8Array | null): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers, timeout: HANG_MS }, (res) => {
      const parts: Buffer[] = [];
      let size = 0;
      res.on('data', (d: Buffer) => {
        // Keep the start of a big answer: enough to read an error.
        if (size < 4096) parts.push(d);
        size += d.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`hung: ${method} ${path}`)));
    req.on('error', reject);
    if (body !== null) req.end(body);
    else req.end();
  });
}

describe('request fuzz', () => {
  let srv: ServeProcess;
  const samples: Record<string, Uint8Array> = {};

  beforeAll(async () => {
    useLocalEngines();
    const values = zsonValues(SAMPLE);
    for (const f of FORMATS) {
      try {
        samples[f] = encodeAll(f, values);
      } catch {
        // A format that cannot hold these values (zeek's types, say) is fuzzed from ZSON text.
        samples[f] = new TextEncoder().encode(SAMPLE);
      }
    }
    srv = await startServe(['-query.timeout', '20s']);
    for (const name of ['logs', 'other']) {
      const r = await srv.post('/pool', { name, layout: { order: 'asc', keys: [['ts']] } });
      expect(r.status).toBe(200);
      const l = await fetch(`${srv.url}/pool/${name}/branch/main`, { method: 'POST', body: SAMPLE, headers: { 'Content-Type': 'application/x-zson' } });
      expect(l.status).toBe(200);
    }
  }, 120_000);

  afterAll(async () => {
    await srv?.stop();
  });

  it(`answers ${REQUESTS} random and mutated requests without an undocumented 5xx or a hang, and stays up within its memory`, async () => {
    const rand = seededRandom(12_345);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const bytes = (n: number) => {
      const b = new Uint8Array(n);
      for (let i = 0; i < n; i++) b[i] = Math.floor(rand() * 256);
      return b;
    };
    const mutate = (b: Uint8Array): Uint8Array => {
      const out = new Uint8Array(b);
      // A third go whole, so requests also reach what happens after their checks.
      if (rand() < 0.35) return out;
      switch (Math.floor(rand() * 6)) {
        case 0:
          return out;
        case 1:
          return out.subarray(0, Math.floor(rand() * out.length));
        case 2: {
          for (let k = 0; k < 1 + Math.floor(rand() * 8); k++) if (out.length > 0) out[Math.floor(rand() * out.length)]! ^= 1 << Math.floor(rand() * 8);
          return out;
        }
        case 3: {
          const cut = Math.floor(rand() * out.length);
          const c = new Uint8Array(out.length + 16);
          c.set(out.subarray(0, cut));
          c.set(bytes(16), cut);
          c.set(out.subarray(cut), cut + 16);
          return c;
        }
        case 4:
          return bytes(Math.floor(rand() * 2048));
        default: {
          const r = new Uint8Array(out.length * 2);
          r.set(out);
          r.set(out, out.length);
          return r;
        }
      }
    };
    const te = new TextEncoder();
    const queries = [
      'from logs',
      'from logs | count()',
      'from logs | sort -r a | head 1',
      'from * | count() by s',
      'from logs | put b:=a*2 | cut b',
      'from :pools',
      'from logs@main:objects',
      'from logs | yield regexp("(a+)+b", s)',
      'from logs | summarize collect(this) by ip',
      'yield 1',
      'from nosuch',
      'from logs | join (from other) on a=a x:=s',
      'from (pool logs pool other) | count()',
    ];
    const pools = ['logs', 'other', 'nosuch', 'HEAD', '', '%2F', 'logs%00', encodeURIComponent('p'.repeat(300))];
    const branches = ['main', 'dev', 'nosuch', '0x' + '0'.repeat(40), '%00'];
    const routes = (): { method: string; path: string; body: () => Uint8Array | null; type?: string } => {
      const p = pick(pools);
      const b = pick(branches);
      const json = (v: unknown) => () => mutate(te.encode(JSON.stringify(v)));
      const load = () => {
        const f = pick(FORMATS);
        return { method: 'POST', path: `/pool/${p}/branch/${b}${rand() < 0.2 ? '?csv.delim=%3B' : ''}`, body: () => mutate(samples[f]!), type: MEDIA[f]! };
      };
      const all = [
        () => ({ method: 'POST', path: '/query', body: json({ query: pick(queries), head: { pool: p, branch: b } }), type: 'application/json' }),
        () => ({ method: 'POST', path: '/query?ctrl=' + pick(['true', 'false', 'T', 'x']), body: json({ query: mutate(te.encode(pick(queries))).toString() }), type: 'application/json' }),
        () => ({ method: 'POST', path: '/query', body: () => mutate(te.encode(`{query:${JSON.stringify(pick(queries))}}`)), type: 'application/x-zson' }),
        () => ({ method: 'POST', path: '/compile', body: json({ query: pick(queries) }), type: 'application/json' }),
        () => ({ method: 'POST', path: '/query/describe', body: json({ query: pick(queries), head: { pool: p } }), type: 'application/json' }),
        () => ({ method: 'GET', path: `/query/status/${pick(['x', '1', 'nosuch'])}`, body: () => null }),
        () => ({ method: 'POST', path: '/pool', body: json({ name: `f${Math.floor(rand() * 50)}`, layout: { order: pick(['asc', 'desc', 'x']), keys: [[pick(['ts', 'a', ''])]] }, thresh: pick([0, -1, 1000, 'x']) }), type: 'application/json' }),
        () => ({ method: 'PUT', path: `/pool/${p}`, body: json({ name: `r${Math.floor(rand() * 50)}` }), type: 'application/json' }),
        () => ({ method: 'DELETE', path: `/pool/f${Math.floor(rand() * 50)}`, body: () => null }),
        () => ({ method: 'GET', path: `/pool/${p}/stats`, body: () => null }),
        () => ({ method: 'GET', path: `/pool/${p}/branch/${b}`, body: () => null }),
        () => ({ method: 'POST', path: `/pool/${p}`, body: json({ name: `b${Math.floor(rand() * 20)}`, commit: pick(['main', '0x' + '1'.repeat(40), 'zz']) }), type: 'application/json' }),
        () => ({ method: 'DELETE', path: `/pool/${p}/branch/b${Math.floor(rand() * 20)}`, body: () => null }),
        () => ({ method: 'POST', path: `/pool/${p}/branch/${b}/delete`, body: json(rand() < 0.5 ? { where: pick(['a > 1', 'a >', '', 'count()']) } : { object_ids: [pick(['x', '0x' + '2'.repeat(40)])] }), type: 'application/json' }),
        () => ({ method: 'POST', path: `/pool/${p}/branch/${b}/merge/${pick(branches)}`, body: () => null }),
        () => ({ method: 'POST', path: `/pool/${p}/branch/${b}/revert/${pick(['x', '0x' + '3'.repeat(40)])}`, body: () => null }),
        () => ({ method: 'POST', path: `/pool/${p}/branch/${b}/compact`, body: json({ object_ids: [] }), type: 'application/json' }),
        () => ({ method: 'POST', path: `/pool/${p}/revision/${b}/vacuum?dryrun=${pick(['true', 'false', 'x'])}`, body: () => null }),
        () => ({ method: 'POST', path: `/pool/${p}/revision/${b}/vector`, body: json({ object_ids: ['x'] }), type: 'application/json' }),
        () => ({ method: 'GET', path: '/auth/identity', body: () => null }),
        () => ({ method: 'GET', path: '/auth/method', body: () => null }),
        () => ({ method: pick(['GET', 'HEAD', 'POST', 'OPTIONS', 'PATCH', 'PUT', 'DELETE']), path: pick(['/', '/status', '/version', '/metrics', '/nosuch', '/pool/', '//pool', '/pool/../query', `/${'a/'.repeat(200)}`]), body: () => (rand() < 0.5 ? null : bytes(64)) }),
        load,
        load,
        load,
      ];
      return pick(all)();
    };
    const accepts = ['application/json', 'application/x-zson', 'application/x-zng', 'application/x-zjson', 'text/csv', 'application/x-parquet', 'application/vnd.apache.arrow.stream', 'application/x-vng', '*/*', 'garbage/type', 'application/x-zeek', 'text/plain'];
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let done = 0;
    let next = 0;
    const worker = async () => {
      while (next < REQUESTS) {
        const n = next++;
        const r = routes();
        const headers: Record<string, string> = { Accept: pick(accepts) };
        if (r.type !== undefined) headers['Content-Type'] = rand() < 0.9 ? r.type : pick(['text/plain', 'application/octet-stream', 'x/y']);
        if (rand() < 0.1) headers['Zed-Api-Version'] = pick(['1.2.0', '1.6.0', '1.8.0', 'latest', '9.9.9', 'v1']);
        if (rand() < 0.05) headers['Content-Encoding'] = 'gzip';
        if (rand() < 0.05) headers.Authorization = pick(['Bearer x', 'Basic zz', 'Bearer ' + 'a'.repeat(5000)]);
        if (rand() < 0.05) headers['Zed-Commit'] = pick(['{author:"a",body:"b"}', '{', '']);
        if (rand() < 0.03) headers['X-Request-ID'] = 'r'.repeat(Math.floor(rand() * 500));
        let a: Answer;
        try {
          a = await send(new URL(srv.url), r.method, r.path, headers, r.body());
        } catch (e) {
          failures.push(`#${n} ${r.method} ${r.path}: ${e instanceof Error ? e.message : String(e)}`);
          continue;
        }
        done++;
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        if (a.status >= 500) {
          let msg = '';
          try {
            msg = (JSON.parse(a.body) as { error?: string }).error ?? '';
          } catch {
            msg = a.body.slice(0, 200);
          }
          if (!DOCUMENTED_5XX.some((re) => re.test(msg))) failures.push(`#${n} ${r.method} ${r.path} -> ${a.status}: ${msg}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures.slice(0, 20)).toEqual([]);
    expect(done).toBe(REQUESTS);
    // The requests reached the handlers: many succeed, many are refused as bad input.
    console.log(`request fuzz: statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((x, y) => x[0] - y[0])))}`);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(REQUESTS / 20);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(REQUESTS / 10);
    expect(await (await fetch(`${srv.url}/status`)).text()).toBe('ok');
    // Within its bound: far under the 1 GiB a single query may hold.
    expect(srv.memory().rss).toBeLessThan(1.5 * 2 ** 30);
  }, 1_200_000);
});
