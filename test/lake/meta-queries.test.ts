// Meta-queries through the lake Source: every record shape and type name of
// spec lake-api.md §7, on memory stores (ids and times read back from the lake).
import { describe, expect, it } from 'vitest';
import { ksuidHexToBase62, NIL_KSUID, TypeContext } from '../../src/index.js';
import { parseZsonValue } from '../../src/zson/index.js';
import { lines, memoryLake, query, zson } from './helpers.js';

const hex = (id: string): string => `0x${id}`;

async function setup() {
  const lake = memoryLake();
  const { pool } = await lake.createPool('p', { layout: { order: 'asc', keys: [['k']] } });
  const first = await lake.load('p', 'main', zson('{k:2}{k:1}'), { author: 'me', message: 'first' });
  const second = await lake.load('p', 'main', zson('{k:5}{k:3}'));
  const third = await lake.load('p', 'main', zson('{k:4}'));
  return { lake, pool, first, second, third };
}

const POOL = (id: string) =>
  `{ts:2023-11-14T22:13:21Z,name:"p",id:${hex(id)}(=ksuid.KSUID),layout:{order:"asc"(=order.Which),keys:[["k"](=field.Path)](=field.List)}(=order.SortKey),seek_stride:65536,threshold:524288000}(=pools.Config)`;

describe('meta-queries', () => {
  it('from :pools and :branches give pools.Config and lake.BranchMeta records', async () => {
    const { lake, pool, third } = await setup();
    expect(await lines(lake, 'from :pools')).toEqual([POOL(pool.id)]);
    const meta = `{pool:${POOL(pool.id)},branch:{ts:2023-11-14T22:13:21Z,name:"main",commit:${hex(third.commit)}(ksuid.KSUID)}(=branches.Config)}(=lake.BranchMeta)`;
    expect(await lines(lake, 'from :branches')).toEqual([meta]);
    expect(await lines(lake, 'from p:branches')).toEqual([meta]);
    // The filters the Go CLI and Zui resolve names with.
    expect(await lines(lake, `from :pools | name == 'p' | yield name`)).toEqual(['"p"']);
    expect(await lines(lake, `from :pools | id == hex('${pool.id}') | yield name`)).toEqual(['"p"']);
    expect(await lines(lake, `from :pools | id == ${hex(pool.id)} or name == "x" | yield name`)).toEqual(['"p"']);
  });

  it('from p:objects lists data.Object records in pool-key order at a branch or commit', async () => {
    const { lake, first, second, third } = await setup();
    const obj = (o: { id: string }, min: number, max: number, count: number, size: number) =>
      `{id:${hex(o.id)}(=ksuid.KSUID),min:${min},max:${max},count:${count}(uint64),size:${size}}(=data.Object)`;
    const [a, b, c] = [first.objects[0]!, second.objects[0]!, third.objects[0]!];
    expect(await lines(lake, 'from p@main:objects')).toEqual([obj(a, 1, 2, 2, a.size), obj(b, 3, 5, 2, b.size), obj(c, 4, 4, 1, c.size)]);
    expect(await lines(lake, `from p@${hex(first.commit)}:objects`)).toEqual([obj(a, 1, 2, 2, a.size)]);
    expect(await lines(lake, 'from p:objects | yield nameof(this)')).toEqual(['"data.Object"', '"data.Object"', '"data.Object"']);
  });

  it('from p:partitions groups overlapping objects into meta.Partition records', async () => {
    const { lake } = await setup();
    expect(await lines(lake, 'from p:partitions | yield {min,max,n:len(objects),t:nameof(this)}')).toEqual([
      '{min:1,max:2,n:1,t:"meta.Partition"}',
      '{min:3,max:5,n:2,t:"meta.Partition"}',
    ]);
  });

  it('from p:log gives the branch tips, then the commits newest first in simple style', async () => {
    const { lake, first, second, third } = await setup();
    await lake.createBranch('p', 'dev', hex(first.commit));
    const out = await lines(lake, 'from p:log');
    expect(out).toHaveLength(5);
    expect(out.slice(0, 2).sort()).toEqual([
      `{Name:"dev",Commit:${hex(first.commit)}(=ksuid.KSUID)}(=lake.BranchTip)`,
      `{Name:"main",Commit:${hex(third.commit)}(=ksuid.KSUID)}(=lake.BranchTip)`,
    ]);
    expect(out[2]).toMatch(new RegExp(`^\\{id:${hex(third.commit)}\\(=KSUID\\),parent:${hex(second.commit)}\\(KSUID\\),retries:0\\(uint8\\),author:"",date:2023-11-14T[0-9:]+Z,message:"loaded 1 data object\\\\n\\\\n  ${ksuidHexToBase62(third.objects[0]!.id)} 1 record in \\d+ data bytes\\\\n",meta:null\\}\\(=Commit\\)$`));
    expect(out[4]).toContain(`{id:${hex(first.commit)}(=KSUID),parent:${hex(NIL_KSUID)}(KSUID),retries:0(uint8),author:"me",`);
    expect(out[4]).toContain(`message:"first",meta:null}(=Commit)`);
    // At a commit: the tips still, then that commit's history.
    expect(await lines(lake, `from p@${hex(second.commit)}:log | count()`)).toEqual(['4(uint64)']);
  });

  it('from p:rawlog gives each commit and its actions, oldest first, in package style', async () => {
    const { lake, first } = await setup();
    const meta = await lake.load('p', 'main', zson('{k:9}'), { meta: parseZsonValue('{ticket:7}', new TypeContext()) });
    await lake.deleteObjects('p', 'main', [first.objects[0]!.id]);
    const out = await lines(lake, 'from p:rawlog | yield nameof(this)');
    expect(out).toEqual([
      ...Array(4).fill(['"commits.Commit"', '"commits.Add"']).flat(),
      '"commits.Commit"',
      '"commits.Delete"',
    ]);
    const del = (await lines(lake, 'from p:rawlog | tail 1'))[0];
    const tip = await lake.branchTip('p', 'main');
    expect(del).toBe(`{commit:${hex(tip)}(=ksuid.KSUID),id:${hex(first.objects[0]!.id)}(ksuid.KSUID)}(=commits.Delete)`);
    expect(await lines(lake, `from p:rawlog | nameof(this)=="commits.Commit" and id==${hex(meta.commit)} | yield meta`)).toEqual(['{ticket:7}']);
  });

  it('an empty pool gives nothing but the tips of :log', async () => {
    const lake = memoryLake();
    await lake.createPool('e');
    for (const m of ['objects', 'partitions', 'rawlog', 'vectors', 'indexes']) expect(await query(lake, `from e@main:${m}`)).toBe('');
    expect(await lines(lake, 'from e:log')).toEqual([`{Name:"main",Commit:${hex(NIL_KSUID)}(=ksuid.KSUID)}(=lake.BranchTip)`]);
  });

  it('from p:vectors, :index_rules and p:indexes show vectors and index objects', async () => {
    const { lake, first } = await setup();
    expect(await query(lake, 'from p:vectors')).toBe('');
    await lake.addVectors('p', 'main', [hex(first.objects[0]!.id)]);
    expect(await lines(lake, 'from p:vectors | yield {t:nameof(this),id}')).toEqual([
      `{t:"data.Object",id:${hex(first.objects[0]!.id)}(=ksuid.KSUID)}`,
    ]);
    const [rule] = await lake.createIndexRules([{ kind: 'field', name: 'g', fields: [['k']] }]);
    expect(await lines(lake, 'from :index_rules')).toEqual([
      `{ts:2023-11-14T22:13:32Z,id:${hex(rule!.id)}(=ksuid.KSUID),name:"g",fields:[["k"](=field.Path)](=field.List)}(=index.FieldRule)`,
    ]);
    await lake.indexObjects('p', 'main', ['g'], [hex(first.objects[0]!.id)]);
    expect(await lines(lake, 'from p:indexes | yield {t:nameof(this),id,rule:rule.name}')).toEqual([
      `{t:"index.Object",id:${hex(first.objects[0]!.id)}(=ksuid.KSUID),rule:"g"}`,
    ]);
  });

  it('unknown meta types, a missing pool and patterns that match nothing fail with Zed\'s messages', async () => {
    const { lake } = await setup();
    await expect(query(lake, 'from :x')).rejects.toThrow('unknown lake metadata type "x" in from operator');
    await expect(query(lake, 'from p:x')).rejects.toThrow('unknown metadata type "x"');
    await expect(query(lake, 'from nope:objects')).rejects.toThrow('nope: pool not found');
    await expect(query(lake, 'from q* | count()')).rejects.toThrow('q*: pool matching glob not found');
    await expect(query(lake, 'from /^q/ | count()')).rejects.toThrow('^q: pool matching regexp not found');
  });

  it('from with a glob or a regexp reads every pool it matches', async () => {
    const lake = memoryLake();
    for (const name of ['match1', 'match2', 'nope']) {
      await lake.createPool(name);
      await lake.load(name, 'main', zson(`"${name}"`));
    }
    expect(await lines(lake, 'from * | sort this')).toEqual(['"match1"', '"match2"', '"nope"']);
    expect(await lines(lake, 'from match* | sort this')).toEqual(['"match1"', '"match2"']);
    expect(await lines(lake, 'from /match/ | sort this')).toEqual(['"match1"', '"match2"']);
    expect(await lines(lake, 'from /.*/ | sort this')).toEqual(['"match1"', '"match2"', '"nope"']);
  });

  it('from with a regexp reads it as Go syntax, in linear time, with Go\'s errors', async () => {
    const lake = memoryLake();
    for (const name of ['match1', 'match2', 'Matchx', 'a'.repeat(200) + 'b']) {
      await lake.createPool(name);
      await lake.load(name, 'main', zson(`"${name.slice(0, 6)}"`));
    }
    expect(await lines(lake, 'from /(?i)^match[[:digit:]]$/ | sort this')).toEqual(['"match1"', '"match2"']);
    expect(await lines(lake, 'from /^\\pL+$/ | sort this')).toEqual(['"Matchx"', '"aaaaaa"']);
    // Backtracking would take forever on the long name; RE2 does not backtrack.
    expect(await lines(lake, 'from /^(a|a)*$/ | sort this').catch((e: Error) => e.message)).toBe('^(a|a)*$: pool matching regexp not found');
    await expect(query(lake, 'from /a(/ | count()')).rejects.toThrow('error parsing regexp: missing closing ): `a(`');
    await expect(query(lake, 'from /(?<n>x)/ | count()')).rejects.toThrow('error parsing regexp: invalid or unsupported Perl syntax: `(?<`');
  });
});
