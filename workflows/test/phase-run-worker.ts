// A worker process of its own for the internship-phases crash test (internship-phases-crash.int.test.ts):
// the interpreter from the run's workflow bundle with the stand-in activities on a shortened day. What
// the activities did is appended to CALLS_FILE before each returns, and a new process reads it back
// first: that file plays the database, which outlives a killed worker; the worker's memory does not.
import fs from 'node:fs';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import type { TPhaseRunActivities } from '@stageplein/placements/activities';
import { phaseRunStandIns, samplePlan } from './phase-run-stand-ins.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const address = env('TEMPORAL_ADDRESS');
const taskQueue = env('TASK_QUEUE');
const bundle = env('WORKFLOW_BUNDLE');
const callsFile = env('CALLS_FILE');
const versionId = env('VERSION_ID');
const dayMs = Number(env('DAY_MS'));

Runtime.install({ logger: new DefaultLogger('WARN') });
const stand = phaseRunStandIns(new Map([[versionId, samplePlan(versionId)]]), undefined, { dayMs });
type TName = keyof TPhaseRunActivities;
const call = (name: TName, input: unknown) =>
  (stand.activities[name] as (input: unknown) => Promise<unknown>)(input);

// What an earlier (killed) worker's activities wrote, applied again to this process's stand-ins.
if (fs.existsSync(callsFile))
  for (const line of fs.readFileSync(callsFile, 'utf8').split('\n').filter(Boolean)) {
    const { name, input } = JSON.parse(line) as { name: TName; input: unknown };
    await call(name, input);
  }

const activities = Object.fromEntries(
  (Object.keys(stand.activities) as TName[]).map((name) => [
    name,
    async (input: unknown) => {
      const result = await call(name, input);
      fs.appendFileSync(callsFile, `${JSON.stringify({ name, at: Date.now(), pid: process.pid, input })}\n`);
      return result;
    },
  ]),
) as unknown as TPhaseRunActivities;

const connection = await NativeConnection.connect({ address });
const worker = await Worker.create({
  connection,
  taskQueue,
  workflowBundle: { codePath: bundle },
  activities,
});
console.log(`worker ready pid=${process.pid}`);
await worker.run();
await connection.close();
