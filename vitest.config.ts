import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'adapters/**/*.test.ts'],
    testTimeout: 60_000,
    // Hooks start servers and build fixtures: on a busy machine they take as long as tests.
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time even on two cores (vitest's default would be one):
    // most files spend their time waiting on servers and CLIs in other processes.
    maxWorkers: 2,
    reporters: ['default', './test/support/summary-reporter.ts'],
    // Temp files in a folder of the run's own, removed at its end.
    globalSetup: ['./test/support/temp-root.ts'],
  },
});
