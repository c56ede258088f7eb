import { randomBytes } from 'node:crypto';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common';

/**
 * A Temporal namespace of the calling test file's own on the server at `address` (the run's shared dev
 * server, or a file's private one), registered before it returns. Workflow ids are unique per namespace:
 * every engines file's database is a copy of one seeded template, so the seeds' workflows (internship
 * phases, contract signing) carry the same ids in every file; in one shared namespace an earlier file's
 * closed run made a later file's start a duplicate (contract signing's REJECT_DUPLICATE refused it and
 * the later file's contract never ran). As testKafka's namespace does for topics.
 */
export async function testTemporalNamespace(address: string): Promise<string> {
  const namespace = `t-${randomBytes(5).toString('hex')}`;
  const connection = await Connection.connect({ address });
  try {
    await connection.workflowService.registerNamespace({
      namespace,
      workflowExecutionRetentionPeriod: msToTs('1 day'),
    });
  } finally {
    await connection.close();
  }
  return namespace;
}
