import type {
  TDiscriminationReportInput,
  TDiscriminationReportOutcome,
} from '@stageplein/contracts/placements/discrimination-reports';
import { ApiError, forbidden, notFound, unauthorized } from '@stageplein/kit/errors/api-error';
import type { TCaller } from '../shared/caller.ts';
import { record } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';
import {
  actionsOf,
  closeReportRow,
  deletePause,
  findReportByInternship,
  findReportView,
  insertActions,
  insertPause,
  insertReport,
  listReportViews,
  lockReport,
  reportsAbout,
  reportsPerOrganization,
  type TActionView,
  type TReportRow,
  type TReportView,
} from './discrimination-reports.repository.ts';
import { handlesReports, isSchoolStudent, mayReport } from './discrimination-reports.policy.ts';

/** Whose view of a report: the school's admins see the reporter and the actions, the student their own report. */
export type TReportViewer = 'school' | 'student';

export interface TReportWithActions {
  report: TReportView;
  actions: TActionView[];
  viewer: TReportViewer;
}

const subject = (r: { id: string }) => ({ type: 'discrimination_report', id: r.id });
const refOf = (r: TReportRow) => ({
  report_id: r.id,
  school_id: r.school_id,
  organization_id: r.organization_id,
});

function signedIn(caller: TCaller): string {
  if (!caller.userId) throw unauthorized();
  return caller.userId;
}

/** The school acted for, for its admins (403 for anyone else). */
function schoolOf(caller: TCaller): string {
  signedIn(caller);
  if (!handlesReports(caller)) throw forbidden();
  return caller.current!.id;
}

async function withActions(
  ctx: TCtx,
  report: TReportView,
  viewer: TReportViewer,
): Promise<TReportWithActions> {
  return { report, actions: viewer === 'school' ? await actionsOf(ctx.db, [report.id]) : [], viewer };
}

/**
 * `POST /api/v1/discrimination_reports`: the student reports a declined application of theirs. One report per
 * application: a second request answers the first report (`created: false`) and changes nothing. Another
 * student's application (or none) is 404, so a report's existence never leaks; an application that was not
 * declined is 409 `report_not_possible`.
 */
export async function fileReport(
  ctx: TCtx,
  caller: TCaller,
  input: TDiscriminationReportInput,
): Promise<TReportWithActions & { created: boolean }> {
  const studentId = signedIn(caller);
  if (!isSchoolStudent(caller)) throw forbidden();
  const internship = await ctx.db
    .selectFrom('placements.internships')
    .select(['id', 'student_id', 'school_id', 'organization_id', 'status'])
    .where('id', '=', input.internship_id)
    .executeTakeFirst();
  if (!internship || internship.student_id !== studentId || internship.school_id !== caller.current!.id)
    throw notFound();
  const existing = await findReportByInternship(ctx.db, internship.id);
  if (existing)
    return {
      ...(await withActions(ctx, (await findReportView(ctx.db, existing.id))!, 'student')),
      created: false,
    };
  if (!mayReport(caller, internship)) throw new ApiError('report_not_possible');
  const inserted = await insertReport(ctx.db, {
    tenant_id: ctx.tenant.id,
    internship_id: internship.id,
    student_id: studentId,
    school_id: internship.school_id,
    organization_id: internship.organization_id!,
    grounds: [...new Set(input.grounds)],
    description: input.description?.trim() || null,
    outcome: null,
    created_at: ctx.now,
    closed_at: null,
  });
  // Two requests at once: the other one's report stands.
  const report = inserted ?? (await findReportByInternship(ctx.db, internship.id))!;
  if (inserted)
    await record(ctx, caller, 'placements.discrimination_report.filed', subject(report), {
      ...refOf(report),
      internship_id: report.internship_id,
      grounds: report.grounds,
    });
  return {
    ...(await withActions(ctx, (await findReportView(ctx.db, report.id))!, 'student')),
    created: !!inserted,
  };
}

/** The school's reports (its admins), or the student's own (a student of the school). */
export async function listReports(
  ctx: TCtx,
  caller: TCaller,
  filter: { internship_id?: string; organization_id?: string },
): Promise<TReportWithActions[]> {
  const userId = signedIn(caller);
  if (handlesReports(caller)) {
    const reports = await listReportViews(ctx.db, { school_id: caller.current!.id, ...filter });
    const actions = await actionsOf(
      ctx.db,
      reports.map((r) => r.id),
    );
    return reports.map((report) => ({
      report,
      actions: actions.filter((a) => a.report_id === report.id),
      viewer: 'school',
    }));
  }
  if (!isSchoolStudent(caller)) throw forbidden();
  const reports = await listReportViews(ctx.db, {
    school_id: caller.current!.id,
    student_id: userId,
    ...filter,
  });
  return reports.map((report) => ({ report, actions: [], viewer: 'student' }));
}

/** One report: its school's admins, or its reporter; anyone else 404. */
export async function readReport(ctx: TCtx, caller: TCaller, id: string): Promise<TReportWithActions> {
  const userId = signedIn(caller);
  const report = await findReportView(ctx.db, id);
  if (report && handlesReports(caller) && report.school_id === caller.current!.id)
    return withActions(ctx, report, 'school');
  if (
    report &&
    isSchoolStudent(caller) &&
    report.student_id === userId &&
    report.school_id === caller.current!.id
  )
    return withActions(ctx, report, 'student');
  throw notFound();
}

/** The school's report, locked for a change: 404 for another school's (or none), 409 when closed. */
async function openReportOfSchool(ctx: TCtx, caller: TCaller, id: string): Promise<TReportRow> {
  const schoolId = schoolOf(caller);
  const report = await lockReport(ctx.db, id);
  if (!report || report.school_id !== schoolId) throw notFound();
  if (report.status === 'closed') throw new ApiError('report_closed');
  return report;
}

/** The school recorded contact with the organization (a note in the report's history). */
export async function recordContact(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  note: string,
): Promise<TReportWithActions> {
  const report = await openReportOfSchool(ctx, caller, id);
  await insertActions(ctx.db, [
    {
      tenant_id: ctx.tenant.id,
      report_id: id,
      action: 'contact',
      note,
      outcome: null,
      actor_id: caller.userId,
      at: ctx.now,
    },
  ]);
  await record(
    ctx,
    caller,
    'placements.discrimination_report.contact_recorded',
    subject(report),
    refOf(report),
  );
  return readReport(ctx, caller, id);
}

/** The school closed the report with an outcome. */
export async function closeReport(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  input: { outcome: TDiscriminationReportOutcome; note?: string },
): Promise<TReportWithActions> {
  const report = await openReportOfSchool(ctx, caller, id);
  await closeReportRow(ctx.db, id, { outcome: input.outcome, closed_at: ctx.now });
  await insertActions(ctx.db, [
    {
      tenant_id: ctx.tenant.id,
      report_id: id,
      action: 'close',
      note: input.note?.trim() || null,
      outcome: input.outcome,
      actor_id: caller.userId,
      at: ctx.now,
    },
  ]);
  await record(ctx, caller, 'placements.discrimination_report.closed', subject(report), {
    ...refOf(report),
    outcome: input.outcome,
  });
  return readReport(ctx, caller, id);
}

/** The school's reports per organization. */
export async function reportOrganizations(ctx: TCtx, caller: TCaller) {
  return reportsPerOrganization(ctx.db, schoolOf(caller));
}

async function organizationSummary(ctx: TCtx, schoolId: string, organizationId: string) {
  const all = await reportsPerOrganization(ctx.db, schoolId);
  return all.find((o) => o.organization_id === organizationId);
}

/**
 * Pauses (`paused: true`) or lifts the pause on an organization's vacancies for the school's students.
 * Only an organization the school has a report about (404 otherwise); repeating changes nothing. Each change
 * is a row in the history of the school's open reports about it, an event and its audit row.
 */
export async function setOrganizationPause(
  ctx: TCtx,
  caller: TCaller,
  organizationId: string,
  paused: boolean,
) {
  const schoolId = schoolOf(caller);
  const reports = await reportsAbout(ctx.db, schoolId, organizationId);
  if (!reports.length) throw notFound();
  const changed = paused
    ? await insertPause(ctx.db, {
        tenant_id: ctx.tenant.id,
        school_id: schoolId,
        organization_id: organizationId,
        paused_at: ctx.now,
        paused_by: caller.userId,
      })
    : await deletePause(ctx.db, schoolId, organizationId);
  if (changed) {
    await insertActions(
      ctx.db,
      reports
        .filter((r) => r.status === 'open')
        .map((r) => ({
          tenant_id: ctx.tenant.id,
          report_id: r.id,
          action: paused ? ('pause' as const) : ('unpause' as const),
          note: null,
          outcome: null,
          actor_id: caller.userId,
          at: ctx.now,
        })),
    );
    await record(
      ctx,
      caller,
      paused ? 'placements.organization_pause.started' : 'placements.organization_pause.lifted',
      { type: 'organization_pause', id: organizationId },
      { school_id: schoolId, organization_id: organizationId },
    );
  }
  return (await organizationSummary(ctx, schoolId, organizationId))!;
}
