import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureTemporal, startTemporalDevServer } from '@stageplein/engines/temporal';
import { bundleWorkflows } from '@stageplein/workflows/worker';
import { freePort } from './processes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `127.0.0.1:<port>` of the run's Temporal dev server; see temporal.global-setup.ts. */
    temporalAddress: string;
    /** The Temporal CLI binary (for `@temporalio/testing` as an existing path). */
    temporalBinary: string;
    /** The workflow code bundled once for the run's workers (workflows/test/import-harness.ts). */
    workflowBundlePath: string;
  }
}

let stop: (() => Promise<void>) | undefined;
let dir: string | undefined;

/**
 * ONE real Temporal dev server for the integration run, on a free port with a throwaway SQLite file.
 * The CLI is built from its Go module on first use (infra/engines/temporal; ~11 min once per machine, with
 * progress lines). TEST_TEMPORAL_ADDRESS points the run at an existing server instead.
 */
export async function setup(project: TestProject): Promise<void> {
  const log = (m: string) => console.log(`[temporal] ${m}`);
  const { binary } = await ensureTemporal({ log });
  project.provide('temporalBinary', binary);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stageplein-temporal-'));
  // Bundled once here (webpack, seconds on two cores) instead of by every worker the files start.
  const bundle = path.join(dir, 'workflow-bundle.js');
  await bundleWorkflows(bundle);
  project.provide('workflowBundlePath', bundle);
  const external = project.config.env?.TEST_TEMPORAL_ADDRESS ?? process.env.TEST_TEMPORAL_ADDRESS;
  if (external) {
    project.provide('temporalAddress', external);
    return;
  }
  const server = await startTemporalDevServer({
    port: await freePort(),
    dbFile: path.join(dir, 'dev.sqlite'),
    log,
  });
  stop = server.stop;
  project.provide('temporalAddress', server.address);
}

export async function teardown(): Promise<void> {
  await stop?.();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}
