import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { temporal } from '@temporalio/proto';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_INTERCEPTOR_MODULES, WORKFLOWS_PATH } from './worker.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures');
const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.json'));

beforeAll(() => {
  try {
    Runtime.install({ logger: new DefaultLogger('WARN') });
  } catch {
    // a Runtime already exists in this process
  }
});

/**
 * Recorded histories (`npm run workflows:fixtures`) replayed against today's workflow code: a
 * non-deterministic change (other activities, another order, a removed signal) fails here.
 */
describe('workflow replay', () => {
  // One batch at a time (the first recordings) and in lanes (patch `batches-in-parallel`): both must replay.
  // The four scheduled sweeps were recorded before they shared `shared/tenant-sweep.ts`: they must replay too.
  it('has fixtures', () => {
    expect(files.filter((f) => f.startsWith('student-import-')).length).toBeGreaterThanOrEqual(6);
    expect(files.filter((f) => f.startsWith('sweep-')).sort()).toEqual([
      'sweep-compliance-sweep.json',
      'sweep-form-file-cleanup.json',
      'sweep-hours-reminders.json',
      'sweep-vacancy-closing.json',
    ]);
    // The internship phases' interpreter: each case one history per run (continue-as-new at a phase that
    // waits); `v1-` recorded before its read-model writes became local activities (patch
    // `phase-read-model-local-activities`), `v2-` before the next phase was entered by the run that left
    // the one before (patch `phase-next-entered-before-continue-as-new`: no run for the empty last phase),
    // `v3-` with OpenTelemetry's workflow spans (patch `phase-runs-without-workflow-spans`).
    const before = ['cancelled-1', 'completed-1', 'completed-2', 'migrated-1', 'migrated-2'];
    const now = ['by-hand-1', 'by-hand-2', 'cancelled-1', 'completed-1', 'migrated-1', 'migrated-2'];
    expect(files.filter((f) => f.startsWith('internship-phases-')).sort()).toEqual([
      ...now.map((c) => `internship-phases-${c}.json`),
      ...before.map((c) => `internship-phases-v1-${c}.json`),
      ...before.map((c) => `internship-phases-v2-${c}.json`),
      ...now.map((c) => `internship-phases-v3-${c}.json`),
    ]);
    // A school's nightly Magister sync: its import run as a child; a school whose connection went; and a
    // real run against the local Magister stand-in (magister-import.int.test.ts), with its import's batch
    // and mentor step.
    expect(files.filter((f) => f.startsWith('roster-sync-')).sort()).toEqual([
      'roster-sync-magister-import.json',
      'roster-sync-magister.json',
      'roster-sync-no-connection.json',
      'roster-sync-synced.json',
    ]);
    const scheduled = (f: string) =>
      (
        JSON.parse(readFileSync(path.join(FIXTURES, f), 'utf8')) as {
          events: { activityTaskScheduledEventAttributes?: { activityType: { name: string } } }[];
        }
      ).events.flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType.name ?? []);
    expect(scheduled('roster-sync-magister-import.json').join()).toMatch(
      /^prepareImport(,applyBatch)+,applyMentors,finishImport$/,
    );
    // Contract signing: signed by every order group and sealed; voided after the first turn.
    expect(files.filter((f) => f.startsWith('contract-signing-')).sort()).toEqual([
      'contract-signing-signed.json',
      'contract-signing-voided.json',
    ]);
  });

  it('replays every recorded history deterministically', { timeout: 120_000 }, async () => {
    const histories = files.map((f) => ({
      workflowId: f,
      // A proto instance, not JSON: the SDK's JSON reader trips over two copies of protobufjs in node_modules.
      history: temporal.api.history.v1.History.fromObject(
        JSON.parse(readFileSync(path.join(FIXTURES, f), 'utf8')),
      ),
    }));
    const results = [];
    for await (const result of Worker.runReplayHistories(
      { workflowsPath: WORKFLOWS_PATH, interceptors: { workflowModules: WORKFLOW_INTERCEPTOR_MODULES } },
      histories,
    )) {
      results.push(result);
    }
    expect(results.map((r) => [r.workflowId, r.error?.message ?? null])).toEqual(
      histories.map((h) => [h.workflowId, null]),
    );
  });
});
