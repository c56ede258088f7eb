import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import {
  startEmbeddedPostgres,
  type TEmbeddedPostgres,
} from '../../services/kit/src/runtime/embedded-postgres.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

import type {} from './harness.ts';

let server: TEmbeddedPostgres | undefined;

/**
 * One real PostgreSQL cluster for the test run, from the embedded-postgres package; its files are
 * kept under .data/ so later runs skip initdb. Each test file creates its own fresh database.
 */
export async function setup(project: TestProject): Promise<void> {
  const external = project.config.env?.TEST_DATABASE_SERVER_URL;
  if (external) {
    project.provide('pgServerUrl', external);
    return;
  }
  server = await startEmbeddedPostgres({ dataDir: path.join(ROOT, '.data/postgres-test'), port: 54339 });
  project.provide('pgServerUrl', server.url);
}

export async function teardown(): Promise<void> {
  if (!server) return;
  // Leftover per-file databases would only waste disk.
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  const { rows } = await client.query<{ datname: string }>(
    `select datname from pg_database where datname like 'test\\_%'`,
  );
  for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  await client.end();
  await server.stop();
}
