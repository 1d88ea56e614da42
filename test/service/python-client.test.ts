// Zed's own Python client (python/zed/zed.py of Zed v1.18.0) against a real
// server: create a pool, load, query. The client is copied from the Zed
// source mirror into a temp folder at test time and never committed. It
// needs requests and python-dateutil (Debian's python3-requests and
// python3-dateutil, fetched with apt-get when missing) and durationpy, which
// Debian does not package: a small stand-in module with its from_str is
// written beside the client.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from './server.js';

const MIRROR = process.env.ZED_MIRROR ?? '/work/.mirror/brimdata+zed/repo';

function has(cmd: string, args: string[]): boolean {
  return spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
}

/** Why the test cannot run here, or null. */
function unavailable(): string | null {
  if (!has('python3', ['--version'])) return 'python3 is not installed';
  if (!existsSync(MIRROR)) return `the Zed source mirror (${MIRROR}) is not here to copy zed.py from`;
  return null;
}

const DURATIONPY = `# Stand-in for the durationpy package (not in Debian): Go duration text to timedelta.
import datetime, re
_UNITS = {'ns': 1e-9, 'us': 1e-6, '\\u00b5s': 1e-6, 'ms': 1e-3, 's': 1, 'm': 60, 'h': 3600}
def from_str(s):
    sign = -1 if s.startswith('-') else 1
    total = 0.0
    for num, unit in re.findall(r'([0-9.]+)(ns|us|\\u00b5s|ms|s|m|h)', s.lstrip('+-')):
        total += float(num) * _UNITS[unit]
    return datetime.timedelta(seconds=sign * total)
`;

/** A PYTHONPATH with requests and dateutil, unpacking Debian's packages when python lacks them. */
function pythonPath(dir: string): string {
  const paths = [dir];
  if (has('python3', ['-c', 'import requests, dateutil'])) return paths.join(':');
  try {
    execFileSync('apt-get', ['install', '-y', 'python3-requests', 'python3-dateutil'], { stdio: 'ignore' });
    if (has('python3', ['-c', 'import requests, dateutil'])) return paths.join(':');
  } catch {
    // Not root, or no apt: fall back to unpacking the packages.
  }
  const debs = join(dir, 'debs');
  execFileSync('mkdir', ['-p', debs]);
  const pkgs = ['python3-requests', 'python3-dateutil', 'python3-urllib3', 'python3-idna', 'python3-certifi', 'python3-charset-normalizer', 'python3-chardet', 'python3-six'];
  execFileSync('apt-get', ['download', ...pkgs], { cwd: debs, stdio: 'ignore' });
  const root = join(dir, 'root');
  for (const f of readdirSync(debs)) if (f.endsWith('.deb')) execFileSync('dpkg', ['-x', join(debs, f), root]);
  paths.push(join(root, 'usr/lib/python3/dist-packages'));
  return paths.join(':');
}

const why = unavailable();
if (why !== null) console.log(`python client test skipped: ${why}`);

describe.skipIf(why !== null)('Zed\'s Python client against zlake', () => {
  let s: TestServer;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    s = await testServer();
    dir = mkdtempSync(join(tmpdir(), 'zlake-python-'));
    writeFileSync(join(dir, 'zed.py'), execFileSync('git', ['-C', MIRROR, 'show', 'v1.18.0:python/zed/zed.py']));
    writeFileSync(join(dir, 'durationpy.py'), DURATIONPY);
    env = { ...process.env, PYTHONPATH: pythonPath(dir), ZED_LAKE: s.url, HOME: dir };
  }, 120_000);
  afterAll(async () => {
    await s.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  // Asynchronous: the server runs in this process and must keep answering.
  function py(script: string): Promise<{ status: number | null; out: string; err: string }> {
    return new Promise((ok, fail) => {
      const p = spawn('python3', ['-c', script], { env, cwd: dir });
      let out = '';
      let err = '';
      p.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      p.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
      p.on('error', fail);
      p.on('close', (status) => ok({ status, out, err }));
    });
  }

  it('creates a pool, loads data and queries it', async () => {
    const r = await py(`
import json, zed
c = zed.Client()
c.create_pool('py', layout={'order': 'asc', 'keys': [['ts']]})
c.load('py', '{"ts":1,"s":"a","d":"1s"}\\n{"ts":2,"s":"b","d":"2s"}\\n', commit_author='tester', commit_body='from python')
c.load('py', b'{ts:3,s:"c",t:2024-01-01T00:00:00Z,ip:10.0.0.1,dur:1m30s}')
rows = list(c.query('from py | sort ts'))
print(json.dumps([{k: str(v) for k, v in r.items()} for r in rows]))
print(json.dumps(list(c.query('from py | count()'))))
`);
    expect(r.err).toBe('');
    expect(r.status).toBe(0);
    const [rows, count] = r.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows).toEqual([
      { ts: '1', s: 'a', d: '1s' },
      { ts: '2', s: 'b', d: '2s' },
      { ts: '3', s: 'c', t: '2024-01-01 00:00:00+00:00', ip: '10.0.0.1', dur: '0:01:30' },
    ]);
    expect(count).toEqual([3]);
  });

  it('raises RequestError with the server\'s message', async () => {
    const r = await py(`
import zed
c = zed.Client()
for f in (lambda: c.create_pool('py'), lambda: list(c.query('from nosuch'))):
    try:
        f()
    except zed.RequestError as e:
        print(e.response.status_code, str(e).split(' at line')[0])
`);
    expect(r.status).toBe(0);
    expect(r.out).toBe('409 py: pool already exists\n400 nosuch: pool not found\n');
  });
});
