// The run's temp files go in a folder of its own (test/support/temp-root.ts),
// for the tests and for the programs they start.
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the test run', () => {
  it('keeps temp files in a folder of its own, which the programs it starts use too', () => {
    expect(basename(tmpdir())).toMatch(/^zlake-run-/);
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(require("node:os").tmpdir())']);
    expect(child.stdout.toString()).toBe(tmpdir());
    expect(dirname(tmpdir())).not.toBe(tmpdir());
  });
});
