// Vitest's global setup: the run's temp files (lakes, sandboxes, servers'
// folders, made by the tests and by the programs they start) go in one
// folder of the run's own, removed when the run ends, so that no run
// leaves folders behind in the system's temp folder (a CI run used to
// leave about a hundred). TMPDIR is set before the test processes start,
// and they and their children inherit it (os.tmpdir() reads it).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const before = process.env['TMPDIR'];
  const root = mkdtempSync(join(tmpdir(), 'zlake-run-'));
  // Open to other users as /tmp is (the PostgreSQL tests run its server as
  // the postgres user, in a folder made here).
  chmodSync(root, 0o1777);
  process.env['TMPDIR'] = root;
  return () => {
    rmSync(root, { recursive: true, force: true });
    if (before === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = before;
  };
}
