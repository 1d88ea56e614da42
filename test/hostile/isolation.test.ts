// Heavy, abandoned and runaway queries against a real `zlake serve`: each
// test names what the server did before (#12) and what it must do now.
// Times stated here are generous bounds that hold on a busy two-core
// machine; bench/isolation.mjs measures the real figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentile, queryError, queryLines, sleep, startServe, type ServeProcess } from './serve-process.js';

const rows = (n: number, f: (i: number) => Record<string, unknown>) => Array.from({ length: n }, (_, i) => JSON.stringify(f(i)));
const JOIN = 'from j | join (from j) on k=k x:=s | count()';

describe('query isolation', () => {
  let srv: ServeProcess;

  beforeAll(async () => {
    srv = await startServe();
    await srv.pool('j', rows(2000, (i) => ({ ts: i, k: i % 3, s: `value ${i}` })));
    await srv.pool('g', rows(150_000, (i) => ({ ts: i, k: i % 7, s: `s${(i * 7919) % 150_000}` })));
    await srv.pool('small', rows(10, (i) => ({ ts: i })));
  }, 180_000);

  afterAll(async () => {
    await srv?.stop();
  });

  it('before: a self-join held /status for 21 s; now: /status and /version answer within 1 s (p99) and small queries within 1 s or 5× their time alone, while four heavy queries run', async () => {
    // The small query alone first: on a machine busy with other work it is
    // slower anyway, and the bound below must measure isolation, not the machine.
    const alone: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await queryLines(srv.url, 'from small | count()');
      alone.push(performance.now() - t);
    }
    const smallBound = Math.max(1000, 5 * percentile(alone, 99));
    const heavy = [JOIN, 'from j | join (from j) on k=k y:=ts | count()', 'from g | sort -r s | head 1', 'from g | count() by ts | count()'];
    let running = heavy.length;
    const abort = new AbortController();
    const results = heavy.map((q) => queryLines(srv.url, q, { signal: abort.signal }).finally(() => running--));
    // (Workers for the burst start beside it; a real server has them running already.)
    await sleep(2000);
    const status: number[] = [];
    const version: number[] = [];
    const small: number[] = [];
    let sampledWhileRunning = 0;
    for (let i = 0; i < 40 && running > 0; i++) {
      let t = performance.now();
      expect(await (await fetch(`${srv.url}/status`)).text()).toBe('ok');
      status.push(performance.now() - t);
      t = performance.now();
      expect((await fetch(`${srv.url}/version`)).status).toBe(200);
      version.push(performance.now() - t);
      t = performance.now();
      const r = await queryLines(srv.url, 'from small | count()');
      expect(r.lines.some((l) => (l as { value?: unknown }).value === '10')).toBe(true);
      small.push(performance.now() - t);
      if (running > 0) sampledWhileRunning++;
      await sleep(25);
    }
    try {
      // The samples count only if the heavy queries were still at work.
      expect(sampledWhileRunning).toBeGreaterThanOrEqual(5);
      expect(percentile(status, 99)).toBeLessThan(1000);
      expect(percentile(version, 99)).toBeLessThan(1000);
      expect(percentile(small, 99)).toBeLessThan(smallBound);
      for (const r of await Promise.all(results)) {
        expect(r.status).toBe(200);
        expect(queryError(r.lines)).toBeUndefined();
      }
    } finally {
      // A failed test must not leave its heavy queries to the next one.
      abort.abort();
      await Promise.allSettled(results);
    }
  }, 300_000);

  it('before: a query whose client left ran on for 128 s; now: the server uses no CPU half a second after the disconnect', async () => {
    const abort = new AbortController();
    const r = queryLines(srv.url, 'from j | join (from j) on k=k x:=s | join (from j) on k=k y:=s | count()', { signal: abort.signal }).catch((e: unknown) => e);
    await sleep(1500);
    const busy = srv.cpuSeconds();
    abort.abort();
    const got = await r;
    expect(got, JSON.stringify(got)).toBeInstanceOf(Error);
    await sleep(500);
    const after = srv.cpuSeconds();
    await sleep(2000);
    // Over two seconds an idle server uses a few ticks at most; the query used one core fully.
    expect(srv.cpuSeconds() - after).toBeLessThan(0.2);
    expect(after).toBeGreaterThan(busy - 0.001);
    expect(await (await fetch(`${srv.url}/status`)).text()).toBe('ok');
  }, 120_000);

  it('before: doubling a string 26 times blocked the server, then answered 200 with an empty body; now: an error value says the result is too large', async () => {
    const q = `from small | head 1 | yield "xxxxxxxxxxxxxxxxxxxx" ${'| yield this+this '.repeat(26)}| yield len(this)`;
    const r = await queryLines(srv.url, q);
    expect(r.status).toBe(200);
    expect(queryError(r.lines)).toBeUndefined();
    const data = r.lines.filter((l) => (l as { type?: unknown }).type !== undefined && typeof (l as { type: unknown }).type === 'object');
    expect(JSON.stringify(data)).toContain("'+' operator: result exceeds 128MiB");
  }, 120_000);
});

describe('query time limit', () => {
  let srv: ServeProcess;

  beforeAll(async () => {
    srv = await startServe(['-query.timeout', '2s']);
    await srv.pool('j', rows(2000, (i) => ({ ts: i, k: i % 3, s: `value ${i}` })));
  }, 180_000);

  afterAll(async () => {
    await srv?.stop();
  });

  it('before: no time limit; now: -query.timeout ends a long query with an in-band error, in /query/status too, and its CPU stops', async () => {
    const id = 'timeout-test-1';
    const r = await queryLines(srv.url, 'from j | join (from j) on k=k x:=s | join (from j) on k=k y:=s | count()', { headers: { 'Content-Type': 'application/json', Accept: 'application/x-zjson', 'X-Request-ID': id } });
    expect(r.status).toBe(200);
    expect(queryError(r.lines)).toBe('query exceeded its time limit of 2s');
    const st = await fetch(`${srv.url}/query/status/${id}`, { headers: { Accept: 'application/json' } });
    expect(await st.json()).toEqual({ error: 'query exceeded its time limit of 2s' });
    await sleep(500);
    const after = srv.cpuSeconds();
    await sleep(1500);
    expect(srv.cpuSeconds() - after).toBeLessThan(0.2);
  }, 120_000);
});

describe('query memory limit', () => {
  let srv: ServeProcess;

  beforeAll(async () => {
    srv = await startServe(['-query.memory', '64MiB']);
    await srv.pool('g', rows(50_000, (i) => ({ ts: i, s: `some text ${i}` })));
  }, 180_000);

  afterAll(async () => {
    await srv?.stop();
  });

  it('before: memory followed the query; now: past -query.memory the query fails with a clear error and the server lives on', async () => {
    const r = await queryLines(srv.url, 'from g | yield [this,this,this,this] | yield [this,this,this,this] | yield [this,this,this,this] | tail 100000 | count()');
    expect(r.status).toBe(200);
    expect(queryError(r.lines)).toBe('query exceeded its memory limit of 64MiB');
    const ok = await queryLines(srv.url, 'from g | count()');
    expect(JSON.stringify(ok.lines)).toContain('"50000"');
    // The server's own memory stayed far from what the query asked for.
    expect(srv.memory().peak).toBeLessThan(1.5 * 2 ** 30);
  }, 120_000);

  it('before: a sort over more than memory held it all; now: under a small -query.memory it spills and answers', async () => {
    const r = await queryLines(srv.url, 'from g | sort -r s | head 1 | yield s');
    expect(r.status).toBe(200);
    expect(queryError(r.lines)).toBeUndefined();
    expect(JSON.stringify(r.lines)).toContain('some text 9999');
  }, 120_000);
});
