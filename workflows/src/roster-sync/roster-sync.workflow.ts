import { ParentClosePolicy, executeChild, proxyActivities, workflowInfo } from '@temporalio/workflow';
import {
  WORKFLOW_TYPES,
  type TRosterSyncInput,
  type TStudentImportSummary,
} from '@stageplein/contracts/workflows/names';
import type { TStudentImportActivities } from '@stageplein/organizations/activities';

const { openRosterSync } = proxyActivities<TStudentImportActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', maximumAttempts: 10 },
});

/**
 * A school's nightly Magister sync (its schedule's workflow, docs/decisions/workflows.md "Roster sources"): opens an
 * import of the school's Magister roster and runs it as the student import every other import is
 * (progress, row errors, report, cancel). The run's workflow id keys the import, so a retried
 * activity finds the same one. A school whose connection was removed syncs nothing.
 */
export async function rosterSync(input: TRosterSyncInput): Promise<TStudentImportSummary | null> {
  const opened = await openRosterSync({ ...input, runKey: workflowInfo().workflowId });
  if (!opened) return null;
  return executeChild(WORKFLOW_TYPES.studentImport, {
    workflowId: opened.workflowId,
    args: [{ tenant: input.tenant, importId: opened.importId }],
    // A sync cut short still ends its import (its own cancel handling) rather than dying with the parent.
    parentClosePolicy: ParentClosePolicy.REQUEST_CANCEL,
  });
}
