// zq pushes a query's leading filter into its input: JSON lines that cannot
// pass it are skipped before they are parsed (zq -s counts what was read),
// for file operands and for `file` sources alike, and results are unchanged.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, zlake } from '../support/zlake.js';

function recordsRead(stderr: string): number {
  const m = /records_read:(\d+)/.exec(stderr);
  if (m === null) throw new Error(`no stats in ${stderr}`);
  return Number(m[1]);
}

function data(): string {
  let t = '';
  for (let i = 0; i < 200; i++) t += `{"i":${i},"id":{"port":${i % 20 === 0 ? 443 : 80 + i}},"state":"${i % 50 === 0 ? 'RSTOS0' : 'SF'}"}\n`;
  return t;
}

describe('zq filter pushdown into JSON input', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'conn.json'), data());

  it('a search reads only the lines that hold its word', () => {
    const r = zlake(['zq', '-s', '-z', 'rstos0 | yield i', 'conn.json'], '', dir);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('0\n50\n100\n150\n');
    expect(recordsRead(r.stderr)).toBe(4);
  });

  it('a comparison with an integer reads the lines that spell it', () => {
    const r = zlake(['zq', '-s', '-z', 'sort -r i | where id.port == 443 | count()', 'conn.json'], '', dir);
    expect(r.stdout).toBe('10(uint64)\n');
    expect(recordsRead(r.stderr)).toBeLessThan(200);
    expect(recordsRead(r.stderr)).toBeGreaterThanOrEqual(10);
  });

  it('file sources get the filter too', () => {
    const r = zlake(['zq', '-s', '-z', 'file conn.json | state == "RSTOS0" | yield i'], '', dir);
    expect(r.stdout).toBe('0\n50\n100\n150\n');
    expect(recordsRead(r.stderr)).toBe(4);
  });

  it('filters that cannot use raw text read everything', () => {
    const r = zlake(['zq', '-s', '-z', 'where i > 197 | yield i', 'conn.json'], '', dir);
    expect(r.stdout).toBe('198\n199\n');
    expect(recordsRead(r.stderr)).toBe(200);
  });
});
