// Delete by filter (exec/delete-where.ts) on the real local adapter.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteWhere, ksuidHexToBase62, ParseError } from '../../src/index.js';
import { lines, localLake, zson, type TempLake } from './helpers.js';

let l: TempLake;
beforeEach(async () => {
  l = await localLake();
});
afterEach(() => l.dispose());

function thousand(): AsyncIterable<import('../../src/index.js').Batch> {
  let text = '';
  for (let i = 0; i < 1000; i++) text += `{ts:${i},s:"val${i}"}\n`;
  return zson(text);
}

describe('deleteWhere', () => {
  for (const order of ['asc', 'desc'] as const) {
    it(`removes the matching values and keeps the rest (${order} pool)`, async () => {
      const lake = l.lake;
      await lake.createPool('test', { layout: { order, keys: [['ts']] }, threshold: 4000 });
      const loaded = await lake.load('test', 'main', thousand());
      expect(loaded.objects.length).toBeGreaterThan(2);
      await deleteWhere(lake, 'test', 'main', 'ts > 400 and ts <= 500');
      expect(await lines(lake, 'from test | count:=count()')).toEqual(['{count:900(uint64)}']);
      await deleteWhere(lake, 'test', 'main', 's == "val1" or s == "val999"');
      expect(await lines(lake, 'from test | count:=count()')).toEqual(['{count:898(uint64)}']);
      expect(await lines(lake, 'from test | ts >= 399 and ts <= 502 | yield ts')).toEqual(
        order === 'asc' ? ['399', '400', '501', '502'] : ['502', '501', '400', '399'],
      );
    });
  }

  it('rewrites a partly matching object and drops a wholly matching one in one commit', async () => {
    const lake = l.lake;
    await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
    const a = await lake.load('p', 'main', zson('{k:1,x:"a"}{k:2,x:"b"}{k:3}'));
    const b = await lake.load('p', 'main', zson('{k:4,x:"b"}'));
    const r = await deleteWhere(lake, 'p', 'main', 'x == "b"', { author: 'cleaner' });
    expect(await lines(lake, 'from p')).toEqual(['{k:1,x:"a"}', '{k:3}']);
    const objects = await lake.objects('p', 'main');
    expect(objects).toHaveLength(1);
    expect(objects[0]!.count).toBe(2);
    const [head] = await lake.history('p', 'main');
    expect(head!.id).toBe(r.commit);
    expect(head!.author).toBe('cleaner');
    const oa = a.objects[0]!;
    const ob = b.objects[0]!;
    expect(head!.message).toContain('deleted 2 data objects\n\n');
    for (const o of [oa, ob]) expect(head!.message).toContain(ksuidHexToBase62(o.id));
    expect(head!.message).toContain(`\nadded 1 data object\n\n  ${ksuidHexToBase62(objects[0]!.id)} 2 records in`);
    // The earlier commit still reads the old data (time travel).
    expect(await lines(lake, `from p@0x${b.commit} | count()`)).toEqual(['4(uint64)']);
  });

  it('keeps values where the filter is missing a field or errs, and says "empty transaction" when nothing matches', async () => {
    const lake = l.lake;
    await lake.createPool('test', { layout: { order: 'desc', keys: [['ts']] } });
    await lake.load('test', 'main', zson('{ts:0,uid:"C3UeSqaSOFRReHD68"}\n{ts:1,uid:null(string)}\n{ts:2}\n'));
    await expect(deleteWhere(lake, 'test', 'main', 'uid==C3UeSqaSOFRReHD68')).rejects.toMatchObject({
      kind: 'invalid',
      message: 'empty transaction',
    });
    expect(await lines(lake, 'from test | count:=count()')).toEqual(['{count:3(uint64)}']);
    await deleteWhere(lake, 'test', 'main', 'uid=="C3UeSqaSOFRReHD68"');
    expect(await lines(lake, 'from test | count:=count()')).toEqual(['{count:2(uint64)}']);
    await deleteWhere(lake, 'test', 'main', '1/ts == 1');
    expect(await lines(lake, 'from test | yield ts')).toEqual(['2']);
  });

  it('refuses anything but a single filter, and reports parse errors and unknown pools', async () => {
    const lake = l.lake;
    await lake.createPool('test');
    await lake.load('test', 'main', zson('{ts:1,me:"hi"}'));
    const invalid = 'invalid delete where query: must be a single filter operation';
    await expect(deleteWhere(lake, 'test', 'main', 'me == "hi" | cut me')).rejects.toThrow(invalid);
    await expect(deleteWhere(lake, 'test', 'main', 'cut that')).rejects.toThrow(invalid);
    await expect(deleteWhere(lake, 'test', 'main', 'count()')).rejects.toThrow(invalid);
    await expect(deleteWhere(lake, 'test', 'main', 'ts ==')).rejects.toBeInstanceOf(ParseError);
    await expect(deleteWhere(lake, 'test', 'main', '  ')).rejects.toThrow('internal error: AST seq cannot be empty');
    await expect(deleteWhere(lake, 'nope', 'main', 'ts == 1')).rejects.toThrow('nope: pool not found');
    await expect(deleteWhere(lake, 'test', 'dev', 'ts == 1')).rejects.toThrow('"dev": branch not found');
    expect(await lines(lake, 'from test | count()')).toEqual(['1(uint64)']);
  });
});
