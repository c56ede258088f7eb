import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  bundleWorkflowCode,
  DefaultLogger,
  NativeConnection,
  type Worker,
  type WorkerOptions,
} from '@temporalio/worker';
import { TASK_QUEUES } from '@stageplein/contracts/workflows/names';
import { Connection } from '@temporalio/client';
import { createActivities as contentActivities } from '@stageplein/content/activities';
import type { TContentConfig } from '@stageplein/content/content.config';
import { createActivities as organizationsActivities } from '@stageplein/organizations/activities';
import { createActivities as placementsActivities } from '@stageplein/placements/activities';
import {
  activityMailQueue,
  createActivities as notificationsActivities,
} from '@stageplein/notifications/activities';
import type { TNotificationsConfig } from '@stageplein/notifications/notifications.config';
import type { TOrganizationsConfig } from '@stageplein/organizations/organizations.config';
import type { TPlacementsConfig } from '@stageplein/placements/placements.config';
import { httpStudentDirectory, inProcessStudentDirectory } from './student-import/student-directory.ts';
import {
  createWorker,
  WORKFLOW_BUNDLE_PATH,
  WORKFLOW_INTERCEPTOR_MODULES,
  WORKFLOWS_PATH,
  type TSpanProcessorLike,
} from './worker.ts';
import { allSchedules, ensureSchedule } from './schedules.ts';

/**
 * The options of the product's workers beyond `createWorker`'s (every task queue alike; the SDK's defaults
 * for slots and pollers): infra/bench/internship-phases runs the phases' worker with them.
 */
export const PHASE_WORKER_OPTIONS: Partial<WorkerOptions> = { shutdownGraceTime: '30 seconds' };

export interface TRunningWorker {
  /** The imports' worker (and the scheduled sweeps'). */
  worker: Worker;
  /** The internship phases' worker (TASK_QUEUES.internshipPhases). */
  phasesWorker: Worker;
  /** The contracts' signing worker (TASK_QUEUES.contractSigning). */
  signingWorker: Worker;
  /** Stops polling, lets activities in progress finish (shutdown grace), closes the connection. */
  stop(): Promise<void>;
}

/**
 * Connects to Temporal and runs the worker until `stop()`: the embedded profile calls it in-process
 * (identity reached through the stack's own app), the standalone worker with IDENTITY_URL.
 */
export async function runWorker(options: {
  /** The kit's keys and those of the services whose activities it runs. */
  config: TOrganizationsConfig & TPlacementsConfig & TContentConfig & TNotificationsConfig;
  /** RLS-bound app-role database (the services' use cases set the tenant per transaction). */
  db: Kysely<unknown>;
  /** Identity in this process; otherwise `config.IDENTITY_URL`. */
  app?: FastifyInstance;
  spanProcessor?: TSpanProcessorLike;
  workflowCode?: 'bundle' | 'source';
  /** A prebuilt bundle of the workflow code to load (a test run's, see `createWorker`). */
  workflowBundlePath?: string;
  now?: () => Date;
  /**
   * Create the product's Temporal schedules (SCHEDULES in schedules.ts) if missing: the real
   * processes do (`npm start`, the standalone worker); tests that share one Temporal server do not.
   */
  schedules?: boolean;
}): Promise<TRunningWorker> {
  const { config } = options;
  if (!config.TEMPORAL_ADDRESS) throw new Error('TEMPORAL_ADDRESS is not set');
  const students = options.app
    ? inProcessStudentDirectory(options.app, config.AUTH_TOKEN_SECRET)
    : config.IDENTITY_URL
      ? httpStudentDirectory(config.IDENTITY_URL, config.AUTH_TOKEN_SECRET)
      : undefined;
  if (!students) throw new Error('the worker needs IDENTITY_URL (or the embedded stack) to reach identity');
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  // The periodic mail's queue (notifications' activities), when mail is configured.
  const mail = activityMailQueue(config);
  try {
    // The composition of every service's activities.
    const activities = {
      ...organizationsActivities({
        db: options.db,
        config,
        students,
        batchSize: config.IMPORT_BATCH_SIZE,
        now: options.now,
      }),
      ...placementsActivities({ db: options.db, config }),
      ...contentActivities({ db: options.db, config }),
      ...notificationsActivities({ db: options.db, config, enqueue: mail?.enqueue, now: options.now }),
    };
    const production = config.NODE_ENV === 'production';
    // Three task queues, one workflow code: from source it is bundled once here for every worker.
    const fromSource =
      !options.workflowBundlePath &&
      (options.workflowCode ?? (production && existsSync(WORKFLOW_BUNDLE_PATH) ? 'bundle' : 'source')) ===
        'source';
    const workflowBundleCode = fromSource
      ? (
          await bundleWorkflowCode({
            workflowsPath: WORKFLOWS_PATH,
            workflowInterceptorModules: WORKFLOW_INTERCEPTOR_MODULES,
            logger: new DefaultLogger('WARN'),
          })
        ).code
      : undefined;
    const workerOf = (taskQueue: string) =>
      createWorker({
        connection,
        namespace: config.TEMPORAL_NAMESPACE,
        production,
        workflowCode: options.workflowCode,
        workflowBundlePath: options.workflowBundlePath,
        workflowBundleCode,
        spanProcessor: options.spanProcessor,
        taskQueue,
        activities,
        options: PHASE_WORKER_OPTIONS,
      });
    const worker = await workerOf(TASK_QUEUES.imports);
    const phasesWorker = await workerOf(TASK_QUEUES.internshipPhases);
    const signingWorker = await workerOf(TASK_QUEUES.contractSigning);
    if (options.schedules) {
      const client = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
      try {
        for (const schedule of allSchedules())
          await ensureSchedule(client, config.TEMPORAL_NAMESPACE, schedule);
      } finally {
        await client.close();
      }
    }
    const running = Promise.all([worker.run(), phasesWorker.run(), signingWorker.run()]);
    return {
      worker,
      phasesWorker,
      signingWorker,
      async stop() {
        for (const w of [worker, phasesWorker, signingWorker]) if (w.getState() === 'RUNNING') w.shutdown();
        await running.catch(() => undefined);
        await mail?.close();
        await connection.close();
      },
    };
  } catch (error) {
    await mail?.close();
    await connection.close();
    throw error;
  }
}
