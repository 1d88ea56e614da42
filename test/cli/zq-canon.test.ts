// zq -C: the query is parsed and printed in canonical form, and nothing runs.
// A lone argument is the query (zq adds "-" after it), -I files come first,
// and a syntax error reads as zq's others do.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, zlake } from '../support/zlake.js';

describe('zlake zq -C', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'lib.zed'), 'const limit = 3\nop firstn(): ( head limit )\n');
  writeFileSync(join(dir, 'words.zed'), 'alpha\n');
  writeFileSync(join(dir, 'in.json'), '{"a":1}\n');

  it('prints a lone query argument in canonical form without reading stdin', () => {
    const r = zlake(['zq', '-C', 'widget | count() by color | c:=upper(color)'], '', dir);
    expect(r).toMatchObject({ status: 0, stderr: '', stdout: 'search widget\n| summarize\n    count() by color\n| put c:=upper(color)\n' });
  });

  it('names implied operators and lays out legs', () => {
    const r = zlake(['zq', '-C', 'fork (=> x>1 => {y:x}) | a:=1'], '', dir);
    expect(r.stdout).toBe('fork (\n  =>\n    where x>1\n  =>\n    yield {y:x}\n)\n| put a:=1\n');
  });

  it('puts the -I files before the query argument', () => {
    expect(zlake(['zq', '-C', '-I', 'words.zed'], '', dir).stdout).toBe('search alpha\n');
    expect(zlake(['zq', '-C', '-I', 'words.zed', 'beta'], '', dir).stdout).toBe('search alpha and beta\n');
    expect(zlake(['zq', '-C', '-I', 'lib.zed', 'firstn()'], '', dir).stdout).toBe(
      'const limit = 3\nop firstn(): (\n  head limit\n)\nfirstn()\n',
    );
  });

  it('does not run the query or open its inputs', () => {
    const r = zlake(['zq', '-C', 'yield a', 'in.json', 'missing.json'], '', dir);
    expect(r).toMatchObject({ status: 0, stdout: 'yield a\n', stderr: '' });
  });

  it('reports a syntax error with the zq prefix', () => {
    const r = zlake(['zq', '-C', 'yield ('], '', dir);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('zq: error parsing Zed at line 1, column 8:\nyield (\n   === ^ ===\n');
  });

  it('names the -I file a syntax error is in', () => {
    writeFileSync(join(dir, 'bad.zed'), 'yield 1\n| count(,)\n');
    const r = zlake(['zq', '-C', '-I', 'bad.zed'], '', dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('zq: error parsing Zed in bad.zed at line 2, column 9:\n| count(,)\n    === ^ ===\n');
  });
});
