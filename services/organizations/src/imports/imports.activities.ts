import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type {
  TStudentBulkUpsertBody,
  TStudentBulkUpsertResult,
  TStudentImportStatus,
  TStudentUpsertOutcome,
} from '@stageplein/contracts/imports/student-import';
import type { TRosterSyncInput, TStudentImportInput } from '@stageplein/contracts/workflows/names';
import type { TImportRun, TImportSummary } from './import-run.service.ts';
import { ImportFileError } from './student-import.csv.ts';
import type { TMagisterClientOptions } from '../roster-sources/magister.client.ts';
import { RosterSourceError } from '../roster-sources/magister.client.ts';
import { magisterRosterSource } from '../roster-sources/magister.source.ts';
import { csvRosterSource, type TRosterSource } from '../roster-sources/roster-source.ts';
import { validateStudentRows } from './student-import.validate.ts';
import { unchangedStudent } from './roster-diff.ts';

/**
 * Identity's students, as the activities reach them (its internal bulk API): a port the worker fills
 * (over HTTP, or in-process in the embedded profile), so organizations never imports identity.
 */
export interface TStudentDirectory {
  bulkUpsert(tenant: string, body: TStudentBulkUpsertBody): Promise<TStudentBulkUpsertResult>;
}

export interface TStudentImportDeps {
  /** Organizations' use cases of a running import (state, rows, groups, levels, enrolments). */
  imports: TImportRun;
  students: TStudentDirectory;
  /** Valid rows per batch: one identity call and one organizations transaction each. */
  batchSize?: number;
  /** Batches applied side by side (their rows never overlap: a file names each student once). */
  batchesInFlight?: number;
  /** How the Magister source reaches Magister (MAGISTER_HOSTS; tests add a quick `sleep`). */
  magister: TMagisterClientOptions;
}

export type TStudentImportRef = TStudentImportInput;

export interface TStudentImportPlan {
  batchCount: number;
  total: number;
  valid: number;
  invalid: number;
  parseMs: number;
  /** Lanes of batches the workflow runs at once (absent in histories from before lanes). */
  batchesInFlight?: number;
  /** The source names the school's mentors (Magister): `applyMentors` runs once the batches are done. */
  syncMentors?: boolean;
}

export const DEFAULT_BATCH_SIZE = 250;
/** Two lanes keep the worker and PostgreSQL both busy (one prepares while the other writes). */
export const DEFAULT_BATCHES_IN_FLIGHT = 2;

/** Tells Temporal the attempt is alive, so a crashed worker's attempt is retried after the heartbeat timeout, not the start-to-close one. */
function heartbeat(): void {
  try {
    Context.current().heartbeat();
  } catch {
    // Called outside an activity (tests call the functions directly).
  }
}
/**
 * Runs `fn` while heartbeating every 2 s: the heartbeat says "this worker is alive", so a crashed
 * worker's batch is retried within the heartbeat timeout however long a large batch takes under load
 * (a hung one still ends at the start-to-close timeout).
 */
async function whileBeating<T>(fn: () => Promise<T>): Promise<T> {
  heartbeat();
  const timer = setInterval(heartbeat, 2000);
  try {
    return await fn();
  } finally {
    clearInterval(timer);
  }
}

/** Identity's bulk call takes at most 1,000 rows. */
const MENTORS_PER_CALL = 1000;

/** Magister's mentor name (`J. de Vries`) as an account's: the first word, then the rest. */
export function mentorName(name: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first_name: first.slice(0, 100), last_name: rest.join(' ').slice(0, 100) };
}

/** Failure type of a file that cannot be read as a student list (the workflow does not retry it). */
export const IMPORT_FILE_ERROR = 'ImportFileError';
/** Failure type of a roster source that refused for a reason the school must fix (credentials, consent, address). */
export const ROSTER_SOURCE_REJECTED = 'RosterSourceRejected';

/**
 * Activities of the student import. Each one is idempotent, so Temporal may retry it or a new worker
 * may run it again after a crash: `prepare` rewrites the rows in one transaction, `applyBatch` skips
 * rows already applied and identity answers repeated keys from its record.
 */
export function createStudentImportActivities(deps: TStudentImportDeps) {
  const batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE;
  const load = async (ref: TStudentImportRef) => {
    const job = await deps.imports.load(ref);
    if (!job) throw ApplicationFailure.nonRetryable(`import ${ref.importId} not found`, 'ImportNotFound');
    return job;
  };
  /**
   * Identity creates or finds the roster's mentors the school has no account for (the mentor role at the
   * school, new accounts invited once: keys per import and address). None asked when all are known.
   */
  const resolveMentors = async (input: TStudentImportRef) => {
    const todo = await deps.imports.mentorsToResolve(input);
    if (!todo) throw ApplicationFailure.nonRetryable(`import ${input.importId} not found`, 'ImportNotFound');
    const resolved = new Map<string, { outcome: TStudentUpsertOutcome; userId: string | null }>();
    const keyOf = (email: string) =>
      `${input.importId}:mentor:${createHash('sha256').update(email).digest('hex').slice(0, 32)}`;
    for (let i = 0; i < todo.mentors.length; i += MENTORS_PER_CALL) {
      const chunk = todo.mentors.slice(i, i + MENTORS_PER_CALL);
      const answer = await deps.students.bulkUpsert(input.tenant, {
        school_id: todo.schoolId,
        actor_id: todo.actorId,
        locale: todo.locale,
        role: 'mentor',
        rows: chunk.map((m) => ({ key: keyOf(m.email), email: m.email, ...mentorName(m.name) })),
      });
      const byKey = new Map(answer.results.map((r) => [r.key, r]));
      for (const m of chunk) {
        const found = byKey.get(keyOf(m.email));
        if (!found) throw new Error(`identity gave no result for mentor ${m.email}`);
        resolved.set(m.email, { outcome: found.outcome, userId: found.user_id });
      }
    }
    return resolved;
  };

  return {
    /**
     * Reads the roster from its source (the file streamed through csv-parse, or Magister page by page),
     * validates every row and stores them; creates missing groups when asked.
     */
    async prepareImport(ref: TStudentImportRef): Promise<TStudentImportPlan> {
      heartbeat();
      const job = await load(ref);
      await deps.imports.markRunning(ref);
      const facts = await deps.imports.schoolFacts(ref, job.schoolId);
      const started = performance.now();
      let source: TRosterSource;
      let parsed;
      try {
        if (job.source.kind === 'csv') source = csvRosterSource(job.source.file);
        else if (!job.source.connection)
          throw new RosterSourceError('not_found', false, 'the school has no Magister connection');
        else source = magisterRosterSource(job.source.connection, deps.magister);
        parsed = await source.read(heartbeat);
      } catch (error) {
        if (error instanceof ImportFileError) {
          throw ApplicationFailure.nonRetryable(error.message, IMPORT_FILE_ERROR, {
            code: error.code,
            detail: error.detail,
          });
        }
        if (error instanceof RosterSourceError && !error.retryable)
          throw ApplicationFailure.nonRetryable(error.message, ROSTER_SOURCE_REJECTED, { code: error.code });
        throw error;
      }
      const rows = validateStudentRows(parsed, facts, { createMissingGroups: job.createMissingGroups });
      // A student number the school already gave to someone with another email address.
      for (const row of rows) {
        const holder = facts.studentNumbers.get(row.values.student_number);
        if (holder !== undefined && holder !== row.values.email && !row.errors.length) {
          row.errors.push({ code: 'student_number_taken', field: 'student_number' });
        }
      }
      // Students the school already holds as their row says: done, without identity, writes or events.
      const unchanged = new Map<number, string>();
      for (const row of rows) {
        const studentId = unchangedStudent(row, facts.held);
        if (studentId) unchanged.set(row.row, studentId);
      }
      const parseMs = Math.round(performance.now() - started);
      heartbeat();
      const saved = await deps.imports.saveRows(ref, rows, {
        batchSize,
        parseMs,
        unchanged,
        ...(source.complete ? { leaversOf: job.schoolId } : {}),
      });
      if (job.createMissingGroups && saved.batchCount > 0)
        await deps.imports.ensureStructure(ref, job.schoolId, job.actorId);
      // The roster's mentors before the batches, so each batch links its students to them (in its lanes,
      // not all 5,000 links in one step after them).
      if (source.complete && saved.batchCount > 0) {
        const resolved = await resolveMentors(ref);
        if (resolved.size) await deps.imports.recordMentors(ref, resolved);
      }
      return {
        ...saved,
        parseMs,
        batchesInFlight: deps.batchesInFlight ?? DEFAULT_BATCHES_IN_FLIGHT,
        syncMentors: source.complete,
      };
    },

    /** Applies one batch: identity creates or updates the users (and invites new ones), organizations the rest. */
    async applyBatch(input: TStudentImportRef & { batch: number }): Promise<{ applied: number }> {
      return whileBeating(async () => {
        const pending = await deps.imports.pendingBatch(input, input.batch);
        if (!pending) {
          throw ApplicationFailure.nonRetryable(`import ${input.importId} not found`, 'ImportNotFound');
        }
        if (!pending.rows.length) return { applied: 0 };
        const answer = await deps.students.bulkUpsert(input.tenant, {
          school_id: pending.schoolId,
          actor_id: pending.actorId,
          locale: pending.locale,
          rows: pending.rows.map((r) => ({
            key: `${input.importId}:${r.row}`,
            email: r.email,
            first_name: r.firstName,
            last_name: r.lastName,
          })),
        });
        const byKey = new Map(answer.results.map((r) => [r.key, r]));
        const results = new Map<number, { outcome: TStudentUpsertOutcome; userId: string | null }>();
        for (const r of pending.rows) {
          const found = byKey.get(`${input.importId}:${r.row}`);
          if (!found) throw new Error(`identity gave no result for row ${r.row}`);
          results.set(r.row, { outcome: found.outcome, userId: found.user_id });
        }
        await deps.imports.completeBatch(input, input.batch, results, pending);
        return { applied: pending.rows.length };
      });
    },

    /**
     * After the batches: the roster's mentors `prepare` did not resolve (none, unless it ran before the
     * batches linked mentors), then the students' mentorships follow the roster: links the batches did
     * not make are added, links it no longer names removed (roster-mentors.service.ts).
     */
    async applyMentors(input: TStudentImportRef): Promise<{ resolved: number }> {
      return whileBeating(async () => {
        const resolved = await resolveMentors(input);
        await deps.imports.completeMentors(input, resolved);
        return { resolved: resolved.size };
      });
    },

    /** A school's scheduled Magister sync opens its import (null: the school has no connection any more). */
    async openRosterSync(
      input: TRosterSyncInput & { runKey: string },
    ): Promise<{ importId: string; workflowId: string } | null> {
      return (await deps.imports.openScheduledSync(input)) ?? null;
    },

    /** Final status and counts. */
    async finishImport(
      input: TStudentImportRef & { status: TStudentImportStatus; failure?: string },
    ): Promise<TImportSummary> {
      return deps.imports.finish(input, input.status, input.failure);
    },
  };
}

export type TStudentImportActivities = ReturnType<typeof createStudentImportActivities>;
