import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/dist/**', '.data/**', '.cache/**'];

/**
 * Suites that need Kafka or Temporal. They run one file at a time in their own project: the fault
 * tests stop and kill the broker and the adapter suites start and stop engines. On the run's one
 * Temporal dev server each workflows file (workflows/test/import-harness.ts) has a namespace of its
 * own (workflows/test/temporal-namespace.ts): their databases are copies of one seeded template, so the seeds'
 * workflows carry the same ids in every file.
 */
const ENGINE_SUITES = [
  'infra/engines/kafka/*.test.ts',
  'infra/engines/temporal/*.test.ts',
  'infra/stack/test/distributed.int.test.ts',
  'services/kit/test/kafka-*.int.test.ts',
  'services/kit/test/event-tracing.int.test.ts',
  'services/kit/test/temporal-*.int.test.ts',
  'services/*/test/*.kafka.int.test.ts',
  'workflows/**/*.int.test.ts',
];

/**
 * Four projects, run one group after another (sequence.groupOrder): unit (pure, beside the code);
 * integration (real PostgreSQL through app.inject, every file its own database, so files run in
 * parallel); engines (Kafka and Temporal suites, one file at a time); e2e (the running stack driven in
 * Chromium, two files at a time). The whole suite (`npm test`, infra/scripts/test.mjs) runs engines in a
 * second Vitest process beside unit and integration: the engine suites mostly wait on brokers.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.test.ts'],
          exclude: [...ignored, '**/*.int.test.ts', '**/*.e2e.test.ts', ...ENGINE_SUITES],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['**/*.int.test.ts'],
          exclude: [...ignored, ...ENGINE_SUITES],
          // Redis and VersityGW (S3): the distributed profile's rate-limit and file stores, tested
          // against the real things.
          globalSetup: [
            'infra/testing/src/postgres.global-setup.ts',
            'infra/testing/src/redis.global-setup.ts',
            'infra/testing/src/s3.global-setup.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 900_000,
          // Two files at a time: the machine has two cores and PostgreSQL needs its share of them.
          maxWorkers: 2,
          // A worker keeps its imported modules from file to file (each file still builds its own app on
          // its own database): importing the services once per worker instead of once per file took the
          // project from 289 to 143 s.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'engines',
          include: ENGINE_SUITES,
          exclude: ignored,
          globalSetup: [
            'infra/testing/src/postgres.global-setup.ts',
            'infra/testing/src/kafka.global-setup.ts',
            'infra/testing/src/temporal.global-setup.ts',
            // The distributed profile's file store (distributed.int.test.ts).
            'infra/testing/src/s3.global-setup.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 900_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
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
          // Two files at a time: a browser test waits on pages, animations and round trips for much of
          // its time, so two share the cores well (each file has its own stack, ports and Chromium).
          maxWorkers: 2,
          // As integration: modules imported once per worker (each file starts its own stack).
          isolate: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
