// The web console in headless Chromium against a real `zlake serve` (the
// built binary): a pool made and loaded by drag and drop, a query read back
// from the grid, a chart, a compile error marked in the editor, a long
// query canceled (and stopped on the server), another client's commit
// arriving through the event feed, and a dropped connection said in the
// page. With ZLAKE_SCREENSHOTS=<dir> it saves the screenshots that the
// README shows (docs/).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startServe, type ServeProcess } from '../hostile/serve-process.js';
import { dropFile, launchBrowser, type TestBrowser } from './browser.js';

const SHOTS = process.env.ZLAKE_SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS === undefined) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Hours of 2024-01-01 as ZSON records with a time key, a number and a nested record. */
function zsonRows(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    const ts = new Date(Date.UTC(2024, 0, 1, 0, i * 20)).toISOString();
    out += `{ts:${ts},n:${i},host:{name:"h${i % 3}",up:${i % 2 === 0}}}\n`;
  }
  return out;
}

/** Types text into the query editor, replacing what it holds. */
async function typeQuery(page: Page, text: string): Promise<void> {
  await page.click('.cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** The requests that may change something: every method but GET, except queries (POST /query reads). */
function writes(log: readonly Request[]): string[] {
  return log.filter((r) => r.method() !== 'GET' && !new URL(r.url()).pathname.startsWith('/query')).map((r) => `${r.method()} ${new URL(r.url()).pathname}`);
}

let srv: ServeProcess;
let browser: TestBrowser;

beforeAll(async () => {
  srv = await startServe();
  // A pool for the long query: a self-join of 2000 values runs for minutes.
  await srv.pool('j', Array.from({ length: 2000 }, (_, i) => JSON.stringify({ ts: i, k: i % 3, s: `value ${i}` })));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await srv?.stop();
});

describe('the console in Chromium', () => {
  it('creates a pool, loads a dropped file, and reads a query back from the grid and a chart', async () => {
    const page = await browser.page(srv.url);
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.waitForSelector('table.pools');
    expect(await page.title()).toBe('Zed lake service');
    // Opening views sends no write.
    await page.click('nav >> text=Query');
    await page.waitForSelector('.cm-content');
    await page.click('nav >> text=Pools');
    expect(writes(requests)).toEqual([]);

    await page.fill('input[name=name]', 'logs');
    await page.fill('input[name=key]', 'ts');
    await page.selectOption('select[name=order]', 'asc');
    await page.click('button:has-text("Create")');
    await page.waitForSelector('tr[data-drop-pool="logs"]');
    await dropFile(page, 'tr[data-drop-pool="logs"]', 'logs.zson', zsonRows(12));
    const result = await page.waitForSelector('tr[data-drop-pool="logs"] [data-testid=load-result]');
    const commit = (await result.$eval('.commit-id', (e) => e.textContent)) ?? '';
    expect(commit).toMatch(/^0x[0-9a-f]{40}$/);
    expect(writes(requests)).toEqual(['POST /pool', `POST /pool/${await poolIdHex('logs')}/branch/main`]);
    // The commit is the branch's tip, and the size and span show in the list.
    const tip = (await (await fetch(`${srv.url}/pool/logs/branch/main`, { headers: { Accept: 'application/json' } })).json()) as { commit: string };
    expect(tip.commit).toBe(commit);
    await page.waitForFunction(() => document.querySelector('tr[data-drop-pool="logs"] td:nth-of-type(2)')?.textContent?.endsWith('B'));
    expect(await page.textContent('tr[data-drop-pool="logs"] td:nth-of-type(3)')).toBe('2024-01-01 00:00:00 UTC – 2024-01-01 03:40:00 UTC');
    await shot(page, 'console-pools');

    await page.click('nav >> text=Query');
    await page.selectOption('select[name=pool]', { label: 'logs' });
    await typeQuery(page, 'sort n | head 3');
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid=query-status]')?.textContent === 'Done');
    const heads = await page.$$eval('[role=columnheader]', (es) => es.map((e) => e.textContent));
    expect(heads).toEqual(['ts', 'n', 'host.name', 'host.up']);
    const rows = await page.$$eval('.grid-body [role=row]', (rs) => rs.map((r) => Array.from(r.querySelectorAll('[role=cell]')).map((c) => c.textContent)));
    expect(rows).toEqual([
      ['2024-01-01T00:00:00Z', '0', 'h0', 'true'],
      ['2024-01-01T00:20:00Z', '1', 'h1', 'false'],
      ['2024-01-01T00:40:00Z', '2', 'h2', 'true'],
    ]);
    // Types on hover, stats at the bottom.
    expect(await page.getAttribute('.grid-body [role=row] [role=cell]:nth-child(2)', 'title')).toBe('int64');
    expect(await page.getAttribute('.grid-body [role=row] [role=cell]:nth-child(1)', 'title')).toBe('time');
    expect(await page.textContent('footer.stats')).toContain('12 records read');

    await typeQuery(page, 'count() by every(1h) | sort ts');
    await page.click('button:has-text("Run")');
    await page.waitForSelector('.chart canvas');
    expect(await page.getAttribute('.chart', 'aria-label')).toBe('Chart of count over ts');
    expect(await page.$$eval('.grid-body [role=row]', (rs) => rs.map((r) => r.querySelector('[role=cell]:nth-child(2)')?.textContent))).toEqual(['3', '3', '3', '3']);
    await shot(page, 'console-query');
    expect(writes(requests)).toHaveLength(2);
  });

  it('renders only the rows in view of a large result, and the later ones as it scrolls', async () => {
    const page = await browser.page(`${srv.url}/#/query`);
    await page.waitForSelector('.cm-content');
    await typeQuery(page, 'from j | sort ts | yield {ts, s}');
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid=query-status]')?.textContent === 'Done');
    expect(await page.getAttribute('.grid', 'aria-rowcount')).toBe('2001');
    expect(await page.$$eval('.grid-body [role=row]', (rs) => rs.length)).toBeLessThan(60);
    await page.$eval('.grid', (g) => (g.scrollTop = g.scrollHeight));
    await page.waitForFunction(() => Array.from(document.querySelectorAll('.grid-body [role=row]')).some((r) => r.querySelector('[role=cell]')?.textContent === '1999'));
    expect(await page.$$eval('.grid-body [role=row]', (rs) => rs.length)).toBeLessThan(60);
  });

  it('marks a compile error at its line and column', async () => {
    const page = await browser.page(`${srv.url}/#/query`);
    await page.waitForSelector('.cm-content');
    await typeQuery(page, 'from logs\n| yield {a:1\n| count(');
    await page.keyboard.press('Control+Enter');
    await page.waitForSelector('.cm-lintRange-error, .cm-lintPoint-error', { state: 'attached' });
    const errors = await page.textContent('.compile-errors');
    expect(errors).toMatch(/^line \d+, column \d+: error parsing Zed$/);
    expect(await page.textContent('[data-testid=query-status]')).toBe('Failed');
    // A query that compiles but names a missing pool is marked too (semantic errors carry positions).
    await typeQuery(page, 'from nosuch | count()');
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction(() => document.querySelector('.compile-errors')?.textContent?.includes('nosuch'));
    expect(await page.textContent('.compile-errors')).toMatch(/^line 1, column 6: /);
    await shot(page, 'console-error');
  });

  it('cancels a long query: the page says so and the server stops it', async () => {
    const page = await browser.page(`${srv.url}/#/query`);
    await page.waitForSelector('.cm-content');
    await typeQuery(page, 'from j | join (from j) on k=k x:=s | join (from j) on k=k y:=s | count()');
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid=query-status]')?.textContent === 'Running…');
    const id = (await page.textContent('[data-testid=request-id]')) ?? '';
    await sleep(1500);
    const busy = srv.cpuSeconds();
    await page.click('button:has-text("Cancel")');
    await page.waitForFunction(() => document.querySelector('[data-testid=query-status]')?.textContent === 'Canceled');
    expect(await page.textContent('.query-view')).toContain('Query canceled.');
    // /query/status waits for the query's end: it answers only because the query stopped.
    const status = await fetch(`${srv.url}/query/status/${encodeURIComponent(id)}`, { headers: { Accept: 'application/json' } });
    expect(status.status).toBe(200);
    await sleep(500);
    const after = srv.cpuSeconds();
    await sleep(2000);
    expect(srv.cpuSeconds() - after).toBeLessThan(0.2);
    expect(after).toBeGreaterThan(busy - 0.001);
  });

  it("shows another client's commit, heard through the event feed, with no reload", async () => {
    const id = await poolIdHex('logs');
    const page = await browser.page(`${srv.url}/#/pools/${id}`);
    await page.waitForSelector('table.commits');
    await page.waitForFunction(() => document.querySelector('[data-testid=feed-state]')?.textContent === 'Live');
    const before = await page.$$eval('table.commits tbody tr', (rs) => rs.length);
    const r = await fetch(`${srv.url}/pool/logs/branch/main`, {
      method: 'POST',
      body: '{ts:2024-01-02T00:00:00Z,n:100,host:{name:"other",up:true}}\n',
      headers: { 'Content-Type': 'application/x-zson', Accept: 'application/json', 'Zed-Commit': '{"author":"someone else","body":"a load from elsewhere"}' },
    });
    const { commit } = (await r.json()) as { commit: string };
    await page.waitForSelector(`table.commits tr[data-commit="${commit}"]`);
    expect(await page.$$eval('table.commits tbody tr', (rs) => rs.length)).toBe(before + 1);
    const row = await page.$$eval(`table.commits tr[data-commit="${commit}"] td`, (tds) => tds.map((t) => t.textContent));
    expect(row[1]).toBe('someone else');
    expect(row[3]).toBe('a load from elsewhere');
    expect(row[4]).toBe('+1');
    expect(await page.textContent('.notices')).toContain('New commit on pool "logs", branch "main"');
    await shot(page, 'console-pool');
  });

  it('merges a branch and reverts a commit, each only after its confirmation', async () => {
    const id = await poolIdHex('logs');
    const tip = (await (await fetch(`${srv.url}/pool/logs/branch/main`, { headers: { Accept: 'application/json' } })).json()) as { commit: string };
    expect((await srv.post(`/pool/logs`, { name: 'dev', commit: tip.commit })).status).toBe(200);
    const load = await fetch(`${srv.url}/pool/logs/branch/dev`, { method: 'POST', body: '{ts:2024-01-03T00:00:00Z,n:200,host:{name:"dev",up:true}}\n', headers: { 'Content-Type': 'application/x-zson' } });
    expect(load.status).toBe(200);
    const page = await browser.page(`${srv.url}/#/pools/${id}`);
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.waitForSelector('.branch-list button:has-text("Merge into main")');
    await page.click('.branch-list button:has-text("Merge into main")');
    await page.waitForSelector('dialog[open]');
    expect(await page.textContent('dialog h2')).toBe('Merge branch');
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog[open]', { state: 'detached' });
    expect(writes(requests)).toEqual([]);
    await page.click('.branch-list button:has-text("Merge into main")');
    await page.click('dialog button:has-text("Merge")');
    await page.waitForFunction(() => document.querySelector('table.commits tbody tr td.message')?.textContent === 'merged "dev" into "main"');
    expect(writes(requests)).toEqual([`POST /pool/${id}/branch/main/merge/dev`]);

    const first = await page.getAttribute('table.commits tbody tr', 'data-commit');
    await page.click('table.commits tbody tr >> button:has-text("Revert")');
    await page.waitForSelector('dialog[open]');
    expect(await page.textContent('dialog p')).toContain(first!);
    await page.click('dialog button:has-text("Revert")');
    await page.waitForFunction(() => document.querySelector('table.commits tbody tr td.message')?.textContent?.startsWith('reverted commit') === true);
    expect(writes(requests)).toHaveLength(2);
    expect(writes(requests)[1]).toBe(`POST /pool/${id}/branch/main/revert/${first}`);
  });

  it('keeps to the keyboard: tab to the views, switch themes, run and cancel from the editor', async () => {
    const page = await browser.page(srv.url, { colorScheme: 'dark' });
    await page.waitForSelector('table.pools');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await shot(page, 'console-dark');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    for (let i = 0; i < 10 && (await page.evaluate(() => document.activeElement?.textContent)) !== 'Query'; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.cm-content');
    expect(page.url()).toMatch(/#\/query$/);
    await typeQuery(page, 'from j | join (from j) on k=k x:=s | join (from j) on k=k y:=s | count()');
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid=query-status]')?.textContent === 'Running…');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('[data-testid=query-status]')?.textContent === 'Canceled');
    const toggle = page.locator('header button', { hasText: 'Light' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
  });
});

describe('faults in the console', () => {
  it('says an error that ends a query midway, then a dropped connection, in the page: never a blank page', async () => {
    const lone = await startServe(['-query.timeout', '1s']);
    let stopped = false;
    try {
      await lone.pool('j', Array.from({ length: 2000 }, (_, i) => JSON.stringify({ ts: i, k: i % 3, s: `value ${i}` })));
      const page = await browser.page(`${lone.url}/#/query`);
      await page.waitForSelector('.cm-content');
      await page.waitForFunction(() => document.querySelector('[data-testid=feed-state]')?.textContent === 'Live');
      await typeQuery(page, 'from j | join (from j) on k=k x:=s | join (from j) on k=k y:=s | count()');
      await page.keyboard.press('Control+Enter');
      await page.waitForFunction(() => document.querySelector('[data-testid=query-status]')?.textContent === 'Failed');
      expect(await page.textContent('.query-view [role=alert]')).toBe('The query failed: query exceeded its time limit of 1s');

      stopped = true;
      await lone.stop();
      await page.waitForFunction(() => document.querySelector('[data-testid=feed-state]')?.textContent === 'Reconnecting…');
      expect(await page.textContent('.notices')).toContain('Lost the connection to the lake service');
      await typeQuery(page, 'yield 1');
      await page.keyboard.press('Control+Enter');
      await page.waitForFunction(() => document.querySelector('.query-view [role=alert]')?.textContent?.includes('Cannot reach the lake service') === true);
      expect(await page.textContent('[data-testid=query-status]')).toBe('Failed');
      expect(await page.textContent('header')).toContain('zlake');
    } finally {
      // (stop waits for an exit that a second call would never see)
      if (!stopped) await lone.stop();
    }
  }, 120_000);
});

/** A pool's id in 0x form, from the service. */
async function poolIdHex(name: string): Promise<string> {
  const r = await srv.post('/query', { query: `from :pools | name=='${name}' | yield id` }, { Accept: 'application/json' });
  const [id] = (await r.json()) as string[];
  return id!;
}
