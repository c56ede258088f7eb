import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/dist/**', '.data/**', '.cache/**'];

/**
 * Three projects: unit (pure, beside the code), integration (real PostgreSQL and engines, through
 * app.inject), e2e (the running stack driven in Chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.test.ts'],
          exclude: [
            ...ignored,
            '**/*.int.test.ts',
            '**/*.e2e.test.ts',
            'infra/engines/kafka/**',
            'infra/engines/temporal/**',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts', 'infra/engines/kafka/*.test.ts', 'infra/engines/temporal/*.test.ts'],
          exclude: ignored,
          globalSetup: [
            'infra/testing/src/postgres.global-setup.ts',
            'infra/testing/src/kafka.global-setup.ts',
            'infra/testing/src/temporal.global-setup.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 900_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          exclude: ignored,
          globalSetup: ['infra/testing/src/postgres.global-setup.ts'],
          // expect.poll waits for state the page reaches after a server round trip; its 1 s default
          // is shorter than one such trip on a loaded 2-core machine (seen: a saved e-mail address).
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
