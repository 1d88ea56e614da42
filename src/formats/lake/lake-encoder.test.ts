import { describe, expect, it } from 'vitest';
import { TypeContext } from '../../zed/index.js';
import { parseZsonValue } from '../../zson/index.js';
import { formatByName } from '../registry.js';
import { abbreviateBytes } from './byte-size.js';
import { LakeEncoder } from './lake-encoder.js';
import { formatParagraphs, wrapText } from './paragraph.js';

const POOL_ID = '0x132870564f00de22d252b3438c656691c87842c2';
const POOL_ID62 = '2jTi7n3sfiU7qTgPTAE1nwTUJ0M';
const C1 = '0x1111111111111111111111111111111111111111';
const C2 = '0x2222222222222222222222222222222222222222';
const NIL = '0x0000000000000000000000000000000000000000';

function render(zson: string[], head?: string): string {
  const ctx = new TypeContext();
  const enc = new LakeEncoder(head === undefined ? {} : { head });
  return enc.write(zson.map((z) => parseZsonValue(z, ctx))) + enc.end();
}

const pool = (name: string, keys = '["ts"]', order = 'desc') =>
  `{ts:2024-07-19T19:28:22.893089Z,name:${JSON.stringify(name)},id:${POOL_ID}(=ksuid.KSUID),layout:{order:"${order}"(=order.Which),keys:[${keys}(=field.Path)](=field.List)}(=order.SortKey),seek_stride:65536,threshold:524288000}(=pools.Config)`;

const commit = (id: string, parent: string, author: string, message: string) =>
  `{id:${id}(=KSUID),parent:${parent}(KSUID),retries:0(uint8),author:${JSON.stringify(author)},date:2024-05-01T10:00:00.5Z,message:${JSON.stringify(message)},meta:null}(=Commit)`;

const tip = (name: string, id: string) => `{Name:${JSON.stringify(name)},Commit:${id}(=ksuid.KSUID)}(=lake.BranchTip)`;

describe('LakeEncoder', () => {
  it('prints a pool config as zed ls does', () => {
    expect(render([pool('MyPool')])).toBe(`MyPool ${POOL_ID62} key ts order desc\n`);
    expect(render([pool('nested', '["a","b"]', 'asc')])).toBe(`nested ${POOL_ID62} key a.b order asc\n`);
    expect(render([pool('all', '[]([string])', 'asc')])).toBe(`all ${POOL_ID62} key this order asc\n`);
  });

  it('binds short, package and full Go type names alike', () => {
    const full = pool('P').replace('(=pools.Config)', '(="github.com/brimdata/zed/lake/pools.Config")');
    const short = pool('P').replace('(=pools.Config)', '(=Config)');
    expect(render([full, short])).toBe(`P ${POOL_ID62} key ts order desc\n`.repeat(2));
  });

  it('prints branches and marks HEAD by name, by id, and (Zed quirk) at the nil commit', () => {
    const meta = (branch: string, id: string) =>
      `{pool:${pool('logs')},branch:{ts:2024-07-19T19:28:22Z,name:"${branch}",commit:${id}(=ksuid.KSUID)}(=branches.Config)}(=lake.BranchMeta)`;
    const out = render([meta('main', C1), meta('dev', C2), meta('empty', NIL)], 'dev');
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^logs@main commit \w{27}$/);
    expect(lines[1]).toMatch(/^logs@dev commit \w{27} \(HEAD\)$/);
    expect(lines[2]).toBe('logs@empty commit 000000000000000000000000000 (HEAD)');
    const byId = render([meta('main', C1), meta('dev', C2)], C2);
    expect(byId.split('\n')[1]).toMatch(/ \(HEAD\)$/);
    expect(byId.split('\n')[0]).not.toMatch(/HEAD/);
  });

  it('prints a commit log with branch tips, HEAD and wrapped messages', () => {
    const msg = 'loaded 1 data object\n\n  2WwyVrZdEITo5WkKu1YsJC4dMjU 1 record in 14 data bytes\n';
    const out = render([tip('main', C2), tip('dev', C2), commit(C2, C1, 'me', msg), commit(C1, NIL, 'you', '')], 'main');
    const [first, second] = out.split(/\n(?=commit )/);
    expect(first).toMatch(
      /^commit \w{27} \(HEAD -> main, dev\)\nAuthor: me\nDate:   2024-05-01T10:00:00Z\n\n {4}loaded 1 data object\n\n {4}2WwyVrZdEITo5WkKu1YsJC4dMjU 1 record in 14 data bytes\n$/,
    );
    expect(second).toMatch(/^commit \w{27}\nAuthor: you\nDate:   2024-05-01T10:00:00Z\n\n$/);
  });

  it('marks a detached HEAD commit by id', () => {
    const out = render([commit(C1, NIL, 'a', 'm')], C1);
    expect(out.split('\n')[0]).toMatch(/^commit \w{27} \(HEAD\)$/);
  });

  it('prints data objects and partitions with sizes and key ranges', () => {
    const obj = (size: number) =>
      `{id:${C1}(=ksuid.KSUID),min:1,max:2,count:2(uint64),size:${size}}(=data.Object)`;
    expect(render([obj(18)])).toMatch(/^\w{27} 18B bytes 2 records\n {3}min 1 max 2\n$/);
    expect(render([obj(33493)])).toMatch(/ 33\.49KB bytes /);
    const part = `{min:1,max:2,objects:[${obj(18)}]}(=meta.Partition)`;
    expect(render([part])).toMatch(/^min 1 max 2\n {2}\w{27} 18B bytes 2 records\n {5}min 1 max 2\n$/);
  });

  it('prints nothing for commit actions and falls back to ZSON or Go type names otherwise', () => {
    const add = `{commit:${C1}(=ksuid.KSUID),object:{id:${C2}(ksuid.KSUID),min:1,max:1,count:1(uint64),size:14}(=data.Object)}(=commits.Add)`;
    expect(render([add])).toBe('');
    expect(render(['{a:1}'])).toBe('{a:1}\n');
    expect(render(['{a:1}(=Unbound)'])).toBe('{a:1}(=Unbound)\n');
    expect(render(['1', '"s"', '[1,2]', 'null'])).toBe(
      'lake format: unknown type: int64\nlake format: unknown type: string\nlake format: unknown type: []int64\nlake format: unknown type: <nil>\n',
    );
    // A pool config whose fields have the wrong types cannot bind: ZSON instead.
    expect(render(['{name:1}(=pools.Config)'])).toBe('{name:1}(=pools.Config)\n');
  });

  it('is the registry\'s "lake" format', () => {
    const enc = formatByName('lake')!.encoder!({});
    const ctx = new TypeContext();
    expect(enc.write([parseZsonValue(pool('MyPool'), ctx)])).toBe(`MyPool ${POOL_ID62} key ts order desc\n`);
  });
});

describe('commit message wrapping', () => {
  it('re-wraps a paragraph to the width with minimal raggedness', () => {
    const words = 'aaa bb cc ddddd';
    expect(wrapText(words, 6)).toBe('aaa\nbb cc\nddddd');
    expect(wrapText('short', 80)).toBe('short');
    expect(wrapText('a\nb', 80)).toBe('a b');
  });

  it('keeps over-long words on their own line', () => {
    expect(wrapText('x ' + 'y'.repeat(12) + ' z', 5)).toBe('x\nyyyyyyyyyyyy\nz');
  });

  it('indents each paragraph', () => {
    expect(formatParagraphs('one\n\ntwo  ', '    ', 80)).toBe('    one\n\n    two\n\n');
  });
});

describe('abbreviateBytes', () => {
  it('uses decimal units as Zed does', () => {
    expect(abbreviateBytes(0)).toBe('0B');
    expect(abbreviateBytes(9999)).toBe('9999B');
    expect(abbreviateBytes(10000)).toBe('10KB');
    expect(abbreviateBytes(33493)).toBe('33.49KB');
    expect(abbreviateBytes(1_500_000)).toBe('1.50MB');
    expect(abbreviateBytes(2_000_000_000)).toBe('2GB');
    // An exact binary tie rounds to even, as Go's %.2f does.
    expect(abbreviateBytes(12125)).toBe('12.12KB');
    expect(abbreviateBytes(12375)).toBe('12.38KB');
  });
});
