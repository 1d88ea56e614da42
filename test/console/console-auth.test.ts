// The web console with API tokens on (`zlake serve -auth.tokens`), in
// headless Chromium: a 401 asks for a token, a refused token says so, and
// the actions a token may not take are absent from the page (a drop on a
// pool it may only read sends nothing).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiTokens, parseScope } from '../../src/index.js';
import { testServer, type TestServer } from '../service/server.js';
import { dropFile, launchBrowser, type TestBrowser } from './browser.js';

let s: TestServer;
let browser: TestBrowser;
let tokens: ApiTokens;
let admin: string;
const ids: Record<string, string> = {};

async function token(name: string, ...scopes: string[]): Promise<string> {
  return (await tokens.create(name, scopes.map(parseScope), null)).token;
}

async function signIn(page: Page, t: string): Promise<void> {
  await page.waitForSelector('.token-prompt');
  await page.fill('input[name=token]', t);
  await page.keyboard.press('Enter');
}

/** What the page may show of a pool row's actions. */
async function rowButtons(page: Page, pool: string): Promise<string[]> {
  return page.$$eval(`tr[data-drop-pool="${pool}"] button`, (bs) => bs.map((b) => b.textContent ?? ''));
}

beforeAll(async () => {
  s = await testServer({ auth: { tokens: true } });
  tokens = new ApiTokens(s.opened.tokens, { now: () => BigInt(Date.now()) * 1_000_000n });
  admin = await token('root', '*:admin');
  const auth = { Authorization: `Bearer ${admin}` };
  for (const name of ['logs', 'other']) {
    const r = await s.post('/pool', { name, layout: { order: 'asc', keys: [['ts']] } }, { ...auth, Accept: 'application/json' });
    expect(r.status).toBe(200);
    ids[name] = ((await r.json()) as { pool: { id: string } }).pool.id;
    const l = await s.req(`/pool/${name}/branch/main`, { method: 'POST', body: '{ts:1,a:1}\n{ts:2,a:2}\n', headers: { ...auth, 'Content-Type': 'application/x-zson' } });
    expect(l.status).toBe(200);
  }
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

describe('the console with API tokens', () => {
  it('asks for a token, says when one is refused, and starts with a good one', async () => {
    const page = await browser.page(s.url);
    await page.waitForSelector('.token-prompt');
    expect(await page.textContent('.token-prompt [role=alert]')).toContain('The service asks for credentials');
    if (process.env.ZLAKE_SCREENSHOTS !== undefined) {
      mkdirSync(process.env.ZLAKE_SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(process.env.ZLAKE_SCREENSHOTS, 'console-token.png') });
    }
    await signIn(page, 'zlake_0000000000000000_not-a-token');
    await page.waitForFunction(() => document.querySelector('.token-prompt [role=alert]')?.textContent?.includes('refused the token') === true);
    expect(await page.textContent('.token-prompt [role=alert]')).toContain('invalid API token');
    await signIn(page, admin);
    await page.waitForSelector('table.pools');
    expect(await rowButtons(page, 'logs')).toEqual(['Load…', 'Rename', 'Drop']);
    expect(await page.isVisible('form.create-pool')).toBe(true);
  });

  it('hides every write from a read-only token, and a drop on a pool sends nothing', async () => {
    const reader = await token('reader', '*:read');
    const page = await browser.page(s.url);
    const sent: Request[] = [];
    page.on('request', (r) => sent.push(r));
    await signIn(page, reader);
    await page.waitForSelector('table.pools');
    expect(await page.$$eval('table.pools tbody th', (ths) => ths.map((t) => t.textContent))).toEqual(['logs', 'other']);
    expect(await page.$('form.create-pool')).toBeNull();
    expect(await rowButtons(page, 'logs')).toEqual([]);
    expect(await rowButtons(page, 'other')).toEqual([]);
    await dropFile(page, 'tr[data-drop-pool="logs"]', 'x.json', '{"ts":3}');
    await page.waitForTimeout(500);
    expect(await page.$('[data-testid=load-result], .load-status')).toBeNull();

    await page.click('a:has-text("logs")');
    await page.waitForSelector('table.commits');
    expect(await page.$$eval('table.commits button, .branch-list button.small', (bs) => bs.length)).toBe(0);
    expect(await page.textContent('main')).not.toContain('Drop files here');

    await page.click('nav >> text=Query');
    await page.waitForSelector('.cm-content');
    await page.click('.cm-content');
    await page.keyboard.insertText('from logs | count()');
    await page.keyboard.press('Control+Enter');
    await page.waitForSelector('.grid-body [role=cell]');
    expect(await page.textContent('.grid-body [role=cell]')).toBe('2');
    // Reads only: GETs and queries, never a write.
    const writes = sent.filter((r) => r.method() !== 'GET' && !new URL(r.url()).pathname.startsWith('/query'));
    expect(writes.map((r) => `${r.method()} ${new URL(r.url()).pathname}`)).toEqual([]);
  });

  it('shows a token that may write one pool the loads, reverts and merges of that pool alone', async () => {
    const writer = await token('writer', 'logs:write', '*:read');
    const page = await browser.page(s.url);
    await signIn(page, writer);
    await page.waitForSelector('table.pools');
    expect(await page.$('form.create-pool')).toBeNull();
    expect(await rowButtons(page, 'logs')).toEqual(['Load…']);
    expect(await rowButtons(page, 'other')).toEqual([]);
    await page.goto(`${s.url}/#/pools/${ids.logs}`);
    await page.waitForSelector('table.commits');
    expect(await page.$$eval('table.commits button', (bs) => bs.map((b) => b.textContent))).toEqual(['Revert']);
    expect(await page.textContent('main')).toContain('Drop files here');
    await page.goto(`${s.url}/#/pools/${ids.other}`);
    await page.waitForFunction(() => document.querySelector('#pool-title')?.textContent === 'other');
    await page.waitForSelector('table.commits');
    expect(await page.$$eval('table.commits button', (bs) => bs.length)).toBe(0);
  });
});
