// scripts/check-imports.mjs run on small trees written for the test: it
// passes imports that follow STYLE.md's layering and fails, naming the
// file and line, each kind of import that breaks it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = resolve('scripts/check-imports.mjs');
const roots: string[] = [];

/** Writes `files` (path -> text) under a new temporary root and runs the check on it. */
function check(files: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const root = mkdtempSync(join(tmpdir(), 'zlake-imports-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const r = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

const base = {
  'src/zed/index.ts': "export * from './value.js';\n",
  'src/zed/value.ts': "import { concat } from '../util/concat.js';\nexport const v = concat;\n",
  'src/util/concat.ts': 'export const concat = 1;\n',
  'src/service/index.ts': "import { v } from '../zed/index.js';\nexport const app = v;\n",
  'src/index.ts': "export { app } from './service/index.js';\n",
  'adapters/node/main.ts': "import { app } from '../../src/index.js';\nexport const main = app;\n",
};

describe('check-imports', () => {
  it('passes a tree that follows the layering', () => {
    const r = check(base);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('imports follow the layering');
  });

  it('fails a lower layer that imports a higher one', () => {
    const r = check({ ...base, 'src/zed/bad.ts': "import { app } from '../service/index.js';\nexport const b = app;\n" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("src/zed/bad.ts:1: src/zed imports src/service, which is not below it: '../service/index.js'");
    expect(r.stderr).toContain('import check failed: 1 import(s)');
  });

  it('fails src/ importing adapters/, also through export-from and import()', () => {
    const r = check({
      ...base,
      'src/zed/bad.ts': "export { main } from '../../adapters/node/main.js';\nexport const m = () => import('../../adapters/node/main.js');\n",
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('src/zed/bad.ts:1: src/ imports adapters/');
    expect(r.stderr).toContain('src/zed/bad.ts:2: src/ imports adapters/');
  });

  it("fails an import of another module's insides, not its index.ts", () => {
    const r = check({ ...base, 'src/service/bad.ts': "import { v } from '../zed/value.js';\nexport const b = v;\n" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('src/service/bad.ts:1: src/service imports the insides of src/zed, not an index.ts');
  });

  it('fails an adapter that reaches past src/index.ts', () => {
    const r = check({ ...base, 'adapters/node/bad.ts': "import { app } from '../../src/service/index.js';\nexport const b = app;\n" });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('adapters/node/bad.ts:1: adapters import src/ only through src/index.ts');
  });

  it('ignores imports in comments and test files beside the code', () => {
    const r = check({
      ...base,
      'src/zed/note.ts': "// import { app } from '../service/index.js';\nexport const n = 1;\n",
      'src/zed/value.test.ts': "import { app } from '../service/index.js';\nexport const t = app;\n",
    });
    expect(r.status).toBe(0);
  });
});
