import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './throwaway-postgres.ts';
import type {} from './harness.ts';

let server: { stop(): Promise<void> } | undefined;

/**
 * A real PostgreSQL cluster of this test run and project alone; each test file then creates its own
 * fresh database in it (infra/testing/src/harness.ts).
 */
export async function setup(project: TestProject): Promise<void> {
  const external = project.config.env?.TEST_DATABASE_SERVER_URL;
  if (external) {
    project.provide('pgServerUrl', external);
    return;
  }
  const pg = await startThrowawayPostgres(project.name);
  server = pg;
  project.provide('pgServerUrl', pg.url);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
