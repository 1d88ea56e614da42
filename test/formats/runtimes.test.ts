// The CSV, TSV and Line readers and the CSV writer give the same output on
// Deno and Bun as on Node (real runtimes from npm): the CSV library is
// loaded and run on each.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { output } from './runtimes.fixture.js';

const root = resolve(import.meta.dirname, '../..');
const script = 'test/formats/runtimes.fixture.ts';

function run(cmd: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(resolve(root, 'node_modules/.bin', cmd), args, { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('text formats on every runtime', () => {
  it('Node decodes CSV through the library', () => {
    expect(output).toContain('{a:1.,b:"x, \\"y\\"\\nz",c:true}');
    expect(output).toContain('s,n,t.u\n"a,""b""",1.5," x"\n');
  });

  it('Deno prints what Node prints', () => {
    const r = run('deno', ['run', '--allow-read', '--unstable-sloppy-imports', '--quiet', script]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(output.trimEnd() + '\n');
  });

  it('Bun prints what Node prints', () => {
    const r = run('bun', [script]);
    expect(r.stdout).toBe(output.trimEnd() + '\n');
    expect(r.status).toBe(0);
  });
});
