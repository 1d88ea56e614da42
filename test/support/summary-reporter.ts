// Prints the plain closing line "N passed, N failed, N skipped" after vitest's
// own report, so any CI reader can count the tests. A test that did not run
// because its file or suite failed (a failed import, a failed beforeAll) is
// counted as failed, not skipped (a test skipped on purpose, by .skip, .todo
// or a -t filter, stays skipped); a file that failed before declaring any
// test counts as one failure, and so does a file whose worker died before it
// finished (its name is printed) and every error vitest caught outside a test.
import type { Reporter, SerializedError, TestModule, TestSuite } from 'vitest/node';

function failed(entity: TestModule | TestSuite): boolean {
  return entity.state() === 'failed';
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[], unhandledErrors: readonly SerializedError[] = []): void {
    let passed = 0;
    let fails = 0;
    let skipped = 0;
    for (const m of modules) {
      const state = m.state();
      const unfinished = state !== 'passed' && state !== 'failed' && state !== 'skipped';
      if (unfinished) process.stdout.write(`\nunfinished test file (its worker died?): ${m.moduleId}\n`);
      let tests = 0;
      for (const t of m.children.allTests()) {
        tests++;
        const s = t.result().state;
        if (s === 'passed') passed++;
        else if (s === 'failed') fails++;
        else if (t.options.mode === 'skip' || t.options.mode === 'todo') skipped++;
        else {
          // Meant to run, but skipped because a suite around it (or its file) failed: a failure.
          let parent: TestModule | TestSuite = t.parent;
          let broken = unfinished;
          for (;;) {
            if (failed(parent)) broken = true;
            if (parent.type === 'module') break;
            parent = parent.parent;
          }
          if (broken) fails++;
          else skipped++;
        }
      }
      if (tests === 0 && (unfinished || failed(m))) fails++;
    }
    for (const e of unhandledErrors) {
      fails++;
      process.stdout.write(`\nunhandled error outside any test: ${e.message ?? String(e)}\n`);
    }
    process.stdout.write(`\n${passed} passed, ${fails} failed, ${skipped} skipped\n`);
  }
}
