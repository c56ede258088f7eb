import { randomUUID } from 'node:crypto';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { internshipPhasesWorkflowId, TASK_QUEUES } from '@stageplein/contracts/workflows/names';
import { startTelemetry, tracer, type TTelemetry } from '@stageplein/kit/telemetry/telemetry';
import { phaseWorkflows } from '@stageplein/placements/phase-runs/phase-workflows';
import { phaseRunStandIns, samplePlan } from '../../test/phase-run-stand-ins.ts';
import { testTemporal, type TTestTemporal } from '../../test/temporal-client.ts';
import { createWorker } from '../worker.ts';
import { PHASE_RUNS_WITHOUT_SPANS } from '../workflow-interceptors.ts';

/**
 * A phase run records no workflow spans (patch `phase-runs-without-workflow-spans`, workflow-interceptors.ts)
 * but hands the trace it was started with on to its activities: their spans join the caller's trace, as
 * the import's do (student-import-tracing.int). On the run's dev server, kit's client and telemetry.
 */
const VERSION = '00000000-0000-4000-8000-0000000000e1';
const STUDENT_TASK = '00000000-0000-4000-8000-0000000000b1';
const exporter = new InMemorySpanExporter();
let telemetry: TTelemetry;
let temporal: TTestTemporal;

beforeAll(async () => {
  // Before the worker, as in the stack: the worker takes the telemetry's exporting processor.
  telemetry = startTelemetry({ serviceName: 'phase-run-tracing-test', exporter });
  temporal = await testTemporal(inject('temporalAddress'));
}, 60_000);
afterAll(async () => {
  await temporal?.close();
  await telemetry?.shutdown();
}, 60_000);

it(
  'records no workflow spans; its activities join the trace that started it',
  { timeout: 120_000 },
  async () => {
    const { client, native, namespace, placements } = temporal;
    const stand = phaseRunStandIns(new Map([[VERSION, samplePlan(VERSION)]]));
    const worker = await createWorker({
      connection: native,
      namespace,
      taskQueue: TASK_QUEUES.internshipPhases,
      workflowBundlePath: inject('workflowBundlePath'),
      activities: stand.activities,
    });
    const phases = phaseWorkflows(placements);
    const internshipId = randomUUID();
    const workflowId = internshipPhasesWorkflowId(internshipId);
    let traceId = '';
    await worker.runUntil(async () => {
      // The consumer's start inside a span of its own (a request's or a consumer's in the product).
      await tracer().startActiveSpan('phase run start', async (span) => {
        traceId = span.spanContext().traceId;
        await phases.start(workflowId, { tenant: 'demo', internshipId, versionId: VERSION });
        span.end();
      });
      while (stand.phases.size === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      await phases.completeTask(workflowId, {
        taskId: `phase-${internshipId}-0/${STUDENT_TASK}`,
        userId: 'u-student',
        actors: ['student'],
      });
      await client.workflow.getHandle(workflowId).result();
    });
    const history = await client.workflow.getHandle(workflowId).fetchHistory();
    const patches = (history.events ?? [])
      .flatMap((e) => e.markerRecordedEventAttributes?.details?.['patch-data']?.payloads ?? [])
      .map((p) => Buffer.from(p.data ?? []).toString());
    expect(patches.join(' ')).toContain(PHASE_RUNS_WITHOUT_SPANS);

    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    const names = spans.map((s) => s.name);
    // Every read-model write of the run (local activities): enter, complete, leave, enter the last, leave, end.
    expect(names.filter((n) => n.startsWith('RunActivity:')).sort()).toEqual(
      [
        'RunActivity:completePhaseTask',
        'RunActivity:endPhaseRun',
        'RunActivity:enterPhase',
        'RunActivity:enterPhase',
        'RunActivity:leavePhase',
        'RunActivity:leavePhase',
      ].sort(),
    );
    // Nothing from the sandbox: no RunWorkflow, StartActivity, HandleUpdate or ValidateUpdate span.
    expect(names.filter((n) => /^(RunWorkflow|StartActivity|HandleUpdate|ValidateUpdate):/.test(n))).toEqual(
      [],
    );
    expect(exporter.getFinishedSpans().filter((s) => s.name === 'RunWorkflow:internshipPhases')).toEqual([]);
  },
);
