import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest keeps a core for itself by default, which on a 2-core machine is one worker taking every
    // file in turn; its own process idles while the workers run, so they get every core (two at least).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      'apps/web/vitest.config.ts',
      {
        extends: true,
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Each file builds its own app, database and clock (buildTestApp), and server modules keep
          // nothing one file could leave for another (only memoized patterns and formatters): a worker
          // imports the server once for all its files rather than once per file, which was 40% of this
          // suite's CPU time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
