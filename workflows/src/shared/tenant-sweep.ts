import { proxyActivities, workflowInfo, type ActivityOptions } from '@temporalio/workflow';

type TDuration = NonNullable<ActivityOptions['startToCloseTimeout']>;

/** How long one tenant's activity may take and how it is retried; the first retry comes after 5 s, doubling. */
export interface TSweepRetry {
  startToCloseTimeout: TDuration;
  maximumInterval: TDuration;
  maximumAttempts: number;
}

/** The activities of a scheduled sweep, each retried alone as `retry` says. */
export const sweepActivities = <TActivities extends object>(retry: TSweepRetry) =>
  proxyActivities<TActivities>({
    startToCloseTimeout: retry.startToCloseTimeout,
    retry: {
      initialInterval: '5 seconds',
      backoffCoefficient: 2,
      maximumInterval: retry.maximumInterval,
      maximumAttempts: retry.maximumAttempts,
    },
  });

/**
 * The shape of every scheduled per-tenant workflow (compliance sweep, form file cleanup, hours
 * reminders, vacancy closing): ask which tenants to sweep, then sweep them one after another, one
 * activity each (a failing tenant is retried alone), all as of the workflow's start time, so a retry
 * or a replay sees the same moment. The commands (the tenants activity, then one activity per tenant in
 * order) are those the recorded histories hold (test/fixtures/sweep-*.json); keep them so.
 */
export async function sweepEachTenant<TResult>(
  tenants: () => Promise<string[]>,
  sweep: (input: { tenant: string; at: string }) => Promise<TResult>,
): Promise<{ tenants: TResult[] }> {
  const at = workflowInfo().startTime.toISOString();
  const results: TResult[] = [];
  for (const tenant of await tenants()) results.push(await sweep({ tenant, at }));
  return { tenants: results };
}
