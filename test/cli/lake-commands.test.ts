// The lake commands on a lake folder (direct access), run as real processes:
// each command's success output and its failures with Zed's messages.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { Sandbox } from './lake-run.js';


// Each step is a process start; on a loaded machine a multi-step test takes a while.
vi.setConfig({ testTimeout: 240_000 });
const ID = '[0-9A-Za-z]{27}';

/** A sandbox with an initialized lake and, if named, a pool keyed by k ascending. */
function lakeWith(pool?: string): Sandbox {
  const s = new Sandbox();
  s.ok(['init', '-q']);
  if (pool !== undefined) s.ok(['create', '-q', '-orderby', 'k:asc', pool]);
  return s;
}

describe('zlake init', () => {
  it('creates a lake once and says where, as a file URI', () => {
    const s = new Sandbox();
    const lake = join(s.dir, 'lake');
    expect(s.ok(['init'])).toBe(`lake created: ${pathToFileURL(lake).href}\n`);
    expect(existsSync(join(lake, 'meta.db'))).toBe(true);
    expect(s.fail(['init'])).toBe(`${pathToFileURL(lake).href}: lake already exists\n`);
    expect(s.ok(['init', '-q', 'other'])).toBe('');
    expect(existsSync(join(s.dir, 'other', 'meta.db'))).toBe(true);
  });

  it('finds the default lake under $XDG_DATA_HOME/zed, then ~/.local/share/zed', () => {
    const s = new Sandbox();
    const xdg = s.run(['init'], '', { ZED_LAKE: undefined, XDG_DATA_HOME: join(s.dir, 'xdg') });
    expect(xdg.stdout).toBe(`lake created: ${pathToFileURL(join(s.dir, 'xdg', 'zed')).href}\n`);
    const home = s.run(['init'], '', { ZED_LAKE: undefined });
    expect(home.stdout).toBe(`lake created: ${pathToFileURL(join(s.dir, '.local', 'share', 'zed')).href}\n`);
  });

  it('refuses an empty location, a service URL, and a missing lake with Zed\'s hint', () => {
    const s = new Sandbox();
    const must = 'lake location must be set (either with the -lake flag or ZED_LAKE environment variable)\n';
    expect(s.fail(['ls', '-lake', ''])).toBe(must);
    expect(s.fail(['init', '-lake', 'http://127.0.0.1:1'])).toBe('init command not valid on remote lake\n');
    const missing = pathToFileURL(join(s.dir, 'path', 'to', 'zed')).href;
    expect(s.fail(['-lake=path/to/zed', 'ls'])).toBe(
      `${missing}: lake does not exist\n(hint: run 'zed init' to initialize lake at this location)\n`,
    );
  });
});

describe('zlake create, rename, drop', () => {
  it('creates pools, refusing duplicates, HEAD and bad keys', () => {
    const s = lakeWith();
    expect(s.ok(['create', 'p'])).toMatch(new RegExp(`^pool created: p ${ID}\\n$`));
    expect(s.fail(['create', 'p'])).toBe('p: pool already exists\n');
    expect(s.fail(['create'])).toBe('create requires one argument\n');
    expect(s.fail(['create', 'HEAD'])).toBe('pool cannot be named "HEAD"\n');
    expect(s.fail(['create', '-orderby', 'a,b', 'q'])).toBe('multiple pool keys not supported\n');
    expect(s.fail(['create', '-orderby', 'a:up', 'q'])).toBe('unknown order: up\n');
    expect(s.fail(['create', '-orderby', 'a:asc:desc', 'q'])).toBe('only one order clause allowed in sortkey description\n');
    expect(s.fail(['create', '-S', 'big', 'q'])).toMatch(/^invalid value "big" for flag -S/);
    expect(s.ok(['create', '-q', '-S', '10MB', 'q'])).toBe('');
  });

  it('switches to a new pool with create -use', () => {
    const s = lakeWith();
    expect(s.ok(['create', '-use', 'logs'])).toMatch(new RegExp(`^pool created: logs ${ID}\\nSwitched to branch "main" on pool "logs"\\n$`));
    expect(readFileSync(join(s.dir, '.zed_head'), 'utf8')).toBe('logs@main\n');
  });

  it('renames a pool and reports missing ones', () => {
    const s = lakeWith('p1');
    s.ok(['create', '-q', 'p2']);
    expect(s.ok(['rename', 'p2', 'p3'])).toMatch(new RegExp(`^pool ${ID} renamed from p2 to p3\\n$`));
    expect(s.fail(['rename', 'p2', 'p4'])).toBe('p2: pool not found\n');
    expect(s.fail(['rename', 'p1'])).toBe('two pool names must be provided\n');
    expect(s.fail(['rename', 'p1', 'p3'])).toBe('p3: pool already exists\n');
  });

  it('drops a pool after confirmation or with -f', () => {
    const s = lakeWith('logs');
    const no = s.run(['drop', 'logs'], 'n\n');
    expect(no.stdout).toBe('Are you sure you want to delete pool "logs"? There is no going back... [y|n]\n');
    expect(no.stderr).toBe('operation canceled\n');
    expect(s.run(['drop', 'logs'], '').stderr).toBe('EOF\n');
    const yes = s.run(['drop', 'logs'], 'Yes\n');
    expect(yes.stdout).toMatch(/\[y\|n\]\npool deleted: logs\n$/);
    expect(s.fail(['drop', '-f', 'logs'])).toBe('logs: pool not found\n');
    s.ok(['create', '-q', 'other']);
    expect(s.ok(['drop', '-f', '-q', 'other'])).toBe('');
    expect(s.fail(['drop'])).toBe('a single pool name must be specified\n');
  });
});

describe('zlake load and query', () => {
  it('commits stdin and files of any format to a pool in one commit each', () => {
    const s = lakeWith('p');
    expect(s.ok(['load', '-use', 'p', '-'], '{k:3,s:"c"}\n{k:1,s:"a"}\n')).toMatch(new RegExp(`^${ID} committed\\n$`));
    writeFileSync(join(s.dir, 'a.json'), '{"k":2,"s":"b"}\n');
    writeFileSync(join(s.dir, 'b.csv'), 'k,s\n5,e\n');
    expect(s.ok(['load', '-q', '-use', 'p@main', 'a.json', 'b.csv'])).toBe('');
    expect(s.ok(['load', '-q', '-use', 'p', '-i', 'tsv', '-'], 'k\ts\n4\td\n')).toBe('');
    expect(s.ok(['query', '-z', 'from p | yield s'])).toBe('"a"\n"b"\n"c"\n"d"\n"e"\n');
    expect(s.ok(['query', '-z', 'from p | count()'])).toBe('5(uint64)\n');
  });

  it('fails loads without input, HEAD, pool, branch or values', () => {
    const s = lakeWith('p');
    expect(s.fail(['load'])).toBe('zed load: at least one input file must be specified (- for stdin)\n');
    expect(s.fail(['load', '-'], '{k:1}')).toBe('pool and branch are unspecified\n(specify with -use flag or "zed use" command)\n');
    expect(s.fail(['load', '-use', 'nosuch', '-'], '{k:1}')).toBe('nosuch: pool not found\n');
    expect(s.fail(['load', '-use', 'p@nob', '-'], '{k:1}')).toBe('"nob": branch not found\n');
    expect(s.fail(['load', '-use', 'p', '-'], '')).toBe('empty transaction\n');
    const missing = s.run(['load', '-use', 'p', 'nofile.zson', '-'], '{k:1}');
    expect(missing.stderr).toBe('nofile.zson: file does not exist\n');
    expect(missing.status).toBe(0);
    expect(s.fail(['load', '-use', 'p', '-meta', '{x:', '-'], '{k:1}')).toMatch(/^cannot parse ZSON string "\{x:": /);
  });

  it('reports input that cannot be read with its name', () => {
    const s = lakeWith('p');
    expect(s.fail(['load', '-use', 'p', '-i', 'zng', '-'], 'not zng')).toMatch(/^stdio:stdin: /);
  });

  it('skips, with a warning, an input whose format cannot be detected, and loads the others', () => {
    const s = lakeWith('p');
    writeFileSync(join(s.dir, 'good.zson'), '{k:1}\n');
    const r = s.run(['load', '-q', '-use', 'p', '-', 'good.zson'], 'no format at all\n');
    expect(r.stderr).toMatch(/^stdio:stdin: format detection error\n\t/);
    expect(r.status).toBe(0);
    expect(s.ok(['query', '-z', 'from p | count()'])).toBe('1(uint64)\n');
  });

  it('writes a query\'s debug values to stderr as ZSON', () => {
    const s = lakeWith('p');
    s.ok(['load', '-q', '-use', 'p', '-'], '{x:"foo"}\n');
    const r = s.run(['query', '-z', 'from p | debug f"debug: {x}"']);
    expect(r.stdout).toBe('{x:"foo"}\n');
    expect(r.stderr).toBe('"debug: foo"\n');
  });

  it('writes query results with zq\'s output flags', () => {
    const s = lakeWith('p');
    s.ok(['load', '-q', '-use', 'p', '-'], '{k:1,s:"a"}\n{k:2,s:"b"}\n');
    expect(s.ok(['query', '-j', 'from p'])).toBe('{"k":1,"s":"a"}\n{"k":2,"s":"b"}\n');
    expect(s.ok(['query', '-f', 'table', 'from p'])).toBe('k s\n1 a\n2 b\n');
    expect(s.ok(['query', '-Z', 'from p | head 1'])).toBe('{\n    k: 1,\n    s: "a"\n}\n');
    const zng = s.ok(['query', 'from p']);
    expect(zng.length).toBeGreaterThan(0);
    expect(s.ok(['query', '-o', 'out.zson', '-f', 'zson', '-pretty', '0', 'from p'])).toBe('');
    expect(readFileSync(join(s.dir, 'out.zson'), 'utf8')).toBe('{k:1,s:"a"}\n{k:2,s:"b"}\n');
    expect(s.fail(['query', '-z', '-f', 'json', 'from p'])).toBe('cannot use -z or -Z with -f\n');
    expect(s.fail(['query', '-j', '-z', 'from p'])).toBe('cannot use -j or -J with -f, -z, or -Z\n');
  });

  it('reads the working branch when the query has no from, and fails without one', () => {
    const s = lakeWith('p');
    s.ok(['load', '-q', '-use', 'p', '-'], '{k:1}\n');
    expect(s.fail(['query', '-z', '*'])).toBe("query must include a 'from' operator\n");
    expect(s.fail(['query', '-z', ''])).toBe("query must include a 'from' operator\n");
    expect(s.ok(['query', '-z', '-use', 'p', '*'])).toBe('{k:1}\n');
    s.ok(['use', '-q', 'p']);
    expect(s.ok(['query', '-z', 'count()'])).toBe('1(uint64)\n');
    expect(s.ok(['query', '-z', 'from HEAD'])).toBe('{k:1}\n');
  });

  it('travels back to the commit a load printed', () => {
    const s = lakeWith('p');
    const first = s.ok(['load', '-use', 'p', '-'], '{k:1}\n').split(' ')[0]!;
    s.ok(['load', '-q', '-use', 'p', '-'], '{k:2}\n');
    expect(s.ok(['query', '-z', `from p@${first}`])).toBe('{k:1}\n');
    expect(s.ok(['query', '-z', 'from p'])).toBe('{k:1}\n{k:2}\n');
  });

  it('reports unknown pools and parse errors', () => {
    const s = lakeWith();
    expect(s.fail(['query', '-z', 'from doesnotexist'])).toMatch(/^doesnotexist: pool not found/);
    expect(s.fail(['query', '-z', 'from test \\ count()'])).toMatch(/^error parsing Zed at line 1, column 11:\n/);
  });

  it('prints scan statistics with -s', () => {
    const s = lakeWith('p');
    s.ok(['load', '-q', '-use', 'p', '-'], '{k:1}\n{k:2}\n');
    const r = s.run(['query', '-s', '-z', 'from p | yield k']);
    expect(r.stdout).toBe('1\n2\n');
    expect(r.stderr).toMatch(/^\{bytes_read:\d+,bytes_matched:\d+,records_read:2,records_matched:2\}\n$/);
  });

  it('prints help for a query with no text', () => {
    const s = lakeWith();
    const r = s.run(['query']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/zlake query \[options\] \[zed-query\]/);
  });

  it('reads query text from -I files', () => {
    const s = lakeWith('p');
    s.ok(['load', '-q', '-use', 'p', '-'], '{k:1}\n');
    writeFileSync(join(s.dir, 'q.zed'), 'const ten = 10\n');
    expect(s.ok(['query', '-z', '-I', 'q.zed', 'from p | yield k + ten'])).toBe('11\n');
  });

  it('places a syntax error in the -I file or the argument it falls in', () => {
    const s = lakeWith('p');
    writeFileSync(join(s.dir, 'good.zed'), 'type mystring=string\n');
    writeFileSync(join(s.dir, 'bad.zed'), 'from\np \\ count()\n');
    const at = 'at line 2, column 3:\np \\ count()\n= ^ ===\n';
    expect(s.fail(['query', '-z', '-I', 'good.zed', 'from\np \\ count()'])).toBe(`error parsing Zed ${at}`);
    expect(s.fail(['query', '-z', '-I', 'good.zed', '-I', 'bad.zed'])).toBe(`error parsing Zed in bad.zed ${at}`);
  });
});

describe('zlake use', () => {
  it('sets, shows and checks the working branch', () => {
    const s = lakeWith();
    expect(s.fail(['use'])).toBe('default pool and branch unset\n');
    expect(s.fail(['use', '@main'])).toBe('default pool unset\n');
    s.ok(['create', '-q', 'POOL']);
    expect(s.fail(['use', 'POOL@branch'])).toBe('"branch": branch not found\n');
    expect(s.ok(['use', 'POOL'])).toBe('Switched to branch "main" on pool "POOL"\n');
    expect(s.ok(['use'])).toBe(`HEAD at POOL@main\nLake at ${pathToFileURL(join(s.dir, 'lake')).href}\n`);
    s.ok(['branch', '-q', 'b1']);
    expect(s.ok(['use', '@b1'])).toBe('Switched to branch "b1" on pool "POOL"\n');
    expect(s.ok(['use', '-q', 'POOL@main'])).toBe('');
    expect(s.fail(['use', 'a', 'b'])).toBe('too many arguments\n');
    expect(s.fail(['use', "it's"])).toBe('pool and branch names may not contain single quote characters\n');
  });

  it('keeps HEAD in $ZED_HEAD_DIR when set', () => {
    const s = lakeWith('POOL');
    const r = s.run(['use', '-q', 'POOL'], '', { ZED_HEAD_DIR: join(s.dir, 'lake') });
    expect(r.status).toBe(0);
    expect(readFileSync(join(s.dir, 'lake', '.zed_head'), 'utf8')).toBe('POOL@main\n');
    expect(existsSync(join(s.dir, '.zed_head'))).toBe(false);
  });

  it('accepts a pool whose name looks like an id', () => {
    const s = lakeWith();
    const name = '2WwyVrZdEITo5WkKu1YsJC4dMjU';
    expect(s.ok(['create', name])).toMatch(new RegExp(`^pool created: ${name} ${ID}\\n$`));
    expect(s.ok(['use', name])).toBe(`Switched to branch "main" on pool "${name}"\n`);
    expect(s.run(['query', `from ${name}`])).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });
});

describe('zlake branch', () => {
  it('creates and deletes branches of the working pool', () => {
    const s = lakeWith('p');
    s.ok(['load', '-q', '-use', 'p', '-'], '{k:1}\n');
    expect(s.ok(['branch', '-use', 'p', 'dev'])).toBe('"dev": branch created\n');
    expect(s.fail(['branch', '-use', 'p', 'dev'])).toBe('p/dev: branch already exists\n');
    expect(s.ok(['query', '-z', 'from p@dev'])).toBe('{k:1}\n');
    expect(s.ok(['branch', '-use', 'p', '-d', 'dev'])).toBe('branch deleted: dev\n');
    expect(s.fail(['branch', '-use', 'p', '-d', 'dev'])).toBe('"dev": branch not found\n');
    expect(s.fail(['branch', 'x'])).toBe('pool and branch are unspecified\n(specify with -use flag or "zed use" command)\n');
    expect(s.fail(['branch', 'a', 'b'])).toBe('too many arguments\n');
    expect(s.fail(['branch', '-use', 'p@nob', 'x'])).toBe('"nob": branch not found\n');
  });

  it('branches from a commit id given as -use pool@commit', () => {
    const s = lakeWith('p');
    const first = s.ok(['load', '-use', 'p', '-'], '{k:1}\n').split(' ')[0]!;
    s.ok(['load', '-q', '-use', 'p', '-'], '{k:2}\n');
    expect(s.ok(['branch', '-use', `p@${first}`, 'old'])).toBe('"old": branch created\n');
    expect(s.ok(['query', '-z', 'from p@old'])).toBe('{k:1}\n');
  });
});

describe('zlake ls, log and branch listings (meta-queries, lake format)', () => {
  it('lists pools, and a pool\'s branches with HEAD marked', () => {
    const s = lakeWith('p1');
    s.ok(['create', '-q', 'p2']);
    const pools = s.ok(['ls']).split('\n').filter((l) => l !== '').sort();
    expect(pools).toHaveLength(2);
    expect(pools[0]).toMatch(new RegExp(`^p1 ${ID} key k order asc$`));
    expect(pools[1]).toMatch(new RegExp(`^p2 ${ID} key ts order desc$`));
    s.ok(['load', '-q', '-use', 'p1', '-'], '{k:1}\n');
    s.ok(['branch', '-q', '-use', 'p1', 'dev']);
    const branches = s.ok(['ls', 'p1']).split('\n').filter((l) => l !== '').sort();
    expect(branches[0]).toMatch(new RegExp(`^p1@dev commit ${ID}$`));
    expect(branches[1]).toMatch(new RegExp(`^p1@main commit ${ID}$`));
    s.ok(['use', '-q', 'p1@dev']);
    const listed = s.ok(['branch']).split('\n').filter((l) => l !== '').sort();
    expect(listed[0]).toMatch(new RegExp(`^p1@dev commit ${ID} \\(HEAD\\)$`));
    expect(listed[1]).not.toMatch(/HEAD/);
    expect(s.ok(['ls', '-f', 'zson', '-pretty', '0', 'p1'])).toMatch(/\(=lake\.BranchMeta\)\n/);
    expect(s.fail(['ls', "it's"])).toBe('pool name may not contain quote characters\n');
    expect(s.fail(['ls', 'a', 'b'])).toBe('too many arguments\n');
  });

  it('shows the commit log newest first with authors, dates and messages', () => {
    const s = lakeWith();
    s.ok(['create', '-q', '-use', 'test']);
    s.ok(['load', '-q', '-user', 'testuser', '-'], '{x:1}\n');
    s.ok(['load', '-q', '-user', 'testuser', '-message', 'second one', '-'], '{x:2}\n');
    const one = (head: string, msg: string) => `commit ${ID}${head}\nAuthor: testuser\nDate:   [0-9TZ:-]+\n\n${msg}`;
    expect(s.ok(['log'])).toMatch(
      new RegExp(`^${one(' \\(HEAD -> main\\)', '    second one\n\n')}${one('', `    loaded 1 data object\n\n    ${ID} 1 record in \\d+ data bytes\n\n`)}$`),
    );
    s.ok(['load', '-q', '-meta', '"normalized-v1"', '-'], '{x:3}\n');
    expect(s.ok(['query', '-z', 'from test:log | has(meta) | meta != null | yield meta'])).toBe('"normalized-v1"\n');
    expect(s.ok(['log', '-f', 'zson', '-pretty', '0'])).toMatch(/^\{Name:"main",Commit:0x[0-9a-f]{40}\(=ksuid\.KSUID\)\}\(=lake\.BranchTip\)\n/);
    expect(s.fail(['log', 'x'])).toBe('no arguments allowed\n');
    s.ok(['drop', '-f', '-q', 'test']);
    expect(s.fail(['log', '-use', 'test'])).toBe('test: pool not found\n');
  });

  it('prints a pool\'s objects and partitions in the lake format', () => {
    const s = lakeWith('p');
    s.ok(['load', '-q', '-use', 'p', '-'], '{k:1}\n{k:2}\n');
    expect(s.ok(['query', '-f', 'lake', 'from p@main:objects'])).toMatch(new RegExp(`^${ID} \\d+B bytes 2 records\n {3}min 1 max 2\n$`));
    expect(s.ok(['query', '-f', 'lake', 'from p:partitions'])).toMatch(new RegExp(`^min 1 max 2\n {2}${ID} \\d+B bytes 2 records\n {5}min 1 max 2\n$`));
  });
});

describe('zlake delete, merge, revert, vacuum', () => {
  it('deletes objects by id and values by filter', () => {
    const s = lakeWith();
    s.ok(['create', '-q', '-use', '-orderby', 'x:desc', 'test']);
    s.ok(['load', '-q', '-'], '{x:1}');
    const id = s.ok(['query', '-f', 'text', 'from test@main:objects | yield ksuid(id) | tail 1']).trim();
    s.ok(['load', '-q', '-'], '{x:2}');
    expect(s.ok(['query', '-z', '*'])).toBe('{x:2}\n{x:1}\n');
    expect(s.ok(['delete', id])).toMatch(new RegExp(`^${ID} delete committed\n$`));
    expect(s.ok(['query', '-z', '*'])).toBe('{x:2}\n');
    expect(s.fail(['delete', '-q', id])).toBe(`${id}: commit object not found\n`);
    s.ok(['load', '-q', '-'], '{x:3}\n{x:4}\n');
    expect(s.ok(['delete', '-q', '-where', 'x > 2 and x < 4'])).toBe('');
    expect(s.ok(['query', '-z', '*'])).toBe('{x:4}\n{x:2}\n');
    expect(s.fail(['delete', '-where', 'x > 100'])).toBe('empty transaction\n');
    expect(s.fail(['delete', '-where', 'x == 1 | cut x'])).toBe('invalid delete where query: must be a single filter operation\n');
  });

  it('merges a child branch into main (Zed\'s merge-branch walk-through)', () => {
    const s = lakeWith();
    s.ok(['create', '-q', '-use', '-orderby', 'k', 'POOL']);
    s.ok(['load', '-q', '-message', 'initial load of a.zson into main', '-'], '{k:0,a:1}\n');
    s.ok(['branch', '-q', 'child']);
    s.ok(['use', '-q', '@child']);
    s.ok(['load', '-q', '-'], '{k:1,b:1}\n');
    expect(s.ok(['query', '-z', 'from POOL'])).toBe('{k:0,a:1}\n');
    expect(s.ok(['merge', 'main'])).toBe('"child": merged into branch "main"\n');
    expect(s.ok(['query', '-z', 'from POOL'])).toBe('{k:0,a:1}\n{k:1,b:1}\n');
    s.ok(['load', '-q', '-use', 'POOL', '-'], '{k:2,c:1}\n');
    expect(s.ok(['query', '-z', 'from POOL@child'])).toBe('{k:0,a:1}\n{k:1,b:1}\n');
    s.ok(['load', '-q', '-'], '{k:0,a:1}\n');
    s.ok(['merge', '-q', 'main']);
    expect(s.ok(['query', '-z', 'from POOL'])).toBe('{k:0,a:1}\n{k:0,a:1}\n{k:1,b:1}\n{k:2,c:1}\n');
    expect(s.fail(['merge', 'nob'])).toBe('"nob": branch not found\n');
  });

  it('reverts commits, and reverts the revert', () => {
    const s = lakeWith();
    s.ok(['create', '-q', '-use', 'test']);
    const a = s.ok(['load', '-'], '{a:1}\n').split(' ')[0]!;
    s.ok(['load', '-q', '-'], '{b:1}\n');
    expect(s.ok(['query', '-z', 'sort this'])).toBe('{a:1}\n{b:1}\n');
    const out = s.ok(['revert', a]);
    expect(out).toMatch(new RegExp(`^"main": ${a} reverted in ${ID}\n$`));
    expect(s.ok(['query', '-z', 'sort this'])).toBe('{b:1}\n');
    s.ok(['revert', '-q', out.trim().split(' ')[4]!]);
    expect(s.ok(['query', '-z', 'sort this'])).toBe('{a:1}\n{b:1}\n');
  });

  it('vacuums what a revert dropped, after which time travel there fails (Zed\'s vacuum test)', () => {
    const s = lakeWith();
    s.ok(['create', '-use', '-q', '-orderby', 'x:asc', 'test']);
    s.ok(['load', '-q', '-'], '{x:1}');
    const r = s.ok(['load', '-'], '{x:2}').split(' ')[0]!;
    const reverted = s.ok(['revert', r]).trim().split(' ')[4]!;
    expect(s.ok(['vacuum', '-dryrun'])).toBe('would vacuum 1 object\n');
    expect(s.ok(['vacuum', '-f'])).toBe('vacuumed 1 object\n');
    expect(s.ok(['vacuum', '-f'])).toBe('vacuumed 0 objects\n');
    s.ok(['revert', '-q', reverted]);
    // The object's file URI, and nothing of the first object printed before the error.
    const r2 = s.run(['query', '-z', '*']);
    expect(r2.status).toBe(1);
    expect(r2.stdout).toBe('');
    expect(r2.stderr).toMatch(/^file:\/\/\/.*\/data\/\w+\.zng: file does not exist\n$/);
  });
});

describe('zlake delete, merge, revert, vacuum: argument checks', () => {
  it('checks delete\'s ids and -where', () => {
    const s = lakeWith('p');
    s.ok(['load', '-q', '-use', 'p', '-'], '{k:1}\n');
    expect(s.fail(['delete', '-use', 'p'])).toBe('no data object IDs specified\n');
    expect(s.fail(['delete', '-use', 'p', 'xyz'])).toBe('invalid ID: xyz\n');
    expect(s.fail(['delete', '-use', 'p', '27aaaaaaaaaaaaaaaaaaaaaaaaa'])).toBe('27aaaaaaaaaaaaaaaaaaaaaaaaa: commit object not found\n');
    expect(s.fail(['delete', '-use', 'p', '-where', 'k==1', 'x'])).toBe('too many arguments\n');
    expect(s.fail(['delete', '-use', 'nosuch', 'x'])).toBe('nosuch: pool not found\n');
    expect(s.fail(['delete', 'x'])).toBe('pool and branch are unspecified\n(specify with -use flag or "zed use" command)\n');
  });

  it('checks merge\'s and revert\'s arguments', () => {
    const s = lakeWith('p');
    expect(s.fail(['merge', '-use', 'p@dev'])).toBe('merge target branch must be given\n');
    expect(s.fail(['merge', '-use', 'p@dev', 'a', 'b'])).toBe('too many arguments\n');
    expect(s.fail(['merge', '-use', 'p', 'dev'])).toBe('merging the main branch into another branch is unusual; use -f to force\n');
    expect(s.fail(['revert', '-use', 'p'])).toBe('commit ID must be specified\n');
    expect(s.fail(['revert', '-use', 'p', 'nope'])).toBe('invalid ID: nope\n');
    expect(s.fail(['revert', '-use', 'p@27aaaaaaaaaaaaaaaaaaaaaaaaa', '27aaaaaaaaaaaaaaaaaaaaaaaaa'])).toBe('branch must be named\n');
  });

  it('asks before vacuuming', () => {
    const s = lakeWith('p');
    const r = s.run(['vacuum', '-use', 'p'], 'n\n');
    expect(r.stdout).toBe('Are you sure you want to vacuum data objects from "p@main"? There is no going back... [y|n]\n');
    expect(r.stderr).toBe('operation canceled\n');
  });
});

describe('zlake command line', () => {
  it('takes lake-wide flags before or after the command', () => {
    const s = lakeWith('p');
    const lake = join(s.dir, 'lake');
    s.ok(['load', '-q', '-use', 'p', '-'], '{k:1}\n');
    expect(s.run(['-lake', lake, 'query', '-z', 'from p'], '', { ZED_LAKE: undefined }).stdout).toBe('{k:1}\n');
    expect(s.run(['query', '-lake', lake, '-z', 'from p'], '', { ZED_LAKE: undefined }).stdout).toBe('{k:1}\n');
    expect(s.run(['-q', 'create', 'q']).stdout).toBe('');
  });

  it('reports unknown flags as Go\'s flag package does', () => {
    const s = lakeWith();
    const r = s.run(['ls', '-x', 'a']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('flag provided but not defined: -x\nat flag: "-x a": flag provided but not defined: -x\n');
  });

  it('prints help for a command with -h', () => {
    const s = lakeWith();
    const r = s.run(['load', '-h']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^NAME\n {4}zlake load - add and commit data to a branch\n/);
    expect(r.stdout).toMatch(/-use string/);
  });

  it('says auth needs a lake service', () => {
    const s = lakeWith();
    expect(s.fail(['auth', 'method'])).toBe('cannot open connection on local lake\n');
    expect(s.fail(['auth'])).toBe('"zed auth": requires a sub-command: login logout method store verify\n');
  });
});
