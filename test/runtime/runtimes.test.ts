// The engine runs unchanged on Deno and Bun (real runtimes from npm): the
// same smoke script prints the same bytes as under Node.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const script = 'test/runtime/smoke.ts';

function run(cmd: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(resolve(root, 'node_modules/.bin', cmd), args, { cwd: root, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const expected = `{a:1,b:"x",c:[1,2],d:10.0.0.1,e:2018-03-24T17:15:20.600725Z,f:1.5(float32)}
{g:|{"k":-1}|,h:%HEADS(enum(HEADS,TAILS)),i:error("boom"),j:<{x:int64}>,k:-9223372036854775808}
zng bytes: 114
`;

describe('portability', () => {
  it('Node runs the smoke script', async () => {
    const lines: string[] = [];
    const log = console.log;
    console.log = (s: string) => lines.push(s);
    try {
      await import('./smoke.js');
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
