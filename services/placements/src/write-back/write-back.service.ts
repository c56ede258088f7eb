import { randomUUID } from 'node:crypto';
import { csvLine } from '@stageplein/contracts/csv/csv';
import { gradeOf } from '@stageplein/contracts/placements/evaluation-policy';
import {
  mayWriteBackResults,
  WRITE_BACK_CSV_COLUMNS,
  type TWriteBackDocument,
  type TWriteBackInput,
  type TWriteBackItem,
  type TWriteBackPreviewDocument,
  type TWriteBackRowAttributes,
} from '@stageplein/contracts/placements/write-back';
import type { TWriteBackItemState } from '@stageplein/contracts/placements/write-back-policy';
import type { TWriteBackOutcome, TWriteBackWork } from '@stageplein/contracts/workflows/names';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { periodFor, progressRows, progressScopes, rowOf } from '../progress/index.ts';
import type { TCaller } from '../shared/caller.ts';
import { record } from '../shared/events.ts';
import { SYSTEM, type TCtx, type TUseCaseCtx } from '../shared/request.ts';
import {
  findWriteBack,
  insertWriteBack,
  insertWriteBackItems,
  pendingItems,
  sentAt,
  settleItem,
  updateWriteBack,
  writeBackItems,
  type TWriteBackItemRow,
  type TWriteBackRow,
} from './write-back.repository.ts';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The caller may write back for the current School; a period or run of another school does not exist for them. */
function authorize(caller: TCaller) {
  if (!caller.userId || !mayWriteBackResults(caller.permissions, caller.current))
    throw new ApiError('forbidden');
}

/**
 * The period's completed internships as they would be written back: hours done (confirmed, or the
 * recorded paper total) against required, and the evaluation's score as a grade. Collected with
 * progress's statement under the school's scope (the caller is the School's admin).
 */
async function collect(ctx: TCtx, caller: TCaller, periodId: string) {
  authorize(caller);
  const period = await periodFor(ctx, caller, periodId);
  const { rows } = await progressRows(ctx.db, period.id, progressScopes(caller), {});
  const today = isoDay(ctx.now);
  const completed = rows.filter((r) => r.status === 'completed');
  return {
    period,
    rows: completed.map((r) => {
      const { attributes: a } = rowOf(r, period, today, true, ctx.lang);
      const score = a.evaluation?.score ?? null;
      return {
        id: r.id,
        attributes: {
          student_id: a.student_id,
          student_name: a.student_name,
          organization_name: a.organization_name,
          start_date: r.start_date,
          end_date: r.end_date,
          hours_done: a.hours_confirmed,
          hours_required: a.hours_required,
          grade: score === null ? null : gradeOf(score),
          sent_at: null as string | null,
        } satisfies TWriteBackRowAttributes,
      };
    }),
  };
}

/** `GET /api/v1/write_backs/preview?period_id=`: what a run would write, and what was sent already. */
export async function writeBackPreview(
  ctx: TCtx,
  caller: TCaller,
  periodId: string,
): Promise<TWriteBackPreviewDocument> {
  const { rows } = await collect(ctx, caller, periodId);
  const sent = await sentAt(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => ({
      type: 'write_back_row' as const,
      id: r.id,
      attributes: { ...r.attributes, sent_at: sent.get(r.id)?.toISOString() ?? null },
    })),
    meta: { total: rows.length },
  };
}

/**
 * `POST /api/v1/write_backs`: snapshots the period's completed internships (or the chosen ones of them)
 * as the run's items and tells `placements.write_back.requested`, whose consumer starts the workflow.
 * Those sent before are items `already_sent` from the start: a run never sends an internship twice.
 */
export async function requestWriteBack(
  ctx: TUseCaseCtx,
  caller: TCaller,
  input: TWriteBackInput,
): Promise<TWriteBackDocument> {
  const { period, rows } = await collect(ctx, caller, input.period_id);
  // Its workflow sends it: without Temporal nothing would, so nothing is recorded (after the caller's
  // rights and the period were checked: another school or tenant learns nothing, not even this).
  if (!ctx.config.TEMPORAL_ADDRESS) throw new ApiError('workflows_unavailable');
  const chosen = input.internship_ids ? new Set(input.internship_ids) : undefined;
  if (chosen && [...chosen].some((id) => !rows.some((r) => r.id === id)))
    throw new ApiError('validation_failed', {}, { pointer: '/data/attributes/internship_ids' });
  const picked = chosen ? rows.filter((r) => chosen.has(r.id)) : rows;
  const sent = await sentAt(
    ctx.db,
    picked.map((r) => r.id),
  );
  const id = randomUUID();
  await insertWriteBack(ctx.db, {
    id,
    tenant_id: ctx.tenant.id,
    school_id: period.school_id,
    period_id: period.id,
    target: input.target,
    status: 'queued',
    error: null,
    requested_by: caller.userId!,
    created_at: ctx.now,
  });
  await insertWriteBackItems(
    ctx.db,
    picked.map((r, position) => ({
      write_back_id: id,
      tenant_id: ctx.tenant.id,
      internship_id: r.id,
      position,
      student_id: r.attributes.student_id,
      student_name: r.attributes.student_name,
      organization_name: r.attributes.organization_name,
      start_date: r.attributes.start_date,
      end_date: r.attributes.end_date,
      hours_done: r.attributes.hours_done,
      hours_required: r.attributes.hours_required,
      grade: r.attributes.grade,
      // A file holds every chosen internship; only Magister is never sent one twice.
      state: input.target === 'magister' && sent.has(r.id) ? 'already_sent' : 'pending',
      reason: null,
      student_number: null,
      handled_at: input.target === 'magister' && sent.has(r.id) ? ctx.now : null,
    })),
  );
  await record(
    ctx,
    caller,
    'placements.write_back.requested',
    { type: 'write_back', id },
    {
      write_back_id: id,
      school_id: period.school_id,
      period_id: period.id,
      target: input.target,
      total: picked.length,
    },
  );
  return documentOf((await findWriteBack(ctx.db, id))!, await writeBackItems(ctx.db, id));
}

/** A run of the caller's current School; anything else does not exist for them. */
async function ownRun(ctx: TCtx, caller: TCaller, id: string) {
  authorize(caller);
  const run = await findWriteBack(ctx.db, id);
  if (!run || run.school_id !== caller.current?.id) throw new ApiError('not_found');
  return run;
}

/** `GET /api/v1/write_backs/{id}`: the run, its progress and its report (every item with its outcome). */
export async function writeBackOf(ctx: TCtx, caller: TCaller, id: string): Promise<TWriteBackDocument> {
  const run = await ownRun(ctx, caller, id);
  return documentOf(run, await writeBackItems(ctx.db, id));
}

const decimal = (n: number | null) => (n === null ? null : String(n).replace('.', ','));

/**
 * `GET /api/v1/write_backs/{id}/file`: the school system's import file of a finished run — a line per
 * internship with its student number (those without one are in the report as refused).
 */
export async function writeBackCsv(ctx: TCtx, caller: TCaller, id: string): Promise<string> {
  const run = await ownRun(ctx, caller, id);
  if (run.status !== 'done') throw new ApiError('not_found');
  const items = (await writeBackItems(ctx.db, id)).filter((i) => i.student_number);
  const lines = [
    csvLine(WRITE_BACK_CSV_COLUMNS),
    ...items.map((i) =>
      csvLine([
        i.student_number,
        i.student_name,
        i.organization_name,
        i.start_date,
        i.end_date,
        decimal(i.hours_done),
        decimal(i.hours_required),
        decimal(i.grade),
      ]),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function documentOf(run: TWriteBackRow, items: TWriteBackItemRow[]): TWriteBackDocument {
  const count = (state: TWriteBackItemState) => items.filter((i) => i.state === state).length;
  return {
    data: {
      type: 'write_back',
      id: run.id,
      attributes: {
        school_id: run.school_id,
        period_id: run.period_id,
        target: run.target,
        status: run.status,
        error: run.error,
        total: items.length,
        done: items.length - count('pending'),
        sent: count('sent'),
        already_sent: count('already_sent'),
        refused: count('refused'),
        exported: count('exported'),
        created_at: run.created_at.toISOString(),
        finished_at: run.finished_at?.toISOString() ?? null,
        items: items.map((i): TWriteBackItem => ({
          internship_id: i.internship_id,
          student_name: i.student_name,
          organization_name: i.organization_name,
          hours_done: i.hours_done,
          hours_required: i.hours_required,
          grade: i.grade,
          state: i.state,
          reason: i.reason,
        })),
      },
    },
  };
}

// The workflow's use cases (write-back.activities.ts): system changes in the run's tenant.

/** Marks the run running and answers what is still to handle (none for a run that ended). */
export async function beginWriteBack(ctx: TCtx, id: string) {
  const run = await findWriteBack(ctx.db, id);
  if (!run) return null;
  if (run.status === 'done' || run.status === 'failed')
    return { schoolId: run.school_id, target: run.target, items: [] as TWriteBackWork[] };
  if (run.status === 'queued') await updateWriteBack(ctx.db, id, { status: 'running', started_at: ctx.now });
  const items = await pendingItems(ctx.db, id, ctx.now, run.target);
  return {
    schoolId: run.school_id,
    target: run.target,
    items: items.map((i): TWriteBackWork => ({
      internshipId: i.internship_id,
      studentId: i.student_id,
      organizationName: i.organization_name,
      startDate: i.start_date,
      endDate: i.end_date,
      hoursDone: i.hours_done,
      hoursRequired: i.hours_required,
      grade: i.grade,
    })),
  };
}

/** Records a batch's outcomes (the run's progress); an item already settled stays as it is. */
export async function recordWriteBack(ctx: TCtx, id: string, outcomes: readonly TWriteBackOutcome[]) {
  for (const o of outcomes) await settleItem(ctx.db, id, o.internshipId, o, ctx.now);
}

/** Ends the run (`error`: why it failed as a whole; its unsent items stay pending) and tells it. */
export async function finishWriteBack(ctx: TCtx, id: string, error: string | null) {
  const run = await findWriteBack(ctx.db, id);
  if (!run || run.status === 'done' || run.status === 'failed') return;
  const status = error ? 'failed' : 'done';
  await updateWriteBack(ctx.db, id, { status, error, finished_at: ctx.now });
  const { data } = documentOf({ ...run, status, error }, await writeBackItems(ctx.db, id));
  const a = data.attributes;
  await record(
    ctx,
    SYSTEM,
    'placements.write_back.finished',
    { type: 'write_back', id },
    {
      write_back_id: id,
      school_id: run.school_id,
      period_id: run.period_id,
      target: run.target,
      status,
      sent: a.sent,
      already_sent: a.already_sent,
      refused: a.refused,
      exported: a.exported,
      error,
    },
  );
}
