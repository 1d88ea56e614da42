// zq -I: the query is the -I files and the query argument joined (Zed's
// SourceSet). An error says which of them it is in, with its line and
// column counted there, and the included declarations are in scope.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, zlake } from '../support/zlake.js';

describe('zlake zq -I', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'ops.zed'), 'op double(): (\n  yield this * 2\n)\nconst three = 3\n');
  writeFileSync(join(dir, 'bad.zed'), 'op f(): (\n  count(,)\n)\n');

  it('runs a query that uses what the files declare', () => {
    expect(zlake(['zq', '-z', '-I', 'ops.zed', 'double() | yield this + three', '-'], '1\n2\n', dir)).toMatchObject({ status: 0, stdout: '5\n7\n' });
  });

  it('places a syntax error in the file it is in', () => {
    const r = zlake(['zq', '-z', '-I', 'ops.zed', '-I', 'bad.zed', 'f()', '-'], '1\n', dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('zq: error parsing Zed in bad.zed at line 2, column 9:\n  count(,)\n    === ^ ===\n');
  });

  it('places errors in the query argument without a file name', () => {
    const r = zlake(['zq', '-z', '-I', 'ops.zed', 'yield three | get three', '-'], '1\n', dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('three: string value required at line 1, column 19:\nyield three | get three\n                  ~~~~~\n');
  });
});
