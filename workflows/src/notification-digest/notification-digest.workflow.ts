import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type {
  TNotificationDigestInput,
  TNotificationDigestSummary,
} from '@stageplein/contracts/workflows/names';
import type { TNotificationsActivities } from '@stageplein/notifications/activities';

/** Set by Temporal on a run a schedule started: the time it was due, even when it ran late (catch-up). */
const SCHEDULED_AT = defineSearchAttributeKey('TemporalScheduledStartTime', SearchAttributeType.DATETIME);

const { sendTenantDigests } = proxyActivities<TNotificationsActivities>({
  // A tenant's people, one transaction and one queued mail each: minutes for the largest tenant.
  startToCloseTimeout: '10 minutes',
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '2 minutes',
    maximumAttempts: 10,
  },
});

/**
 * One tenant's periodic mail (schedule `notification-digest-<tenant>`, NOTIFICATION_DIGEST_SCHEDULE;
 * docs/decisions/notifications.md "Digest"): the digests due on the day the run was scheduled for. A retry
 * or a second run of the same day sends nothing twice (the activity claims each person's period once).
 */
export async function notificationDigest(
  input: TNotificationDigestInput,
): Promise<TNotificationDigestSummary> {
  const info = workflowInfo();
  const at = input.at ?? (info.typedSearchAttributes.get(SCHEDULED_AT) ?? info.startTime).toISOString();
  return sendTenantDigests({ tenant: input.tenant, at });
}
