import type { Insertable } from 'kysely';
import type { TEventPayload, TEventType } from '@stageplein/contracts/events/payloads';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import {
  allowsInternshipAction,
  availableInternshipActions,
  editableFields,
  internshipScopes,
  isFinalInternshipStatus,
  mayApply,
  mayTakeInternshipAction,
  partiesOf,
  readsInternship,
  type TInternshipFacts,
  type TInternshipViewer,
} from '@stageplein/contracts/placements/internship-policy';
import {
  contractTypeFor,
  INTERNSHIP_AWAITING,
  INTERNSHIP_STATUSES,
  INTERNSHIP_TRANSITIONS,
  PLACE_HOLDING_STATUSES,
  type TInternshipAction,
  type TInternshipApplyInput,
  type TInternshipCreateInput,
  type TInternshipField,
  type TInternshipStatus,
  type TInternshipUpdateInput,
} from '@stageplein/contracts/placements/internships';
import { isPublic } from '@stageplein/contracts/placements/vacancy-policy';
import { supervisorKey } from '@stageplein/contracts/placements/assignment-policy';
import { ApiError, badRequest, forbidden, notFound, unauthorized } from '@stageplein/kit/errors/api-error';
import type { TCaller } from '../shared/caller.ts';
import { checkOrganizationContact, organizationContacts } from '../shared/organization-contacts.ts';
import { dutchDate } from '@stageplein/contracts/domain/school-years';
import {
  internshipPeriodChoice,
  PERIOD_CHOSEN_AT,
  PERIOD_NEEDED_STATUSES,
} from '@stageplein/contracts/placements/internship-period-rule';
import { inScopePeriodIds, inScopePeriodRefs } from '../read-models/index.ts';
import { approveSupervisorAddress, currentSupervisor, refuseOwnSupervisor } from './internship-supervisor.ts';
import { record } from '../shared/events.ts';
import type { TChangeActor, TCtx } from '../shared/request.ts';
import { findOrganization, findVacancy, type TVacancyRow } from '../vacancies/index.ts';
import type { TDb } from '../database.ts';
import { isPausedFor } from '../shared/organization-pauses.ts';
import { revokeLinksEndedBy, supervisorChanged, type TInternshipReactions } from './internship-links.ts';
import type { TInternshipsTable } from './internships.table.ts';
import {
  findInternshipView,
  findPeriod,
  hasInternshipFor,
  hasRole,
  insertInternships,
  insertStatusChanges,
  listInternships,
  listStatusChanges,
  menteesOf,
  placesTaken,
  updateInternship,
  type TInternshipRow,
  type TInternshipView,
} from './internships.repository.ts';

// ---------------------------------------------------------------------------------------------
// Events, audit and status history
// ---------------------------------------------------------------------------------------------

type TSnapshot = TEventPayload<'placements.internship.updated'>;

export function snapshotOf(i: TInternshipRow): TSnapshot {
  return {
    internship_id: i.id,
    student_id: i.student_id,
    school_id: i.school_id,
    organization_id: i.organization_id,
    vacancy_id: i.vacancy_id,
    internship_period_id: i.internship_period_id,
    contact_person_id: i.contact_person_id,
    supervisor_id: i.supervisor_id,
    title: i.title,
    organization_name: i.organization_name,
    self_found: i.self_found,
    contract_type: i.contract_type,
    start_date: i.start_date,
    end_date: i.end_date,
    status: i.status,
    hours: i.hours === null ? null : Number(i.hours),
    updated_at: i.updated_at.toISOString(),
  };
}

const subject = (i: { id: string }) => ({ type: 'internship', id: i.id });

/** The event of each transition (`placements.internship.<past tense>`). */
const ACTION_EVENTS = {
  accept: 'placements.internship.accepted',
  decline: 'placements.internship.declined',
  approve: 'placements.internship.approved',
  reject: 'placements.internship.rejected',
  activate: 'placements.internship.activated',
  complete: 'placements.internship.completed',
  withdraw: 'placements.internship.withdrawn',
  cancel: 'placements.internship.cancelled',
} as const satisfies Record<TInternshipAction, TEventType>;

const historyRow = (
  ctx: TCtx,
  actor: TChangeActor,
  internshipId: string,
  from: TInternshipStatus | null,
  to: TInternshipStatus,
  reason: string | null,
) => ({
  tenant_id: ctx.tenant.id,
  internship_id: internshipId,
  from_status: from,
  to_status: to,
  reason,
  actor_id: actor.userId,
  impersonator_id: actor.impersonatorId,
  at: ctx.now,
});

// ---------------------------------------------------------------------------------------------
// Who the caller is for an internship
// ---------------------------------------------------------------------------------------------

export const factsOf = (i: TInternshipRow): TInternshipFacts & { updatingHoursAllowed: boolean } => ({
  studentId: i.student_id,
  schoolId: i.school_id,
  organizationId: i.organization_id,
  status: i.status,
  selfFound: i.self_found,
  updatingHoursAllowed: i.updating_hours_allowed,
});

/** The caller as the policy sees them for internships of `studentId`s, mentorships looked up once. */
export async function viewerFor(
  ctx: TCtx,
  caller: TCaller,
): Promise<(studentId: string) => TInternshipViewer> {
  const base = { userId: caller.userId, permissions: caller.permissions, current: caller.current };
  const mentees =
    caller.userId && caller.permissions.isMentor && caller.current?.type === 'School'
      ? await menteesOf(ctx.db, caller.userId, caller.current.id)
      : new Set<string>();
  return (studentId) => ({ ...base, mentorsStudent: mentees.has(studentId) });
}

/** The policy's answer for the resource's `meta`. */
export const metaFor = (ctx: TCtx, viewer: TInternshipViewer, i: TInternshipRow) => ({
  actions: availableInternshipActions(viewer, factsOf(i)),
  editable_fields: editableFields(viewer, factsOf(i), ctx.tenant.features) as string[],
});

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_FILTERS = ['internship_period_id', 'organization_id', 'student_id', 'vacancy_id'];

/** Filter values the SQL could not compare are a 400 naming the parameter, not a database error. */
function checkFilters(query: TJsonApiQuery): void {
  for (const f of query.filters) {
    const values = Array.isArray(f.value) ? f.value : typeof f.value === 'string' ? [f.value] : [];
    const name = `filter[${f.attribute}_${f.predicate}]`;
    if (UUID_FILTERS.includes(f.attribute) && values.some((v) => !UUID.test(v))) throw badRequest(name);
    if (
      f.attribute === 'status' &&
      values.some((v) => !(INTERNSHIP_STATUSES as readonly string[]).includes(v))
    )
      throw badRequest(name);
    if (f.attribute === 'self_found' && values.some((v) => v !== 'true' && v !== 'false'))
      throw badRequest(name);
  }
  const group = query.scopes.group_id;
  if (group !== undefined && !UUID.test(group)) throw badRequest('filter[group_id]');
  const inScope = query.scopes.in_scope;
  if (inScope !== undefined && inScope !== 'true' && inScope !== 'false')
    throw badRequest('filter[in_scope]');
  const awaiting = query.scopes.awaiting;
  if (awaiting !== undefined && !(INTERNSHIP_AWAITING as readonly string[]).includes(awaiting))
    throw badRequest('filter[awaiting]');
}

/** `GET /api/v1/internships`: the caller's internships (spec §6 via `internshipScopes`). */
export async function listVisibleInternships(ctx: TCtx, caller: TCaller, query: TJsonApiQuery) {
  if (!caller.userId) throw unauthorized();
  checkFilters(query);
  const scopes = internshipScopes({
    userId: caller.userId,
    permissions: caller.permissions,
    current: caller.current,
  });
  // Spec §4: `filter[in_scope]=true` keeps the periods of the current and next school year (a School's
  // users: their School's; others: active ones).
  const periodIds =
    query.scopes.in_scope === 'true'
      ? await inScopePeriodIds(ctx.db, ctx.now, caller.current?.type === 'School' ? caller.current.id : null)
      : undefined;
  const [page, viewer] = await Promise.all([
    listInternships(ctx.db, scopes, query, { periodIds }),
    viewerFor(ctx, caller),
  ]);
  return { ...page, viewer };
}

/** The internship if the caller may read it; 404 otherwise (another's internship is not revealed). */
export async function readableInternship(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ row: TInternshipView; viewer: TInternshipViewer }> {
  if (!caller.userId) throw unauthorized();
  const row = await findInternshipView(ctx.db, id, options);
  if (!row) throw notFound();
  const viewer = (await viewerFor(ctx, caller))(row.student_id);
  if (!readsInternship(viewer, factsOf(row))) throw notFound();
  return { row, viewer };
}

export async function statusHistory(ctx: TCtx, id: string) {
  return (await listStatusChanges(ctx.db, id)).map((c) => ({
    from_status: c.from_status,
    to_status: c.to_status,
    reason: c.reason,
    actor_id: c.actor_id,
    at: c.at.toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------
// Creating
// ---------------------------------------------------------------------------------------------

const pointer = (field: string) => ({ pointer: `/data/attributes/${field}` });
const invalid = (field: string) => new ApiError('validation_failed', {}, pointer(field));

/** A vacancy takes applications while published, shown and not past its closing time. */
const isOpen = (v: TVacancyRow, now: Date) => isPublic(v) && (!v.closes_at || v.closes_at > now);

/** Refuses a full vacancy (places held by `PLACE_HOLDING_STATUSES`, the vacancy row locked by the caller). */
async function claimPlaces(ctx: TCtx, vacancy: TVacancyRow, wanted: number): Promise<void> {
  if ((await placesTaken(ctx.db, vacancy.id)) + wanted > vacancy.places)
    throw new ApiError('vacancy_full', {}, pointer('vacancy_id'));
}

/** The fields that name the workplace's people: none of them may be the student (issue #31). */
const PERSON_FIELDS = ['contact_person_id', 'supervisor_id', 'contact_email', 'supervisor_email'] as const;

/**
 * Field rules that need the database: date order, the school's period, people of the organization,
 * and nobody of the workplace the student themselves (`changed`: the fields being written; a PATCH
 * does not re-judge what it leaves alone).
 */
async function checkReferences(
  ctx: TCtx,
  v: Pick<
    TInternshipsTable,
    | 'student_id'
    | 'school_id'
    | 'organization_id'
    | 'start_date'
    | 'end_date'
    | 'internship_period_id'
    | 'contact_person_id'
    | 'supervisor_id'
    | 'contact_email'
    | 'supervisor_email'
  >,
  changed: readonly string[] = PERSON_FIELDS,
): Promise<void> {
  if (v.start_date && v.end_date && v.end_date < v.start_date)
    throw new ApiError('invalid_date_range', {}, pointer('end_date'));
  if (v.internship_period_id) {
    const period = await findPeriod(ctx.db, v.internship_period_id);
    if (period?.school_id !== v.school_id) throw invalid('internship_period_id');
  }
  for (const field of PERSON_FIELDS)
    if (changed.includes(field))
      await refuseOwnSupervisor(
        ctx.db,
        v,
        field,
        field.endsWith('_id') ? { personId: v[field] } : { email: v[field] },
      );
  // The contact person and the supervisor work for the organization (contracts' rule).
  for (const field of ['contact_person_id', 'supervisor_id'] as const)
    await checkOrganizationContact(ctx.db, v[field], v.organization_id, field);
}

/**
 * The period an approved internship gets when nobody chose one: internship-period-rule's suggestion
 * among its School's active periods in scope (null when the School has none; the internship is then
 * listed to the school as needing one).
 */
async function suggestedPeriodId(
  ctx: TCtx,
  i: Pick<TInternshipsTable, 'school_id' | 'start_date'>,
): Promise<string | null> {
  const periods = await inScopePeriodRefs(ctx.db, ctx.now, i.school_id);
  return (
    internshipPeriodChoice(periods, { startDate: i.start_date }, dutchDate(ctx.now)).suggested?.id ?? null
  );
}

export interface TCreateInternships {
  /** The students' School (the caller's current one). */
  schoolId: string;
  /** `approved` for a school's assignment or allocation; `submitted` for a self-found internship. */
  status: 'approved' | 'submitted';
  items: readonly TInternshipCreateInput[];
}

/**
 * Creates internships for students of a School in the use case's transaction (assign, allocation
 * rounds, self-found): each student must be a student of the school; a vacancy must belong to the
 * organization and have places left for all of them. Writes each internship's status history, event
 * and audit row. The caller's use case checks who may do it (`mayAssignInternships`, `maySubmitSelfFound`).
 */
export async function createInternships(
  ctx: TCtx,
  actor: TChangeActor,
  input: TCreateInternships,
): Promise<TInternshipRow[]> {
  const selfFound = input.status === 'submitted';
  const rows: Insertable<TInternshipsTable>[] = [];
  const perVacancy = new Map<string, number>();
  for (const [index, item] of input.items.entries()) {
    if (!(await hasRole(ctx.db, item.student_id, input.schoolId, 'student')))
      throw new ApiError('not_a_student', {}, { pointer: `/data/${index}/attributes/student_id` });
    const vacancy = item.vacancy_id ? await findVacancy(ctx.db, item.vacancy_id, { forUpdate: true }) : null;
    if (item.vacancy_id && !vacancy) throw invalid('vacancy_id');
    if (vacancy && item.organization_id && item.organization_id !== vacancy.organization_id)
      throw invalid('organization_id');
    const organizationId = vacancy?.organization_id ?? item.organization_id ?? null;
    const organization = organizationId ? await findOrganization(ctx.db, organizationId) : undefined;
    if (organizationId && !organization) throw invalid('organization_id');
    if (!organizationId && !(selfFound && item.organization_name)) throw invalid('organization_name');
    if (vacancy) perVacancy.set(vacancy.id, (perVacancy.get(vacancy.id) ?? 0) + 1);
    const row = {
      tenant_id: ctx.tenant.id,
      student_id: item.student_id,
      school_id: input.schoolId,
      organization_id: organizationId,
      vacancy_id: vacancy?.id ?? null,
      internship_period_id: item.internship_period_id ?? null,
      contact_person_id: item.contact_person_id ?? vacancy?.contact_person_id ?? null,
      supervisor_id: item.supervisor_id ?? null,
      supervisor_name: item.supervisor_name ?? null,
      supervisor_email: item.supervisor_email ?? null,
      current_phase_id: null,
      title: item.title ?? vacancy?.title ?? organization?.name ?? item.organization_name ?? '',
      description: item.description ?? null,
      motivation: null,
      start_date: item.start_date ?? vacancy?.starts_on ?? null,
      end_date: item.end_date ?? vacancy?.ends_on ?? null,
      contract_type: contractTypeFor(ctx.tenant.features),
      self_found: selfFound,
      organization_name: organization?.name ?? item.organization_name ?? null,
      contact_name: item.contact_name ?? null,
      contact_email: item.contact_email ?? null,
      contact_phone_number: item.contact_phone_number ?? null,
      hours: item.hours ?? null,
      hours_supervisor: null,
      updating_hours_allowed: ctx.tenant.features.usesHours,
      status: input.status,
      status_reason: null,
      created_by: actor.userId,
      created_at: ctx.now,
      updated_at: ctx.now,
    };
    if (!row.internship_period_id && PERIOD_NEEDED_STATUSES.includes(input.status))
      row.internship_period_id = await suggestedPeriodId(ctx, row);
    await checkReferences(ctx, row);
    rows.push(row);
  }
  for (const [vacancyId, wanted] of perVacancy) {
    const vacancy = (await findVacancy(ctx.db, vacancyId))!;
    await claimPlaces(ctx, vacancy, wanted);
  }
  return insertAll(ctx, actor, rows);
}

async function insertAll(
  ctx: TCtx,
  actor: TChangeActor,
  rows: Insertable<TInternshipsTable>[],
): Promise<TInternshipRow[]> {
  const ids = await insertInternships(ctx.db, rows);
  // The school's own assignment names a supervisor it has seen: approved as it is (issue #31).
  for (const [n, id] of ids.entries())
    if (
      rows[n]!.status === 'approved' &&
      (rows[n]!.supervisor_id || rows[n]!.supervisor_email || rows[n]!.contact_email)
    )
      Object.assign(rows[n]!, await approvedBy(ctx, actor, id));
  const created = ids.map((id, n) => ({ ...rows[n], id }) as TInternshipRow);
  await insertStatusChanges(
    ctx.db,
    created.map((i) => historyRow(ctx, actor, i.id, null, i.status, null)),
  );
  for (const i of created)
    await record(ctx, actor, 'placements.internship.created', subject(i), snapshotOf(i));
  return created;
}

/**
 * `POST /api/v1/internships`: a student applies to a published vacancy for their School. The
 * motivation is required where the tenant's switch enables it and refused elsewhere; the vacancy row
 * is locked while its places are counted, so two last applications cannot both take the last place.
 */
export async function applyToVacancy(
  ctx: TCtx,
  caller: TCaller,
  input: TInternshipApplyInput,
): Promise<TInternshipRow> {
  const studentId = caller.userId;
  if (!studentId) throw unauthorized();
  if (!mayApply(caller.permissions, caller.current)) throw forbidden();
  const motivation = input.motivation?.trim() || null;
  if (ctx.tenant.features.motivationField && !motivation)
    throw new ApiError('motivation_required', {}, pointer('motivation'));
  if (!ctx.tenant.features.motivationField && input.motivation !== undefined)
    throw new ApiError('motivation_not_allowed', {}, pointer('motivation'));
  const vacancy = await findVacancy(ctx.db, input.vacancy_id, { forUpdate: true });
  if (!vacancy || !isPublic(vacancy)) throw new ApiError('not_found', {}, pointer('vacancy_id'));
  if (!isOpen(vacancy, ctx.now)) throw new ApiError('vacancy_not_open', {}, pointer('vacancy_id'));
  // The student's school paused the organization's vacancies for its students (discrimination reports).
  if (await isPausedFor(ctx.db, caller.current!.id, vacancy.organization_id))
    throw new ApiError('vacancy_not_for_school', {}, pointer('vacancy_id'));
  const open = PLACE_HOLDING_STATUSES.filter((s) => s !== 'completed');
  if (await hasInternshipFor(ctx.db, studentId, vacancy.id, open))
    throw new ApiError('already_applied', {}, pointer('vacancy_id'));
  await claimPlaces(ctx, vacancy, 1);
  const schoolId = caller.current!.id;
  const period = vacancy.internship_period_id ? await findPeriod(ctx.db, vacancy.internship_period_id) : null;
  const [created] = await insertAll(ctx, caller, [
    {
      tenant_id: ctx.tenant.id,
      student_id: studentId,
      school_id: schoolId,
      organization_id: vacancy.organization_id,
      vacancy_id: vacancy.id,
      // The vacancy's period when it is one of the student's school's (periods are per school).
      internship_period_id: period?.school_id === schoolId ? period.id : null,
      contact_person_id: vacancy.contact_person_id,
      supervisor_id: null,
      current_phase_id: null,
      title: vacancy.title,
      description: null,
      motivation,
      start_date: vacancy.starts_on ?? (period?.school_id === schoolId ? period.start_date : null),
      end_date: vacancy.ends_on ?? (period?.school_id === schoolId ? period.end_date : null),
      contract_type: contractTypeFor(ctx.tenant.features),
      self_found: false,
      organization_name: vacancy.organization_name,
      contact_name: null,
      contact_email: null,
      contact_phone_number: null,
      hours: null,
      hours_supervisor: null,
      updating_hours_allowed: ctx.tenant.features.usesHours,
      status: 'applied',
      status_reason: null,
      created_by: studentId,
      created_at: ctx.now,
      updated_at: ctx.now,
    },
  ]);
  return created!;
}

// ---------------------------------------------------------------------------------------------
// Changing
// ---------------------------------------------------------------------------------------------

/**
 * `GET /internships/{id}/people`: whom the caller may choose as contact person or supervisor — the
 * organization's people (`mayBeOrganizationContact`), for a caller who may change either field now
 * (403 otherwise; 404 when they cannot read the internship).
 */
export async function internshipPeople(ctx: TCtx, caller: TCaller, id: string) {
  const { row, viewer } = await readableInternship(ctx, caller, id);
  const fields = editableFields(viewer, factsOf(row), ctx.tenant.features);
  if (!fields.includes('contact_person_id') && !fields.includes('supervisor_id')) throw forbidden();
  if (!row.organization_id) return [];
  return organizationContacts(ctx.db, row.organization_id);
}

/** Where the internship's supervisor links go now (its supervisor's address, else its contact's). */
async function supervisorOf(db: TDb, id: string) {
  const { address, name } = await currentSupervisor(db, id);
  return { key: supervisorKey(address), name };
}

/**
 * PATCH: only the fields the caller may edit now (`editableFields`); the status through the actions.
 * `reactions`: what other groups do when the supervisor address changes (placements.module.ts).
 */
export async function changeInternship(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  input: TInternshipUpdateInput,
  reactions: TInternshipReactions,
): Promise<TInternshipView> {
  const { row, viewer } = await readableInternship(ctx, caller, id, { forUpdate: true });
  const allowed = new Set(editableFields(viewer, factsOf(row), ctx.tenant.features));
  const fields = Object.keys(input) as TInternshipField[];
  for (const field of fields)
    if (!allowed.has(field)) throw new ApiError('internship_field_not_editable', {}, pointer(field));
  if (fields.length === 0) return row;
  const changes = {
    ...input,
    ...(input.motivation !== undefined ? { motivation: input.motivation || null } : {}),
  };
  if (ctx.tenant.features.motivationField && 'motivation' in input && !changes.motivation)
    throw new ApiError('motivation_required', {}, pointer('motivation'));
  await checkReferences(ctx, { ...row, ...changes }, fields);
  // The supervisor's links go to the internship's supervisor address: a new address ends the old ones
  // (compared whatever the fields, so a field that comes to decide the address is covered too).
  const before = await supervisorOf(ctx.db, id);
  await updateInternship(ctx.db, id, { ...changes, updated_at: ctx.now });
  const after = await supervisorOf(ctx.db, id);
  if (after.key !== before.key) {
    await supervisorChanged(ctx, id, after, reactions);
    // A supervisor the school names is approved by naming them; anyone else's choice waits for it.
    if (partiesOf(viewer, factsOf(row)).includes('school')) await approvedBy(ctx, caller, id);
  }
  const updated = (await findInternshipView(ctx.db, id))!;
  await record(ctx, caller, 'placements.internship.updated', subject(updated), snapshotOf(updated));
  return updated;
}

/** Records the school's approval of the current supervisor address (the row's approval columns). */
async function approvedBy(ctx: TCtx, actor: TChangeActor, id: string) {
  const address = await approveSupervisorAddress(ctx.db, id, actor, ctx.now);
  return {
    supervisor_approved_email: address,
    supervisor_approved_by: address ? actor.userId : null,
    supervisor_approved_at: address ? ctx.now : null,
  };
}

/**
 * `POST /internships/{id}/supervisor_approval`: the school approves the supervisor the internship
 * names now (its account's, the named person's or the contact's address), so links may go to them
 * (issue #31). 403 for anyone but the school; 409 `hours_no_supervisor_email` when nobody is named;
 * 422 `own_supervisor` when that is the student. Writes `placements.internship.updated` with its audit row.
 */
export async function approveSupervisor(ctx: TCtx, caller: TCaller, id: string): Promise<TInternshipView> {
  const { row, viewer } = await readableInternship(ctx, caller, id, { forUpdate: true });
  if (!partiesOf(viewer, factsOf(row)).includes('school') || isFinalInternshipStatus(row.status))
    throw forbidden();
  const choice = row.supervisor__id
    ? { field: 'supervisor_id', personId: row.supervisor__id }
    : row.supervisor_email
      ? { field: 'supervisor_email', email: row.supervisor_email }
      : { field: 'contact_email', email: row.contact_email };
  if (!choice.personId && !choice.email) throw new ApiError('hours_no_supervisor_email');
  await refuseOwnSupervisor(ctx.db, row, choice.field, choice);
  await approvedBy(ctx, caller, id);
  const updated = (await findInternshipView(ctx.db, id))!;
  await record(ctx, caller, 'placements.internship.updated', subject(updated), snapshotOf(updated));
  return updated;
}

/**
 * The transition endpoints: who may (`mayTakeInternshipAction`, 403), whether the status allows it
 * (409), the reason where the transition requires one (422); then the status, its history row, the
 * event and the audit row, in the request's transaction.
 */
export async function takeInternshipAction(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  action: TInternshipAction,
  input: { reason?: string; internship_period_id?: string } = {},
): Promise<TInternshipView> {
  const { reason, internship_period_id: chosenPeriod } = input;
  const { row, viewer } = await readableInternship(ctx, caller, id, { forUpdate: true });
  if (!mayTakeInternshipAction(viewer, factsOf(row), action)) throw forbidden();
  if (!allowsInternshipAction(row.status, action)) throw new ApiError('invalid_internship_action');
  const transition = INTERNSHIP_TRANSITIONS[action];
  if (transition.reason === 'required' && !reason)
    throw new ApiError('reason_required', {}, pointer('reason'));
  if (transition.reason === 'none' && reason) throw invalid('reason');
  if (chosenPeriod && action !== PERIOD_CHOSEN_AT) throw invalid('internship_period_id');
  // An internship entering an approved status gets its period (issue #30 item 1): the one the school
  // chose at approval, else its own, else the rule's suggestion — the one the approval dialog preselects.
  let periodId = chosenPeriod ?? row.internship_period_id;
  if (!periodId && PERIOD_NEEDED_STATUSES.includes(transition.to))
    periodId = await suggestedPeriodId(ctx, row);
  if (chosenPeriod) await checkReferences(ctx, { ...row, internship_period_id: chosenPeriod });
  const statusReason = reason ?? null;
  await updateInternship(ctx.db, id, {
    status: transition.to,
    status_reason: statusReason,
    ...(periodId !== row.internship_period_id ? { internship_period_id: periodId } : {}),
    updated_at: ctx.now,
  });
  await insertStatusChanges(ctx.db, [historyRow(ctx, caller, id, row.status, transition.to, statusReason)]);
  // Links die with their purpose: leaving active ends the hours links, leaving the evaluated statuses
  // the evaluation's.
  await revokeLinksEndedBy(ctx, id, transition.to);
  const updated = (await findInternshipView(ctx.db, id))!;
  await record(ctx, caller, ACTION_EVENTS[action], subject(updated), {
    ...snapshotOf(updated),
    from_status: row.status,
    reason: statusReason,
  });
  return updated;
}
