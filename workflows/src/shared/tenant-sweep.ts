import { proxyActivities, workflowInfo, type ActivityOptions } from '@temporalio/workflow';

type TDuration = NonNullable<ActivityOptions['startToCloseTimeout']>;

/** How long one tenant's activity may take and how it is retried; the first retry comes after 5 s, doubling. */
export interface TSweepRetry {
  startToCloseTimeout: TDuration;
  maximumInterval: TDuration;
  maximumAttempts: number;
}

/** A sweep's retry unless it says otherwise: two minutes a tenant, retried up to ten times. */
export const SWEEP_RETRY: TSweepRetry = {
  startToCloseTimeout: '2 minutes',
  maximumInterval: '2 minutes',
  maximumAttempts: 10,
};

/** The activity that names the tenants to sweep. */
type TTenantsActivity = () => Promise<string[]>;
/** The activity that sweeps one tenant, as of `at`. */
type TSweepActivity = (input: { tenant: string; at: string }) => Promise<unknown>;
/** The names of `T`'s activities of shape `F`. */
type TNamesOf<T, F> = { [K in keyof T]: T[K] extends F ? K : never }[keyof T] & string;

/**
 * The shape of every scheduled per-tenant workflow (compliance sweep, form file cleanup, hours
 * reminders, vacancy closing), declared once: `tenantSweep<TActivities>()(tenants, sweep, retry)` is the
 * workflow function. It asks which tenants to sweep (activity `tenants`), then sweeps them one after
 * another (activity `sweep` per tenant, retried alone as `retry` says), all as of the workflow's start
 * time, so a retry or a replay sees the same moment. The commands (the tenants activity, then one
 * activity per tenant in order) are those the recorded histories hold (test/fixtures/sweep-*.json); keep
 * them so.
 */
export const tenantSweep =
  <TActivities extends object>() =>
  <
    TTenants extends TNamesOf<TActivities, TTenantsActivity>,
    TSweep extends TNamesOf<TActivities, TSweepActivity>,
  >(
    tenants: TTenants,
    sweep: TSweep,
    retry: TSweepRetry = SWEEP_RETRY,
  ) => {
    const activities = proxyActivities<Pick<TActivities, TTenants | TSweep>>({
      startToCloseTimeout: retry.startToCloseTimeout,
      retry: {
        initialInterval: '5 seconds',
        backoffCoefficient: 2,
        maximumInterval: retry.maximumInterval,
        maximumAttempts: retry.maximumAttempts,
      },
    }) as Record<TTenants, TTenantsActivity> & Record<TSweep, TSweepActivity>;
    type TResult = Awaited<ReturnType<Extract<TActivities[TSweep], TSweepActivity>>>;
    return async (): Promise<{ tenants: TResult[] }> => {
      const at = workflowInfo().startTime.toISOString();
      const results: TResult[] = [];
      for (const tenant of await activities[tenants]())
        results.push((await activities[sweep]({ tenant, at })) as TResult);
      return { tenants: results };
    };
  };
