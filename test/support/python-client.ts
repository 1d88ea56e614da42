// Zed's own Python client (python/zed/zed.py of Zed v1.18.0) for tests: copied
// from the Zed source mirror into a temp folder at test time, never committed.
// It needs requests and python-dateutil (Debian's python3-requests and
// python3-dateutil, fetched with apt-get when missing) and durationpy, which
// Debian does not package: a small stand-in module with its from_str is
// written beside the client.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MIRROR = process.env.ZED_MIRROR ?? '/work/.mirror/brimdata+zed/repo';

function has(cmd: string, args: string[]): boolean {
  return spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
}

/** Why the test cannot run here, or null. */
export function unavailable(): string | null {
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

/**
 * Writes the client into `dir`; returns the PYTHONPATH that finds it and
 * its packages.
 */
export function installPythonClient(dir: string): string {
  writeFileSync(join(dir, 'zed.py'), execFileSync('git', ['-C', MIRROR, 'show', 'v1.18.0:python/zed/zed.py']));
  writeFileSync(join(dir, 'durationpy.py'), DURATIONPY);
  return pythonPath(dir);
}

/** Runs a Python script asynchronously (a server in this process must keep answering). */
export function runPython(script: string, env: NodeJS.ProcessEnv, cwd: string): Promise<{ status: number | null; out: string; err: string }> {
  return new Promise((ok, fail) => {
    const p = spawn('python3', ['-c', script], { env, cwd });
    let out = '';
    let err = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    p.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    p.on('error', fail);
    p.on('close', (status) => ok({ status, out, err }));
  });
}
