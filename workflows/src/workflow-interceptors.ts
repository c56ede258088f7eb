// The workflow interceptors of every worker (they run in the sandbox, bundled with the workflow code):
// OpenTelemetry's, which continue the caller's trace inside workflows (headers → spans), for every
// workflow but the internship phase runs started since the patch below.
import { interceptors as openTelemetry } from '@temporalio/interceptors-opentelemetry/lib/workflow-interceptors.js';
import {
  patched,
  workflowInfo,
  type Headers,
  type Payload,
  type WorkflowInterceptors,
} from '@temporalio/workflow';
import { WORKFLOW_TYPES } from '@stageplein/contracts/workflows/names';

/**
 * A phase run records no workflow spans: it hands the trace it was started with (the header) on to its
 * activities, whose spans still join the request's trace. Why: OpenTelemetry's spans inside the sandbox
 * (one per activity, update and validation, each with its promises and its export through a sink) were
 * about a third of the phases' worker CPU (infra/bench/internship-phases), for spans that only name the
 * workflow's steps. Runs recorded before the patch keep OpenTelemetry's interceptors: their yields are part
 * of the recorded command order (an Update's answer against a timer's cancel).
 */
export const PHASE_RUNS_WITHOUT_SPANS = 'phase-runs-without-workflow-spans';
/** OpenTelemetry's header (`@temporalio/interceptors-opentelemetry`'s TRACE_HEADER). */
const TRACE_HEADER = '_tracer-data';

export const interceptors = (): WorkflowInterceptors => {
  const otel = openTelemetry();
  if (workflowInfo().workflowType !== WORKFLOW_TYPES.internshipPhases) return otel;
  const inbound = otel.inbound![0]!;
  const outbound = otel.outbound![0]!;
  // Decided when the run starts (`execute`, before the workflow's first line); OpenTelemetry's until then.
  let spans = true;
  let trace: Payload | undefined;
  const traced = <T extends { headers: Headers }>(input: T): T =>
    trace ? { ...input, headers: { ...input.headers, [TRACE_HEADER]: trace } } : input;
  return {
    inbound: [
      {
        execute(input, next) {
          spans = !patched(PHASE_RUNS_WITHOUT_SPANS);
          trace = input.headers[TRACE_HEADER];
          return spans ? inbound.execute!(input, next) : next(input);
        },
        handleSignal: (input, next) => (spans ? inbound.handleSignal!(input, next) : next(input)),
        handleUpdate: (input, next) => (spans ? inbound.handleUpdate!(input, next) : next(input)),
        validateUpdate: (input, next) => (spans ? inbound.validateUpdate!(input, next) : next(input)),
        handleQuery: (input, next) => (spans ? inbound.handleQuery!(input, next) : next(input)),
      },
    ],
    outbound: [
      {
        scheduleActivity: (input, next) =>
          spans ? outbound.scheduleActivity!(input, next) : next(traced(input)),
        scheduleLocalActivity: (input, next) =>
          spans ? outbound.scheduleLocalActivity!(input, next) : next(traced(input)),
        startChildWorkflowExecution: (input, next) =>
          spans ? outbound.startChildWorkflowExecution!(input, next) : next(traced(input)),
        continueAsNew: (input, next) => (spans ? outbound.continueAsNew!(input, next) : next(traced(input))),
        signalWorkflow: (input, next) =>
          spans ? outbound.signalWorkflow!(input, next) : next(traced(input)),
        startNexusOperation: (input, next) =>
          spans ? outbound.startNexusOperation!(input, next) : next(input),
        getLogAttributes: (input, next) => outbound.getLogAttributes!(input, next),
        getMetricTags: (input, next) => outbound.getMetricTags!(input, next),
      },
    ],
    internals: otel.internals,
  };
};
