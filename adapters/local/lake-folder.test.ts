// A folder lake laid out as Zed's: lake.zng checked as Zed checks it, pools'
// objects at the root; a lake made with objects under data/ keeps them there.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeZng, encodeZng, TypeContext } from '../../src/index.js';
import { formatValue, parseZsonValue } from '../../src/zson/index.js';
import { openLocalLake } from './lake.js';
import { openLakeFolder } from './lake-folder.js';
import { zson } from '../../test/lake/helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'zlake-folder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('folder lakes', () => {
  it('write lake.zng as Zed does and keep each pool`s objects under <pool>/data/ at the root', async () => {
    const root = join(dir, 'new');
    const l = await openLocalLake(root);
    try {
      await l.lake.createPool('p', { layout: { order: 'asc', keys: [['ts']] } });
      await l.lake.load('p', 'main', zson('{ts:1}{ts:2}'));
    } finally {
      l.close();
    }
    expect(decodeZng(readFileSync(join(root, 'lake.zng')), new TypeContext()).map((v) => formatValue(v))).toEqual(['{magic:"ZED LAKE",version:3}(=lake.LakeMagic)']);
    const pools = readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(pools).toHaveLength(1);
    const files = readdirSync(join(root, pools[0]!, 'data'));
    expect(files.filter((f) => f.endsWith('-seek.zng'))).toHaveLength(1);
    // Opened again, it reads the same.
    const again = await openLocalLake(root);
    try {
      expect((await again.lake.objects('p', 'main')).length).toBe(1);
    } finally {
      again.close();
    }
  });

  it('keep the objects of a lake made with a data/ folder in it', () => {
    const root = join(dir, 'old');
    mkdirSync(join(root, 'data'), { recursive: true });
    expect(openLakeFolder(root)).toBe(join(root, 'data'));
    expect(openLakeFolder(join(dir, 'fresh'))).toBe(join(dir, 'fresh'));
  });

  it('refuse lake.zng of another version or magic, or of more than one value, with Zed`s errors', () => {
    const cases: [string[], string][] = [
      [['{magic:"ZED LAKE",version:1}'], 'unsupported lake version: found version 1 while expecting 3'],
      [['{magic:"NOT A LAKE",version:3}'], 'corrupt lake version file: magic "NOT A LAKE" should be "ZED LAKE"'],
      [['{magic:"ZED LAKE",version:3}', '{magic:"ZED LAKE",version:3}'], 'corrupt lake version file: more than one Zed value'],
    ];
    cases.forEach(([texts, want], k) => {
      const root = join(dir, `bad-${k}`);
      mkdirSync(root, { recursive: true });
      const ctx = new TypeContext();
      writeFileSync(join(root, 'lake.zng'), encodeZng(texts.map((t) => parseZsonValue(t, ctx))));
      expect(() => openLakeFolder(root)).toThrow(want);
    });
  });
});
