import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ensureTemporalTestServer } from '@stageplein/engines/temporal-test-server';

/** A test file's time-skipping Temporal: the environment, and the runs to end after each test. */
export interface TTimeSkipping {
  /** The environment (set in `beforeAll`): `env.client` starts runs, `env.sleep` skips time. */
  readonly env: TestWorkflowEnvironment;
  /** A run this test started: it is terminated when the test ends. */
  started(workflowId: string): void;
}

/**
 * The SDK gives the test server's JVM a fixed 5 s to answer (sdk-core ephemeral_server): on a loaded
 * machine it can take longer (a clean-clone run at load 28 failed both time-skipping files so). A start
 * that only timed out is tried again, up to three times; any other failure is thrown at once.
 */
async function startTestServer(executable: string): Promise<TestWorkflowEnvironment> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await TestWorkflowEnvironment.createTimeSkipping({
        server: { executable: { type: 'existing-path', path: executable } },
      });
    } catch (error) {
      if (attempt === 3 || !/did not start within/.test(String(error))) throw error;
      console.log(`[temporal-test-server] not answering after 5 s (attempt ${attempt}), starting it again`);
    }
  }
}

/**
 * One workflow file on Temporal's Java test server with time skipping (infra/engines/temporal-test-server)
 * and a worker running it with the given (stand-in) activities, for the test file that calls this at its
 * top: started in `beforeAll`, shut down in `afterAll`. Days pass in moments, and the workflow clock is
 * the server's.
 *
 * A test's runs end with it: the test server skips time for every run it holds, so runs left waiting on
 * their timers would make each later test's skipped days fire their reminders too (a CI run stalled so).
 */
export function timeSkippingWorker(options: {
  workflowsPath: string;
  taskQueue: string;
  activities: object;
}): TTimeSkipping {
  let env: TestWorkflowEnvironment | undefined;
  let worker: Worker | undefined;
  let running: Promise<void> | undefined;
  const started: string[] = [];

  beforeAll(async () => {
    try {
      Runtime.install({ logger: new DefaultLogger('WARN') });
    } catch {
      // a Runtime already exists in this process
    }
    const { executable } = await ensureTemporalTestServer({
      log: (m) => console.log(`[temporal-test-server] ${m}`),
    });
    env = await startTestServer(executable);
    worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: options.taskQueue,
      workflowsPath: options.workflowsPath,
      activities: options.activities,
    });
    running = worker.run();
  }, 300_000);

  afterEach(async () => {
    for (const id of started.splice(0))
      await env?.client.workflow
        .getHandle(id)
        .terminate('test done')
        .catch(() => undefined);
  });

  afterAll(async () => {
    if (worker?.getState() === 'RUNNING') worker.shutdown();
    await running?.catch(() => undefined);
    await env?.teardown();
  }, 60_000);

  return {
    get env() {
      if (!env) throw new Error('the time-skipping environment starts in beforeAll');
      return env;
    },
    started: (workflowId) => void started.push(workflowId),
  };
}
