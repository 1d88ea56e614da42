// The `lake` output format through zq: lake metadata saved as ZSON printed as
// zed ls and zed log print it, other values as ZSON.
import { describe, expect, it } from 'vitest';
import { zlake } from '../support/zlake.js';

const POOL = `{
    ts: 2024-07-19T19:28:22.893089Z,
    name: "MyPool",
    id: 0x132870564f00de22d252b3438c656691c87842c2 (=ksuid.KSUID),
    layout: {
        order: "desc" (=order.Which),
        keys: [
            [
                "ts"
            ] (=field.Path)
        ] (=field.List)
    } (=order.SortKey),
    seek_stride: 65536,
    threshold: 524288000
} (=pools.Config)
`;

describe('zq -f lake', () => {
  it('prints a saved pool config as zed ls does (Zed docs example)', () => {
    expect(zlake(['zq', '-f', 'lake', '-'], POOL)).toMatchObject({ status: 0, stdout: 'MyPool 2jTi7n3sfiU7qTgPTAE1nwTUJ0M key ts order desc\n' });
  });

  it('prints a saved log with its branch tips and messages', () => {
    const c = '0x1111111111111111111111111111111111111111';
    const log =
      `{Name:"main",Commit:${c}(=ksuid.KSUID)}(=lake.BranchTip)\n` +
      `{id:${c}(=KSUID),parent:0x0000000000000000000000000000000000000000(KSUID),retries:0(uint8),author:"me",date:2024-05-01T10:00:00Z,message:"loaded 1 data object\\n\\n  xyz 1 record in 14 data bytes\\n",meta:null}(=Commit)\n`;
    const out = zlake(['zq', '-f', 'lake', '-'], log).stdout;
    expect(out).toMatch(/^commit [0-9A-Za-z]{27} \(main\)\nAuthor: me\nDate:   2024-05-01T10:00:00Z\n\n {4}loaded 1 data object\n\n {4}xyz 1 record in 14 data bytes\n\n$/);
  });

  it('writes values that are not lake metadata as ZSON', () => {
    expect(zlake(['zq', '-f', 'lake', '-'], '{a:1}\n').stdout).toBe('{a:1}\n');
  });
});
