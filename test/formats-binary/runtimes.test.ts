// Arrow IPC and Parquet run unchanged on Deno and Bun (real runtimes from
// npm): the same script prints the same bytes as under Node.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const script = 'test/formats-binary/smoke-binary.ts';

const expected = `{a:1,s:"x",t:2018-03-24T17:15:20.600725Z,f:1.5(float32),l:[1,2],m:|{"k":-1}|,r:{ip:"10.0.0.1"},u:9(uint64)}
{a:-2,s:"ÿ",t:1970-01-01T00:00:00Z,f:-0.25(float32),l:[3],m:|{"j":2}|,r:{ip:null(string)},u:18446744073709551615(uint64)}
arrows bytes: 1688
`;

function run(cmd: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(resolve(root, 'node_modules/.bin', cmd), args, { cwd: root, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('Arrow IPC and Parquet portability', () => {
  it('Node runs the script', async () => {
    const lines: string[] = [];
    const log = console.log;
    console.log = (s: string) => lines.push(s);
    try {
      await import('./smoke-binary.js');
    } finally {
      console.log = log;
    }
    expect(lines.join('\n') + '\n').toBe(expected);
  });

  it('Deno runs the same code and prints the same output', () => {
    const r = run('deno', ['run', '--allow-read', '--unstable-sloppy-imports', '--quiet', script]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(expected);
  });

  it('Bun runs the same code and prints the same output', () => {
    const r = run('bun', [script]);
    expect(r.stdout).toBe(expected);
    expect(r.status).toBe(0);
  });
});
