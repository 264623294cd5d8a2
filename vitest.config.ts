import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './test/summary-reporter.js';

export const config = defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'test/**/*.test.ts',
      'web/**/*.test.{ts,tsx}',
      'packages/*/src/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', new SummaryReporter()],
  },
});

// Vitest loads the default export of its config file.
export default config;
