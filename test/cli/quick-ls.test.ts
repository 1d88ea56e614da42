// `zlake ls`'s quick path (adapters/node/lake-cli/quick-ls.ts): a plain `ls`
// on a folder lake is answered from the metadata database alone, and must
// print what the lake commands' own `ls` (the meta-query `from :pools`)
// prints. Anything it does not answer falls through to them unchanged.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { quickLsText } from '../../adapters/node/lake-cli/quick-ls.js';
import { Sandbox } from './lake-run.js';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

const sandboxes: Sandbox[] = [];
afterAll(() => {
  for (const s of sandboxes) rmSync(s.dir, { recursive: true, force: true });
});

function sandbox(): Sandbox {
  const s = new Sandbox();
  sandboxes.push(s);
  s.ok(['init', '-q']);
  return s;
}

/** The lake commands' own `ls`: -color=false (which the lake format ignores) keeps the quick path out. */
function fullLs(s: Sandbox, ...args: string[]): string {
  return s.ok(['ls', '-color=false', ...args]);
}

describe('zlake ls, quick path', () => {
  it('prints what the meta-query prints, for pools of every key and name', async () => {
    const s = sandbox();
    s.ok(['create', '-q', 'plain']);
    s.ok(['create', '-q', '-orderby', 'k:asc', 'ascending']);
    s.ok(['create', '-q', '-orderby', 'id.orig_h:desc', 'nested key']);
    s.ok(['create', '-q', '-orderby', 'ts:asc', '-S', '10KB', 'café ☕']);
    s.ok(['create', '-q', 'gone']);
    s.ok(['drop', '-f', 'gone']);
    s.ok(['create', '-q', 'before']);
    s.ok(['rename', 'before', 'after']);
    s.ok(['load', '-q', '-use', 'ascending', '-'], '{k:1}\n{k:2}\n');

    const full = fullLs(s);
    expect(full.split('\n').filter((l) => l !== '')).toHaveLength(5);
    expect(full).toContain('café ☕ ');
    expect(full).toContain('nested key ');
    expect(full).toContain(' key id.orig_h order desc\n');
    expect(full).not.toContain('gone');
    expect(full).not.toMatch(/^before /m);
    expect(await quickLsText(['ls'], s.env)).toBe(full);
    expect(await quickLsText(['-lake', s.env['ZED_LAKE']!, 'ls'], {})).toBe(full);
    expect(await quickLsText(['ls', '-lake', s.env['ZED_LAKE']!], {})).toBe(full);
    // Through bin/zlake, which takes the quick path for these.
    expect(s.ok(['ls'])).toBe(full);
    expect(s.ok(['ls', '-f', 'lake'])).toBe(full);
  });

  it('prints nothing for a lake with no pools, as the meta-query does', async () => {
    const s = sandbox();
    expect(fullLs(s)).toBe('');
    expect(await quickLsText(['ls'], s.env)).toBe('');
    expect(s.ok(['ls'])).toBe('');
  });

  it('leaves every other command line to the lake commands', async () => {
    const s = sandbox();
    s.ok(['create', '-q', 'p']);
    const env = s.env;
    const lake = env['ZED_LAKE']!;
    // A quick answer there is, to tell the null cases from a broken path.
    expect(await quickLsText(['ls'], env)).toMatch(/^p /);
    const others: [string[], NodeJS.ProcessEnv][] = [
      [['ls', 'p'], env], // a pool's branches
      [['ls', '-f', 'zson'], env],
      [['ls', '-z'], env],
      [['ls', '-color=false'], env],
      [['-q', 'ls'], env],
      [['ls', '-meta', 'file:/nowhere.db'], env],
      [['ls'], { ...env, ZLAKE_META: 'file:/nowhere.db' }],
      [['ls'], {}], // no lake named: a service on localhost may answer
      [['ls'], { ZED_LAKE: 'http://127.0.0.1:1' }],
      [['ls'], { ZED_LAKE: join(s.dir, 'not-a-lake') }],
      [['ls', '-lake', ''], env],
      [['ls', '-nosuchflag'], env],
      [['ls', 'a', 'b'], env],
      [['log'], env],
      [['-lake', lake], env],
      [['-version', 'ls'], env],
      [['ls', '-h'], env],
    ];
    for (const [argv, e] of others) expect(await quickLsText(argv, e), argv.join(' ')).toBeNull();
  });

  it('gives the lake commands\' errors for what it leaves to them', () => {
    const s = sandbox();
    expect(s.fail(['ls', '-lake', join(s.dir, 'not-a-lake')])).toMatch(/: lake does not exist\n\(hint: run 'zed init' to initialize lake at this location\)\n$/);
    expect(s.fail(['ls', '-nosuchflag'])).toContain('flag provided but not defined: -nosuchflag');
    expect(s.fail(['ls', 'a', 'b'])).toBe('too many arguments\n');
  });
});
