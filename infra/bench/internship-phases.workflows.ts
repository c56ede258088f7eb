// The workflows of infra/bench/internship-phases.bench.ts: the product's interpreter as it is, and the
// bare baseline (a workflow that waits for one Update and ends).
import { condition, defineUpdate, setHandler } from '@temporalio/workflow';

export { internshipPhases } from '@stageplein/workflows/internship-phases/internship-phases.workflow';

export const doneUpdate = defineUpdate<{ ok: true }, [{ taskId: string }]>('done');

export async function bareUpdate(): Promise<void> {
  let done = false;
  setHandler(doneUpdate, () => {
    done = true;
    return { ok: true as const };
  });
  await condition(() => done);
}
