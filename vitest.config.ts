import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'adapters/**/*.test.ts'],
    testTimeout: 60_000,
    // Hooks start servers and build fixtures: on a busy machine they take as long as tests.
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
