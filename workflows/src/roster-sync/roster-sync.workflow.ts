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
 * (progress, row errors, report, cancel). The run (workflow and run id) keys the import, so a retried
 * activity finds the same one. A school whose connection was removed syncs nothing.
 */
export async function rosterSync(input: TRosterSyncInput): Promise<TStudentImportSummary | null> {
  // The execution keys the import: a retried activity finds the same one, and two runs under one workflow
  // id (the schedule names its runs by the second: two in the same second share it) open one each.
  const { workflowId, runId } = workflowInfo();
  const opened = await openRosterSync({ ...input, runKey: `${workflowId}/${runId}` });
  if (!opened) return null;
  return executeChild(WORKFLOW_TYPES.studentImport, {
    workflowId: opened.workflowId,
    args: [{ tenant: input.tenant, importId: opened.importId }],
    // A sync cut short still ends its import (its own cancel handling) rather than dying with the parent.
    parentClosePolicy: ParentClosePolicy.REQUEST_CANCEL,
  });
}
