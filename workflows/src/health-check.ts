// The worker image's HEALTHCHECK (infra/images/Dockerfile): healthy while this container's worker polls
// every task queue it serves, as Temporal sees it — a worker whose pollers stopped is unhealthy even
// when Temporal itself is reachable. Exit 0 healthy, 1 not.
import os from 'node:os';
import { Connection } from '@temporalio/client';
import { loadConfig } from '@stageplein/kit/config/config';
import { TASK_QUEUES } from '@stageplein/contracts/workflows/names';

// A poller that has not come back within this long has stopped (a long poll lasts at most ~60 s).
const STALE_MS = 90_000;
// Workflow and activity task queues (temporal.api.enums.v1.TaskQueueType).
const TASK_QUEUE_TYPES = [1, 2];

const config = loadConfig({});
const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS, connectTimeout: 3000 });
// The SDK names a worker `<pid>@<hostname>`; the container's hostname is its own.
const mine = `@${os.hostname()}`;
let healthy = true;
for (const queue of Object.values(TASK_QUEUES)) {
  for (const taskQueueType of TASK_QUEUE_TYPES) {
    const { pollers } = await connection.workflowService.describeTaskQueue({
      namespace: config.TEMPORAL_NAMESPACE,
      taskQueue: { name: queue },
      taskQueueType,
    });
    const polling = (pollers ?? []).some(
      (p) =>
        p.identity?.endsWith(mine) && Date.now() - Number(p.lastAccessTime?.seconds ?? 0) * 1000 < STALE_MS,
    );
    if (!polling) {
      console.error(`not polling ${queue} (task queue type ${taskQueueType})`);
      healthy = false;
    }
  }
}
await connection.close();
process.exit(healthy ? 0 : 1);
