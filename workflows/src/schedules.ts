import {
  Client,
  Connection,
  ScheduleAlreadyRunning,
  ScheduleNotFoundError,
  ScheduleOverlapPolicy,
} from '@temporalio/client';
import { TENANT_IDS } from '@stageplein/contracts/tenants/tenant.types';
import {
  COMPLIANCE_SWEEP_SCHEDULE,
  NOTIFICATION_DIGEST_SCHEDULE,
  notificationDigestScheduleId,
  FORM_FILE_CLEANUP_SCHEDULE,
  HOURS_REMINDERS_SCHEDULE,
  TASK_QUEUES,
  VACANCY_CLOSING_SCHEDULE,
  WORKFLOW_TYPES,
} from '@stageplein/contracts/workflows/names';

/** A recurring workflow of the product: its schedule id, cron (in `timezone`) and how far it catches up. */
export interface TScheduleDefinition {
  id: string;
  cron: string;
  timezone: string;
  workflowType: (typeof WORKFLOW_TYPES)[keyof typeof WORKFLOW_TYPES];
  /** A run missed while no worker ran starts once one is back, if it is at most this old. */
  catchupWindow: string;
}

/** Every schedule the worker keeps (docs/decisions/workflows.md). */
export const SCHEDULES = {
  /** Daily: compliance states that changed with the date, reminders of expiring documents. */
  complianceSweep: {
    ...COMPLIANCE_SWEEP_SCHEDULE,
    workflowType: WORKFLOW_TYPES.complianceSweep,
    catchupWindow: '1 day',
  },
  /** Every quarter of an hour: vacancies past their closing time are closed. */
  vacancyClosing: {
    ...VACANCY_CLOSING_SCHEDULE,
    workflowType: WORKFLOW_TYPES.vacancyClosing,
    catchupWindow: '1 hour',
  },
  /** Daily: supervisors of hours waiting too long, mentors of students behind schedule. */
  hoursReminders: {
    ...HOURS_REMINDERS_SCHEDULE,
    workflowType: WORKFLOW_TYPES.hoursReminders,
    catchupWindow: '1 day',
  },
  /** Hourly: files uploaded on public forms that no submission named within a day are removed. */
  formFileCleanup: {
    ...FORM_FILE_CLEANUP_SCHEDULE,
    workflowType: WORKFLOW_TYPES.formFileCleanup,
    catchupWindow: '1 hour',
  },
} as const satisfies Record<string, TScheduleDefinition>;

/**
 * The periodic mail, one schedule per tenant (`notification-digest-<tenant>`, its tenant the run's
 * argument): every morning; each run sends the digests due that day. A missed morning is caught up
 * within a day (the run reads the day it was due for).
 */
export const tenantDigestSchedule = (
  tenant: string,
): TScheduleDefinition & { args: [{ tenant: string }] } => ({
  id: notificationDigestScheduleId(tenant),
  cron: NOTIFICATION_DIGEST_SCHEDULE.cron,
  timezone: NOTIFICATION_DIGEST_SCHEDULE.timezone,
  workflowType: WORKFLOW_TYPES.notificationDigest,
  catchupWindow: '1 day',
  args: [{ tenant }],
});

/** Every schedule the worker keeps: the product's and each tenant's digest. */
export const allSchedules = (): (TScheduleDefinition & { args?: unknown[] })[] => [
  ...Object.values(SCHEDULES),
  ...TENANT_IDS.map(tenantDigestSchedule),
];

/**
 * Creates the schedule unless it exists (every worker start calls this; the first one wins). Temporal
 * keeps it durably, and two runs of one schedule never overlap.
 */
export async function ensureSchedule(
  connection: Connection,
  namespace: string,
  schedule: TScheduleDefinition & { args?: unknown[] },
  options: { scheduleId?: string; taskQueue?: string } = {},
): Promise<string> {
  const client = new Client({ connection, namespace });
  const scheduleId = options.scheduleId ?? schedule.id;
  try {
    await client.schedule.create({
      scheduleId,
      spec: { cronExpressions: [schedule.cron], timezone: schedule.timezone },
      action: {
        type: 'startWorkflow',
        workflowType: schedule.workflowType,
        taskQueue: options.taskQueue ?? TASK_QUEUES.imports,
        args: schedule.args ?? [],
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: schedule.catchupWindow },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
  return scheduleId;
}

/**
 * Deletes the product's schedules from a namespace (those `ensureSchedule` made under their own ids): for
 * a worker taken out of service, and for a test that ran the distributed worker against a Temporal
 * server other test files share — a schedule left there would start its workflow on their workers, on
 * their data, at the next quarter of an hour. Returns the ids it deleted.
 */
export async function deleteSchedules(address: string, namespace: string): Promise<string[]> {
  const connection = await Connection.connect({ address });
  try {
    const client = new Client({ connection, namespace });
    const deleted: string[] = [];
    for (const { id } of allSchedules()) {
      try {
        await client.schedule.getHandle(id).delete();
        deleted.push(id);
      } catch (error) {
        if (!(error instanceof ScheduleNotFoundError)) throw error;
      }
    }
    return deleted;
  } finally {
    await connection.close();
  }
}
