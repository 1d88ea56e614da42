// The web console served by the Workers entry (the bundle, on Miniflare's
// workerd with a local R2 bucket and D1 database), in headless Chromium:
// the same page as `zlake serve` gives, checked in the DOM and by a
// screenshot of the pools view set beside one of the Node server's
// (same pixel size, PNG bytes within a tenth), then a query from the
// lazily loaded editor, a pool made from the page, and another client's
// commit heard live through the event hub (the Durable Object of
// wrangler.toml).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestWorker, type BuiltWorker } from '../support/worker-miniflare.js';
import { launchBrowser, type TestBrowser } from '../console/browser.js';
import { testServer, type TestServer } from '../service/server.js';

let worker: string;
let built: BuiltWorker;
let node: TestServer;
let browser: TestBrowser;

/** Width and height of a PNG (its IHDR chunk). */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** A pool of a few time-keyed values, made the same way on both servers. */
async function createPool(base: string, name: string): Promise<void> {
  const r = await fetch(new URL('/pool', base), {
    method: 'POST',
    body: JSON.stringify({ name, layout: { order: 'asc', keys: [['ts']] } }),
    headers: { 'Content-Type': 'application/json' },
  });
  expect(r.status).toBe(200);
  await r.arrayBuffer();
  const l = await fetch(new URL(`/pool/${name}/branch/main`, base), {
    method: 'POST',
    body: '{ts:2024-01-01T00:00:00Z,n:1,r:{a:"x"}}\n{ts:2024-01-01T06:00:00Z,n:2,r:{a:"y"}}\n',
    headers: { 'Content-Type': 'application/x-zson' },
  });
  expect(l.status).toBe(200);
  await l.arrayBuffer();
}

/** The pools view once listed and its event feed live (on Workers through the event hub's Durable Object). */
async function poolsView(base: string): Promise<Page> {
  const page = await browser.page(base, { width: 1024, height: 600 });
  await page.waitForSelector('table.pools');
  await page.waitForFunction(() => document.querySelector('[data-testid=feed-state]')?.textContent === 'Live');
  return page;
}

beforeAll(async () => {
  built = await buildTestWorker('zlake-worker-console-');
  const w = await built.start();
  worker = `${w.url}/`;
  node = await testServer();
  for (const base of [worker, node.url]) await createPool(base, 'logs');
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await node?.stop();
  await built?.dispose();
});

describe('the console on Workers', () => {
  it('serves the page and its files from the Worker, gzipped once', async () => {
    const page = await fetch(worker);
    expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<title>Zed lake service</title>');
    const script = /src="(console\/[^"]+\.js)"/.exec(html)![1]!;
    // fetch inflates gzip once: a body gzipped twice would not read as JavaScript.
    const js = await fetch(new URL(script, worker), { headers: { 'Accept-Encoding': 'gzip' } });
    expect(js.status).toBe(200);
    expect(js.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const text = await js.text();
    expect(text.startsWith('import') || text.startsWith('var') || text.startsWith('function') || text.includes('export')).toBe(true);
    expect(text).toBe(await (await fetch(new URL(script, node.url))).text());
  });

  it('shows the pools view as zlake serve does: same DOM, a screenshot of the same size', async () => {
    const onWorker = await poolsView(worker);
    const onNode = await poolsView(node.url);
    expect(await onWorker.title()).toBe('Zed lake service');
    const rows: (string | null)[][] = [];
    for (const p of [onWorker, onNode]) {
      expect(await p.$$eval('header nav a', (as) => as.map((a) => a.textContent))).toEqual(['Pools', 'Query']);
      expect(await p.$$eval('table.pools tbody th', (ths) => ths.map((t) => t.textContent))).toEqual(['logs']);
      expect(await p.isVisible('form.create-pool')).toBe(true);
      rows.push(await p.$$eval('tr[data-drop-pool="logs"] td', (tds) => tds.slice(0, 3).map((t) => t.textContent)));
    }
    // Key, size (the same data object on R2 as on disk) and span.
    expect(rows[0]).toEqual(rows[1]);
    expect(rows[0]![0]).toBe('ts asc');
    expect(rows[0]![2]).toBe('2024-01-01 00:00:00 UTC – 2024-01-01 06:00:00 UTC');
    const a = await onWorker.screenshot();
    const b = await onNode.screenshot();
    expect(pngSize(a)).toEqual({ width: 1024, height: 600 });
    expect(pngSize(b)).toEqual(pngSize(a));
    expect(Math.abs(a.length - b.length) / b.length).toBeLessThan(0.1);
  });

  it('runs a query from the lazily loaded editor and creates a pool from the page', async () => {
    const page = await poolsView(worker);
    await page.click('nav >> text=Query');
    await page.waitForSelector('.cm-content');
    await page.click('.cm-content');
    await page.keyboard.insertText('from logs | sort ts');
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid=query-status]')?.textContent === 'Done');
    expect(await page.$$eval('[role=columnheader]', (hs) => hs.map((h) => h.textContent))).toEqual(['ts', 'n', 'r.a']);
    expect(await page.$$eval('.grid-body [role=cell]', (cs) => cs.map((c) => c.textContent))).toEqual(['2024-01-01T00:00:00Z', '1', 'x', '2024-01-01T06:00:00Z', '2', 'y']);
    await page.waitForSelector('.chart canvas');

    await page.click('nav >> text=Pools');
    await page.fill('input[name=name]', 'made-on-workers');
    await page.click('button:has-text("Create")');
    await page.waitForSelector('tr[data-drop-pool="made-on-workers"]');
    const r = await fetch(new URL('/query', worker), { method: 'POST', body: JSON.stringify({ query: 'from :pools | sort name | yield name' }), headers: { Accept: 'application/json', 'Content-Type': 'application/json' } });
    expect(await r.json()).toEqual(['logs', 'made-on-workers']);
  });

  it("shows another client's commit, heard through the Worker's event hub, with no reload", async () => {
    const page = await poolsView(worker);
    await page.click('table.pools >> text=logs');
    await page.waitForSelector('table.commits');
    await page.waitForFunction(() => document.querySelector('[data-testid=feed-state]')?.textContent === 'Live');
    const before = await page.$$eval('table.commits tbody tr', (rs) => rs.length);
    // Another client loads into logs (another request, so maybe another isolate); the hub tells the page.
    const r = await fetch(new URL('/pool/logs/branch/main', worker), {
      method: 'POST',
      body: '{ts:2024-01-02T00:00:00Z,n:3,r:{a:"z"}}\n',
      headers: { 'Content-Type': 'application/x-zson', Accept: 'application/json', 'Zed-Commit': '{"author":"someone else","body":"a load from elsewhere"}' },
    });
    expect(r.status).toBe(200);
    const { commit } = (await r.json()) as { commit: string };
    await page.waitForSelector(`table.commits tr[data-commit="${commit}"]`);
    expect(await page.$$eval('table.commits tbody tr', (rs) => rs.length)).toBe(before + 1);
    const row = await page.$$eval(`table.commits tr[data-commit="${commit}"] td`, (tds) => tds.map((t) => t.textContent));
    expect(row[1]).toBe('someone else');
    expect(row[3]).toBe('a load from elsewhere');
    expect(await page.textContent('.notices')).toContain('New commit on pool "logs", branch "main"');
  });
});
