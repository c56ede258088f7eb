import type { TEventPayload, TEventType } from '@stageplein/contracts/events/payloads';
import {
  HOURS_LINK_ACTION,
  HOURS_LINK_RESEND_MINUTES,
  HOURS_LINKS_PER_DAY,
  entryChangeable,
  entryDecidable,
  fitsInDay,
  hoursActionsFor,
  hoursOf,
  hoursTotals,
  mayTakeHoursAction,
  quartersOf,
  requiredHours,
  type THoursAction,
  type THoursCorrectionInput,
  type THoursDecisionsBody,
  type THoursEntryInput,
  type THoursPaperInput,
  type THoursRelation,
  type THoursSheetState,
  type THoursTotals,
} from '@stageplein/contracts/placements/hours';
import { HOURS_OPEN_STATUSES } from '@stageplein/contracts/placements/hours-policy';
import { hoursWeeksToLog, type THoursWeek } from '@stageplein/contracts/placements/hours-due';
import { scheduleWindow } from '@stageplein/contracts/placements/progress-rule';
import { ApiError, forbidden, notFound, unauthorized } from '@stageplein/kit/errors/api-error';
import type { TCaller } from '../shared/caller.ts';
import { record } from '../shared/events.ts';
import { SYSTEM, type TCtx, type TUseCaseCtx } from '../shared/request.ts';
import {
  acceptsHours,
  findHoursInternship,
  linkedInternship,
  reachInternship,
  relationTo,
  type THoursInternship,
} from './hours-internship.ts';
import type { TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import { setInternshipHours } from '../internships/index.ts';
import { consumeSupervisorLink } from '../shared/supervisor-links.ts';
import { issueHoursLinks } from './hours-link.ts';
import {
  deleteEntry,
  findPeriod,
  upsertPeriodDefault,
  findEntry,
  findSheet,
  insertEntry,
  listEntries,
  quartersOnDate,
  updateEntry,
  upsertSheet,
  studentInternshipIds,
  type THoursEntryRow,
  type THoursSheetRow,
} from './hours.repository.ts';

/** Everything one sheet shows: the internship, the sheet's own state, entries, figures, the caller's steps. */
export interface THoursSheet {
  internship: THoursInternship;
  sheet: THoursSheetRow | undefined;
  entries: THoursEntryRow[];
  totals: THoursTotals;
  relation: THoursRelation | null;
  actions: THoursAction[];
}

/** Spec §1: only non-traineeship tenants run on hours; the others answer as if hours did not exist. */
function assertHoursTenant(ctx: TCtx): void {
  if (!ctx.tenant.features.usesHours) throw new ApiError('hours_unavailable');
}

const stateOf = (
  ctx: TCtx,
  i: THoursInternship,
  sheet: THoursSheetRow | undefined,
  entries: readonly Pick<THoursEntryRow, 'status'>[],
  linkWait: number,
): THoursSheetState => ({
  running: acceptsHours(i),
  updatingAllowed: i.updating_hours_allowed,
  signedOff: !!sheet?.signed_off_at,
  paperTimesheets: ctx.tenant.features.paperTimesheets,
  paper: sheet?.paper_quarters !== null && sheet?.paper_quarters !== undefined,
  hasSupervisor: !!i.supervisor_email,
  supervisorApproved: i.supervisor_approved,
  pendingEntries: entries.some((e) => e.status === 'pending'),
  linkWaiting: linkWait > 0,
});

async function load(ctx: TCtx, internship: THoursInternship, relation: THoursRelation | null) {
  const [sheet, entries] = await Promise.all([
    findSheet(ctx.db, internship.id),
    listEntries(ctx.db, internship.id),
  ]);
  const totals = hoursTotals(
    entries,
    requiredHours(internship.hours, internship.period_default_hours),
    sheet?.paper_quarters ?? null,
  );
  // The link limits matter only where a link could go (an approved supervisor, hours waiting).
  const linkWait =
    internship.supervisor_approved && entries.some((e) => e.status === 'pending')
      ? await linkWaitMs(ctx, internship)
      : 0;
  const state = stateOf(ctx, internship, sheet, entries, linkWait);
  return {
    internship,
    sheet,
    entries,
    totals,
    relation,
    actions: hoursActionsFor(relation, state),
    state,
    linkWait,
  };
}

/** The sheet of an internship the caller is a party to (`reachInternship`: 404 otherwise, not revealed). */
async function reach(ctx: TCtx, caller: TCaller, internshipId: string, forUpdate = false) {
  assertHoursTenant(ctx);
  const { internship, relation } = await reachInternship(ctx.db, caller, internshipId, { forUpdate });
  return load(ctx, internship, relation);
}

async function step(ctx: TCtx, caller: TCaller, internshipId: string, action: THoursAction) {
  // The internship row is locked: one sheet's changes are serialized (and so are its events).
  const loaded = await reach(ctx, caller, internshipId, true);
  // A link waits for the school's approval of the supervisor and for entries to confirm (issue #31).
  if (
    action === 'send_link' &&
    mayTakeHoursAction(loaded.relation, action, {
      ...loaded.state,
      supervisorApproved: true,
      pendingEntries: true,
      linkWaiting: false,
    })
  ) {
    if (!loaded.state.hasSupervisor) throw new ApiError('hours_no_supervisor_email');
    if (!loaded.state.supervisorApproved) throw new ApiError('supervisor_not_approved');
    if (!loaded.state.pendingEntries) throw new ApiError('hours_nothing_to_confirm');
    if (loaded.state.linkWaiting)
      throw new ApiError('hours_link_too_often', { minutes: Math.ceil(loaded.linkWait / MINUTE_MS) });
  }
  if (!mayTakeHoursAction(loaded.relation, action, loaded.state)) {
    if (action === 'log' && loaded.relation === 'student') throw new ApiError('hours_locked');
    if (
      // A step this caller may take on an open sheet is refused for the sheet's state (409), not the caller.
      hoursActionsFor(loaded.relation, {
        ...loaded.state,
        running: true,
        updatingAllowed: true,
        signedOff: false,
        paper: false,
        supervisorApproved: true,
        pendingEntries: true,
        linkWaiting: false,
      }).includes(action)
    )
      throw new ApiError('invalid_hours_action');
    throw forbidden();
  }
  return loaded;
}

/**
 * `GET /api/v1/hours/due`: what waits for the student on their sheets (issue #30 item 2): per internship
 * of theirs at the current School that takes hours, the ended weeks without any (contracts'
 * `hoursWeeksToLog`, only while the sheet lets them log). Nobody else has such a queue: empty for them.
 */
export async function hoursDue(
  ctx: TCtx,
  caller: TCaller,
): Promise<{ internship: THoursInternship; weeks: THoursWeek[] }[]> {
  assertHoursTenant(ctx);
  const userId = caller.userId;
  if (!userId) throw unauthorized();
  const current = caller.current;
  if (!caller.permissions.isStudent || current?.type !== 'School') return [];
  const due: { internship: THoursInternship; weeks: THoursWeek[] }[] = [];
  for (const id of await studentInternshipIds(ctx.db, userId, current.id, HOURS_OPEN_STATUSES)) {
    const internship = await findHoursInternship(ctx.db, id);
    if (!internship || (await relationTo(ctx.db, caller, internship)) !== 'student') continue;
    const loaded = await load(ctx, internship, 'student');
    const weeks = hoursWeeksToLog(
      scheduleWindow(internship),
      loaded.entries.map((e) => e.date),
      todayOf(ctx.now),
      loaded.actions.includes('log'),
    );
    if (weeks.length) due.push({ internship, weeks });
  }
  return due;
}

export async function readHoursSheet(ctx: TCtx, caller: TCaller, internshipId: string): Promise<THoursSheet> {
  return reach(ctx, caller, internshipId);
}

/** After a change: `hours_supervisor` on the internship follows the confirmed total; the event and audit row. */
async function settle<T extends TEventType>(
  ctx: TCtx,
  by: TCaller | null,
  internshipId: string,
  type: T,
  extra: (figures: TFigures) => TEventPayload<T>,
): Promise<THoursSheet> {
  const internship = (await findHoursInternship(ctx.db, internshipId))!;
  const loaded = await load(ctx, internship, by && (await relationTo(ctx.db, by, internship)));
  if (internship.hours_supervisor !== loaded.totals.confirmed)
    await setInternshipHours(ctx.db, internshipId, {
      hours_supervisor: loaded.totals.confirmed,
      updated_at: ctx.now,
    });
  const figures: TFigures = {
    internship_id: internshipId,
    hours_logged: loaded.totals.logged,
    hours_supervisor: loaded.totals.confirmed,
    hours_pending: loaded.totals.pending,
    updating_hours_allowed: internship.updating_hours_allowed,
    signed_off: !!loaded.sheet?.signed_off_at,
  };
  await record(ctx, by ?? SYSTEM, type, { type: 'internship', id: internshipId }, extra(figures));
  return { ...loaded, internship: { ...internship, hours_supervisor: loaded.totals.confirmed } };
}
type TFigures = TEventPayload<'placements.hours.locked'>;

const entryFacts = (e: THoursEntryRow) => ({
  entry_id: e.id,
  date: e.date,
  hours: hoursOf(e.quarters),
  status: e.status,
});

/** The Dutch calendar date of now: a student in Amsterdam logs "today" until midnight there. */
export const todayOf = (now: Date): string =>
  now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });

async function checkDay(
  ctx: TCtx,
  i: THoursInternship,
  date: string,
  quarters: number,
  exceptId: string | null,
) {
  if (date > todayOf(ctx.now) || (i.start_date && date < i.start_date) || (i.end_date && date > i.end_date))
    throw new ApiError('hours_date_invalid', {}, { pointer: '/data/attributes/date' });
  if (!fitsInDay(await quartersOnDate(ctx.db, i.id, date, exceptId), quarters))
    throw new ApiError('hours_day_full', {}, { pointer: '/data/attributes/hours' });
}

export async function logEntry(
  ctx: TCtx,
  caller: TCaller,
  internshipId: string,
  input: THoursEntryInput,
): Promise<{ sheet: THoursSheet; entry: THoursEntryRow }> {
  const { internship } = await step(ctx, caller, internshipId, 'log');
  const quarters = quartersOf(input.hours)!;
  await checkDay(ctx, internship, input.date, quarters, null);
  const entry = await insertEntry(ctx.db, {
    tenant_id: ctx.tenant.id,
    internship_id: internshipId,
    date: input.date,
    quarters,
    description: input.description,
    status: 'pending',
    supervisor_note: null,
    decided_at: null,
    correction_reason: null,
    corrected_by: null,
    corrected_at: null,
    created_by: caller.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  const sheet = await settle(ctx, caller, internshipId, 'placements.hours.entry_logged', (f) => ({
    ...f,
    ...entryFacts(entry),
  }));
  return { sheet, entry };
}

async function ownPendingEntry(ctx: TCtx, caller: TCaller, internshipId: string, entryId: string) {
  const loaded = await step(ctx, caller, internshipId, 'log');
  const entry = await findEntry(ctx.db, internshipId, entryId);
  if (!entry) throw notFound();
  if (!entryChangeable(entry.status)) throw new ApiError('hours_entry_not_changeable');
  return { loaded, entry };
}

export async function changeEntry(
  ctx: TCtx,
  caller: TCaller,
  internshipId: string,
  entryId: string,
  input: Partial<THoursEntryInput>,
): Promise<{ sheet: THoursSheet; entry: THoursEntryRow }> {
  const { loaded, entry } = await ownPendingEntry(ctx, caller, internshipId, entryId);
  const date = input.date ?? entry.date;
  const quarters = input.hours === undefined ? entry.quarters : quartersOf(input.hours)!;
  await checkDay(ctx, loaded.internship, date, quarters, entry.id);
  const changed = await updateEntry(ctx.db, entry.id, {
    date,
    quarters,
    description: input.description ?? entry.description,
    updated_at: ctx.now,
  });
  const sheet = await settle(ctx, caller, internshipId, 'placements.hours.entry_updated', (f) => ({
    ...f,
    ...entryFacts(changed),
  }));
  return { sheet, entry: changed };
}

export async function removeEntry(ctx: TCtx, caller: TCaller, internshipId: string, entryId: string) {
  const { entry } = await ownPendingEntry(ctx, caller, internshipId, entryId);
  await deleteEntry(ctx.db, entry.id);
  return settle(ctx, caller, internshipId, 'placements.hours.entry_deleted', (f) => ({
    ...f,
    ...entryFacts(entry),
  }));
}

/** The school corrects any entry (hours and/or status), always with a reason kept beside it. */
export async function correctEntry(
  ctx: TCtx,
  caller: TCaller,
  internshipId: string,
  entryId: string,
  input: THoursCorrectionInput,
): Promise<{ sheet: THoursSheet; entry: THoursEntryRow }> {
  const { internship } = await step(ctx, caller, internshipId, 'correct');
  const entry = await findEntry(ctx.db, internshipId, entryId);
  if (!entry) throw notFound();
  const quarters = input.hours === undefined ? entry.quarters : quartersOf(input.hours)!;
  const status = input.status ?? entry.status;
  if (status !== 'rejected') await checkDay(ctx, internship, entry.date, quarters, entry.id);
  const changed = await updateEntry(ctx.db, entry.id, {
    quarters,
    status,
    decided_at: status === 'pending' ? null : (entry.decided_at ?? ctx.now),
    correction_reason: input.reason,
    corrected_by: caller.userId,
    corrected_at: ctx.now,
    updated_at: ctx.now,
  });
  const sheet = await settle(ctx, caller, internshipId, 'placements.hours.entry_corrected', (f) => ({
    ...f,
    ...entryFacts(changed),
    previous_hours: hoursOf(entry.quarters),
    previous_status: entry.status,
    reason: input.reason,
  }));
  return { sheet, entry: changed };
}

/** Lock: students can no longer log. Unlock: they can again, and a sign-off is withdrawn. */
export async function setUpdatingHours(ctx: TCtx, caller: TCaller, internshipId: string, allowed: boolean) {
  await step(ctx, caller, internshipId, allowed ? 'unlock' : 'lock');
  await setInternshipHours(ctx.db, internshipId, { updating_hours_allowed: allowed, updated_at: ctx.now });
  if (allowed)
    await upsertSheet(ctx.db, ctx.tenant.id, internshipId, {
      signed_off_at: null,
      signed_off_by: null,
      sign_off_note: null,
      updated_at: ctx.now,
    });
  const type = allowed ? 'placements.hours.unlocked' : 'placements.hours.locked';
  return settle(ctx, caller, internshipId, type, (f) => f);
}

/** The school's final word: the sheet is signed off and locked (unlock reopens it). */
export async function signOffHours(
  ctx: TCtx,
  caller: TCaller,
  internshipId: string,
  note: string | undefined,
) {
  await step(ctx, caller, internshipId, 'sign_off');
  await setInternshipHours(ctx.db, internshipId, { updating_hours_allowed: false, updated_at: ctx.now });
  await upsertSheet(ctx.db, ctx.tenant.id, internshipId, {
    signed_off_at: ctx.now,
    signed_off_by: caller.userId,
    sign_off_note: note ?? null,
    updated_at: ctx.now,
  });
  return settle(ctx, caller, internshipId, 'placements.hours.signed_off', (f) => ({
    ...f,
    note: note ?? null,
  }));
}

/** Paper timesheets (spec §1): the signed sheet's total replaces the digital entries. */
export async function recordPaperHours(
  ctx: TCtx,
  caller: TCaller,
  internshipId: string,
  input: THoursPaperInput,
) {
  assertHoursTenant(ctx);
  if (!ctx.tenant.features.paperTimesheets) throw new ApiError('paper_timesheets_unavailable');
  await step(ctx, caller, internshipId, 'record_paper');
  const quarters = input.hours === 0 ? 0 : quartersOf(input.hours)!;
  await upsertSheet(ctx.db, ctx.tenant.id, internshipId, {
    paper_quarters: quarters,
    paper_scan_url: input.scan_url ?? null,
    paper_recorded_by: caller.userId,
    paper_recorded_at: ctx.now,
    updated_at: ctx.now,
  });
  return settle(ctx, caller, internshipId, 'placements.hours.paper_recorded', (f) => ({
    ...f,
    paper_hours: hoursOf(quarters),
    scan_url: input.scan_url ?? null,
  }));
}

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * How long before the internship's supervisor may get a new link (0: now), whoever asks (issue #31):
 * one per HOURS_LINK_RESEND_MINUTES and HOURS_LINKS_PER_DAY in 24 hours, counted from the links issued
 * to that address (a new supervisor, approved by the school, starts afresh).
 */
async function linkWaitMs(ctx: TCtx, internship: THoursInternship): Promise<number> {
  const issued = await ctx.db
    .selectFrom('placements.external_links')
    .select('created_at')
    .where('subject_type', '=', 'internship')
    .where('subject_id', '=', internship.id)
    .where('action', '=', HOURS_LINK_ACTION)
    .where('recipient', '=', internship.supervisor_email ?? '')
    .where('created_at', '>', new Date(ctx.now.getTime() - DAY_MS))
    .orderBy('created_at', 'desc')
    .limit(HOURS_LINKS_PER_DAY)
    .execute();
  const now = ctx.now.getTime();
  const last = issued[0]?.created_at.getTime();
  const oldest = issued[HOURS_LINKS_PER_DAY - 1]?.created_at.getTime();
  return Math.max(
    0,
    last === undefined ? 0 : last + HOURS_LINK_RESEND_MINUTES * MINUTE_MS - now,
    oldest === undefined ? 0 : oldest + DAY_MS - now,
  );
}

/** Mails a supervisor new links and records each (`link_sent`): one internship by hand, several in the daily digest. */
export async function mailLinks(
  ctx: TUseCaseCtx,
  caller: TCaller | null,
  internships: readonly THoursInternship[],
): Promise<THoursSheet[]> {
  const email = internships[0]?.supervisor_email;
  if (!email) throw new ApiError('hours_no_supervisor_email');
  // Only to the supervisor the school approved (issue #31); the reminder's digest skips the others.
  if (internships.some((i) => !i.supervisor_approved || i.supervisor_email !== email))
    throw new ApiError('supervisor_not_approved');
  // What the supervisor can act on (the mail says it): the hours waiting for them per internship.
  const waiting = await Promise.all(
    internships.map(async (i) =>
      hoursOf(
        (await listEntries(ctx.db, i.id))
          .filter((e) => e.status === 'pending')
          .reduce((n, e) => n + e.quarters, 0),
      ),
    ),
  );
  const { expiresAt } = await issueHoursLinks(ctx, caller ?? SYSTEM, internships, email, waiting);
  const sheets: THoursSheet[] = [];
  for (const internship of internships) {
    await upsertSheet(ctx.db, ctx.tenant.id, internship.id, { link_sent_at: ctx.now, updated_at: ctx.now });
    sheets.push(
      await settle(ctx, caller, internship.id, 'placements.hours.link_sent', (f) => ({
        ...f,
        expires_at: expiresAt.toISOString(),
      })),
    );
  }
  return sheets;
}

export const mailLink = async (
  ctx: TUseCaseCtx,
  caller: TCaller | null,
  internship: THoursInternship,
): Promise<THoursSheet> => (await mailLinks(ctx, caller, [internship]))[0]!;

/**
 * Mails the supervisor a new confirmation link (older links to that address stop working). The
 * address is the internship's own (its supervisor's, else its contact's): a caller cannot send the
 * link elsewhere, so a student cannot confirm their own hours.
 */
export async function sendSupervisorLink(ctx: TUseCaseCtx, caller: TCaller, internshipId: string) {
  // step() refuses within the link limits (429 `hours_link_too_often`, the sheet's `linkWaiting`).
  const { internship } = await step(ctx, caller, internshipId, 'send_link');
  return mailLink(ctx, caller, internship);
}

/**
 * From the paper sheet's QR code, without an account: the link goes to the internship's own
 * supervisor address (approved by the school), never to the asker, only when hours wait for them and
 * within the internship's link limits (`linkWaitMs`). Says nothing about whether the internship
 * exists or a mail went (the route always answers 202).
 */
export async function requestLinkFromPaper(ctx: TUseCaseCtx, internshipId: string) {
  assertHoursTenant(ctx);
  if (!ctx.tenant.features.paperTimesheets) throw new ApiError('paper_timesheets_unavailable');
  const internship = await findHoursInternship(ctx.db, internshipId, { forUpdate: true });
  if (!internship) return;
  // The same conditions as a person's "send link": an approved supervisor, hours waiting for them,
  // within the link limits.
  if (!(await load(ctx, internship, 'student')).actions.includes('send_link')) return;
  await mailLink(ctx, null, internship);
}

/** The link's internship (`linkedInternship`), in a tenant with hours. */
function linkedSheet(ctx: TCtx, link: TLinkActor, forUpdate = false) {
  assertHoursTenant(ctx);
  return linkedInternship(ctx.db, link, HOURS_LINK_ACTION, { forUpdate });
}

/** What the supervisor sees through the link (the link's own internship, nothing else). */
export async function confirmationByLink(ctx: TCtx, link: TLinkActor) {
  const internship = await linkedSheet(ctx, link);
  return { sheet: await load(ctx, internship, null), expiresAt: link.expiresAt };
}

/** The supervisor confirms or rejects pending entries; decided ones stay as they are. */
export async function decideByLink(ctx: TCtx, link: TLinkActor, body: THoursDecisionsBody) {
  const internship = await linkedSheet(ctx, link, true);
  const sheet = await findSheet(ctx.db, internship.id);
  if (sheet?.signed_off_at || (sheet?.paper_quarters ?? null) !== null) throw new ApiError('hours_locked');
  for (const [index, d] of body.decisions.entries()) {
    const entry = await findEntry(ctx.db, internship.id, d.entry_id);
    if (!entry) throw new ApiError('not_found', {}, { pointer: `/decisions/${index}/entry_id` });
    if (!entryDecidable(entry.status))
      throw new ApiError('hours_entry_not_changeable', {}, { pointer: `/decisions/${index}` });
    const status = d.decision === 'confirm' ? 'confirmed' : 'rejected';
    const changed = await updateEntry(ctx.db, entry.id, {
      status,
      supervisor_note: d.note || null,
      decided_at: ctx.now,
      // Who and from where, for the school (a student who reached the link shows here).
      decided_by: link.recipient,
      decided_from: link.use.ip,
      updated_at: ctx.now,
    });
    const type =
      status === 'confirmed' ? 'placements.hours.entry_confirmed' : 'placements.hours.entry_rejected';
    await settle(ctx, null, internship.id, type, (f) => ({ ...f, ...entryFacts(changed) }));
  }
  await consumeSupervisorLink(ctx, link);
  return confirmationByLink(ctx, link);
}

/** A school's default requirement for a period of its own (internships without their own `hours`). */
export async function setPeriodDefault(ctx: TCtx, caller: TCaller, periodId: string, requiredHours: number) {
  assertHoursTenant(ctx);
  if (!caller.userId) throw unauthorized();
  const period = await findPeriod(ctx.db, periodId);
  if (!period) throw notFound();
  if (!caller.permissions.isSchoolAdmin || caller.current?.id !== period.school_id) throw forbidden();
  await upsertPeriodDefault(ctx.db, ctx.tenant.id, periodId, requiredHours, caller.userId, ctx.now);
  await record(
    ctx,
    caller,
    'placements.hours.period_default_set',
    { type: 'internship_period', id: periodId },
    {
      internship_period_id: periodId,
      required_hours: requiredHours,
    },
  );
}
