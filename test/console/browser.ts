// Headless Chromium from Debian's package (.ci/run installs it), driven by
// playwright-core, for the web console's tests. The flags keep Chromium
// off the network it would reach on its own (this machine has none: its
// refused connections otherwise come by the dozen), and every browser
// gets a new empty profile (playwright's launch makes a fresh
// --user-data-dir in the temp folder and removes it when it closes).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.ZLAKE_CHROMIUM ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface TestBrowser {
  readonly browser: Browser;
  /** A new page in a new context (its own storage), at `url`. */
  page(url: string, opts?: { colorScheme?: 'light' | 'dark'; width?: number; height?: number }): Promise<Page>;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: install it with "apt-get install -y chromium" (.ci/run does)`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true, timeout: 60_000 });
  const contexts: BrowserContext[] = [];
  return {
    browser,
    async page(url, opts = {}) {
      const ctx = await browser.newContext({
        viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
        colorScheme: opts.colorScheme ?? 'light',
      });
      contexts.push(ctx);
      const page = await ctx.newPage();
      if (process.env.ZLAKE_BROWSER_LOG !== undefined) page.on('console', (m) => console.log('browser:', m.type(), m.text()));
      page.setDefaultTimeout(30_000);
      await page.goto(url);
      return page;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
    },
  };
}

/** Drops a file with `name` and `content` on the element `selector` names, as a drag from the desktop does. */
export async function dropFile(page: Page, selector: string, name: string, content: string, type = ''): Promise<void> {
  const data = await page.evaluateHandle(
    ({ name, content, type }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([content], name, { type }));
      return dt;
    },
    { name, content, type },
  );
  for (const ev of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent(selector, ev, { dataTransfer: data });
}
