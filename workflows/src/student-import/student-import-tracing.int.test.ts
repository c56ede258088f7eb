import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTelemetry, type TTelemetry } from '@stageplein/kit/telemetry/telemetry';
import {
  eventually,
  importHarness,
  studentsCsv,
  upload,
  waitForImport,
  type TImportHarness,
} from '../../test/import-harness.ts';

/**
 * DESIGN §8 for workflows: the spans of an import (the workflow's, recorded in Temporal's sandbox, and
 * its activities') join the trace of the POST /api/v1/imports that started it, through the exporter
 * the kit's telemetry configured (here in memory; OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set).
 */
const exporter = new InMemorySpanExporter();
let telemetry: TTelemetry;
let h: TImportHarness;

beforeAll(async () => {
  telemetry = startTelemetry({ serviceName: 'imports-tracing-test', exporter });
  // The worker starts after the telemetry, like in the stack: it takes its exporting processor.
  h = await importHarness();
}, 300_000);
afterAll(async () => {
  await h?.close();
  await telemetry?.shutdown();
}, 60_000);

it('workflow and activity spans are children of the request that started the import', async () => {
  const res = await upload(h, studentsCsv(3, { offset: 70_000 }), { createMissingGroups: true });
  expect(res.status).toBe(202);
  const done = await waitForImport(h, res.body.data.id as string);
  expect(done.attributes.status).toBe('completed');

  const named = (name: string) => exporter.getFinishedSpans().filter((s) => s.name === name);
  // Workflow spans reach the worker through a sink after their workflow task: wait for the last ones.
  await eventually(async () => {
    expect(named('RunWorkflow:studentImport')).toHaveLength(1);
    expect(named('RunActivity:finishImport')).toHaveLength(1);
  }, 20_000);

  const spans = exporter.getFinishedSpans();
  const request = spans.find((s) => s.kind === SpanKind.SERVER && s.name === 'POST /api/v1/imports');
  expect(request).toBeDefined();
  const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
  /** Span names from `span` up to its root, following parent ids. */
  const lineage = (span: ReadableSpan) => {
    const names = [];
    for (let s: ReadableSpan | undefined = span; s; s = byId.get(s.parentSpanContext?.spanId ?? '')) {
      names.push(s.name);
    }
    return names;
  };
  const traceId = request!.spanContext().traceId;
  for (const name of [
    'StartWorkflow:studentImport',
    'RunWorkflow:studentImport',
    'StartActivity:prepareImport',
    'RunActivity:prepareImport',
    'StartActivity:applyBatch',
    'RunActivity:applyBatch',
    'RunActivity:finishImport',
  ]) {
    const [span] = named(name);
    expect(span, name).toBeDefined();
    expect(span!.spanContext().traceId, name).toBe(traceId);
    expect(lineage(span!).at(-1), `${name}: ${lineage(span!).join(' < ')}`).toBe('POST /api/v1/imports');
  }
  // A workflow span made in the sandbox carries the worker's resource and a parent from the client.
  const [run] = named('RunWorkflow:studentImport');
  expect(run!.resource.attributes['service.name']).toBe('stageplein-workflows');
  // The upload starts the workflow once it has committed, or (if the relay was quicker) the consumer
  // of its `organizations.import.requested` does; either way in the upload's trace.
  const consumer = 'organizations.import-workflows process organizations.import.requested';
  const starter = lineage(run!).slice(2, -1);
  expect([[], [consumer]]).toContainEqual(starter);
  expect(lineage(run!)).toEqual([
    'RunWorkflow:studentImport',
    'StartWorkflow:studentImport',
    ...starter,
    'POST /api/v1/imports',
  ]);
  expect(lineage(named('RunActivity:applyBatch')[0]!)).toEqual([
    'RunActivity:applyBatch',
    'StartActivity:applyBatch',
    'RunWorkflow:studentImport',
    'StartWorkflow:studentImport',
    ...starter,
    'POST /api/v1/imports',
  ]);
});
