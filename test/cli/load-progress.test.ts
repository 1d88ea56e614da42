// `zlake load`'s progress line, as Zed's `zed load` draws it (issue #18):
// through a pseudo-terminal (script(1)), a 300 MB load redraws
// `(done/n) read/total rate/s pct%` in place, at least once a second; -q
// silences it; with stderr not a terminal nothing is drawn; a long
// `zlake zq` over a file prints its result and nothing more.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abbrevBytes } from '../../adapters/node/load-progress.js';
import { BIN, zlake } from '../support/zlake.js';

const ERASE = '\x1b[1A\x1b[2K';
const SIZE = 300_000_000;

let dir: string;
let big: string;
let records: number;
let lake: string;

/** A command run on a pseudo-terminal; its output with the time each chunk arrived. */
async function onTerminal(args: readonly string[]): Promise<{ text: string; chunks: { at: number; text: string }[]; status: number | null }> {
  const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const p = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: { at: number; text: string }[] = [];
  p.stdout.setEncoding('utf8').on('data', (d: string) => chunks.push({ at: performance.now(), text: d }));
  const [status] = (await once(p, 'close')) as [number | null];
  return { text: chunks.map((c) => c.text).join(''), chunks, status };
}

/** Writes `bytes` of NDJSON to `path` as a stream (the file is never held in memory); returns the records written. */
async function writeNdjson(path: string, bytes: number): Promise<number> {
  const out = createWriteStream(path);
  let n = 0;
  let written = 0;
  while (written < bytes) {
    let s = '';
    for (let i = 0; i < 2000; i++, n++) s += `{"ts":${n},"host":"h${n % 97}","msg":"message number ${n} with some padding text"}\n`;
    written += s.length;
    if (!out.write(s)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return n;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'zlake-progress-'));
  big = join(dir, 'big.ndjson');
  records = await writeNdjson(big, SIZE);
  lake = join(dir, 'lake');
  expect(zlake(['init', '-lake', lake]).status).toBe(0);
  expect(zlake(['create', '-lake', lake, '-orderby', 'ts:asc', 'big']).status).toBe(0);
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('abbrevBytes', () => {
  it("writes sizes as Zed's units.Bytes.Abbrev does", () => {
    expect([0, 85, 9999, 10_000, 12_345, 1_000_000, 300_059_260, 2e9, 1.5e15].map(abbrevBytes)).toEqual([
      '0B',
      '85B',
      '9999B',
      '10KB',
      '12.35KB',
      '1MB',
      '300.06MB',
      '2GB',
      '1.50PB',
    ]);
  });
});

describe('zlake load on a terminal', () => {
  it('redraws a progress line at least once a second through a 300 MB load, then says the commit', async () => {
    const size = statSync(big).size;
    const total = abbrevBytes(size);
    const run = await onTerminal(['load', '-lake', lake, '-use', 'big', big]);
    expect(run.status).toBe(0);
    // Lines end \r\n on a terminal; each redraw erases the line before.
    const lines = run.text.split('\r\n').filter((l) => l !== '');
    const committed = lines.pop()!;
    expect(committed).toMatch(/^[0-9A-Za-z]{27} committed$/);
    const progress = lines.map((l) => l.replace(ERASE, ''));
    expect(lines.slice(1).every((l) => l.startsWith(ERASE))).toBe(true);
    const shape = new RegExp(`^\\((0|1)/1\\) (\\d+(?:\\.\\d\\d)?[KMG]?B)/${total.replace('.', '\\.')} \\d+(?:\\.\\d\\d)?[KMG]?B/s (\\d+\\.\\d\\d)%$`);
    for (const l of progress) expect(l).toMatch(shape);
    expect(progress.at(-1)).toMatch(new RegExp(`^\\(1/1\\) ${total.replace('.', '\\.')}/${total.replace('.', '\\.')} .* 100\\.00%$`));
    // The percentage never goes back.
    const pct = progress.map((l) => Number(shape.exec(l)![3]));
    expect(pct.every((p, i) => i === 0 || p >= pct[i - 1]!)).toBe(true);
    // Redraws against the time between the first line and the last: one a second at least (Zed: two).
    const drawn = run.chunks.filter((c) => c.text.includes('%'));
    const seconds = (drawn.at(-1)!.at - drawn[0]!.at) / 1000;
    const redraws = run.text.split(ERASE).length - 1;
    expect(seconds).toBeGreaterThan(2);
    expect(redraws).toBeGreaterThanOrEqual(Math.floor(seconds));
    // And the data is in the lake.
    expect(zlake(['query', '-lake', lake, '-z', 'from big | count()']).stdout).toBe(`${records}(uint64)\n`);
  }, 300_000);

  it('says the commit after the last progress line of a quick load, every time', async () => {
    // The drawing thread once let the process end before the commit line (a
    // stopped, unref'd worker kept nothing alive): most quick loads lost it.
    const quick = join(dir, 'quick.ndjson');
    await writeNdjson(quick, 1_000_000);
    for (let i = 0; i < 6; i++) {
      const run = await onTerminal(['load', '-lake', lake, '-use', 'big', quick]);
      expect(run.status).toBe(0);
      const lines = run.text.split('\r\n').filter((l) => l !== '');
      expect(lines.at(-1)).toMatch(/^[0-9A-Za-z]{27} committed$/);
      expect(lines.at(-2)).toMatch(/^(\x1b\[1A\x1b\[2K)?\(1\/1\) .* 100\.00%$/);
    }
  }, 120_000);

  it('draws nothing with -q, and nothing when stderr is not a terminal', async () => {
    const small = join(dir, 'small.ndjson');
    await writeNdjson(small, 10_000);
    const quiet = await onTerminal(['load', '-q', '-lake', lake, '-use', 'big', small]);
    expect(quiet.status).toBe(0);
    expect(quiet.text).toBe('');
    const piped = zlake(['load', '-lake', lake, '-use', 'big', small]);
    expect(piped.status).toBe(0);
    expect(piped.stderr).toBe('');
    expect(piped.stdout).toMatch(/^[0-9A-Za-z]{27} committed\n$/);
  }, 120_000);
});

describe('zlake zq on a terminal', () => {
  it('prints its result and nothing more over a 300 MB file', async () => {
    const run = await onTerminal(['zq', '-z', 'count()', big]);
    expect(run.status).toBe(0);
    expect(run.text).toBe(`${records}(uint64)\r\n`);
  }, 300_000);
});
