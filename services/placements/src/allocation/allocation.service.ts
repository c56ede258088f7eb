import {
  acceptsPreferences,
  allowsAdjusting,
  allowsRoundAction,
  managesAllocation,
  studentOfRound,
} from '@stageplein/contracts/placements/allocation-policy';
import {
  roundDeadline,
  type TAllocationRoundInput,
} from '@stageplein/contracts/placements/allocation-rounds';
import { ApiError, forbidden, notFound, unauthorized } from '@stageplein/kit/errors/api-error';
import { createInternships } from '../internships/index.ts';
import type { TCaller } from '../shared/caller.ts';
import { record } from '../shared/events.ts';
import type { TCtx } from '../shared/request.ts';
import { studentsOfSchool, type TSchoolStudent } from '../read-models/index.ts';
import { allocate } from './allocation.algorithm.ts';
import {
  countOnVacancy,
  findLine,
  findPreference,
  findRound,
  insertRound,
  insertRoundVacancies,
  namesOf,
  preferencesOf,
  proposalOf,
  rankedCounts,
  replaceProposal,
  roundsOfSchool,
  roundVacancies,
  schoolCatalogue,
  updateLine,
  updateRound,
  upsertPreference,
  vacanciesByIds,
  type TLineRow,
  type TPickableVacancy,
  type TRoundRow,
  type TRoundVacancyRow,
} from './allocation.repository.ts';

/** A round as the caller may see it: the school's view (counts) or a student's (their ranking, outcome). */
export interface TRoundView {
  round: TRoundRow;
  vacancies: TRoundVacancyRow[];
  acceptingPreferences: boolean;
  manager?: { eligible: number; ranked: number };
  student?: {
    preferences: string[] | null;
    outcome: { vacancy: TRoundVacancyRow | null; internshipId: string | null } | null;
  };
}

const subject = (r: TRoundRow) => ({ type: 'allocation_round', id: r.id });
const pointer = (field: string) => ({ pointer: `/data/attributes/${field}` });

/**
 * Refuses a vacancy a school may not pick, naming it and the field (`field`): unknown (also another
 * tenant's), not published or hidden, or — `wanted` places — without that many places left.
 */
export function checkPickable(vacancy: TPickableVacancy | undefined, field: string, wanted = 1): void {
  if (!vacancy) throw new ApiError('validation_failed', {}, pointer(field));
  if (!vacancy.offerable)
    throw new ApiError('vacancy_not_offerable', { title: vacancy.title }, pointer(field));
  if (vacancy.places_left < wanted)
    throw new ApiError('vacancy_no_places_left', { title: vacancy.title }, pointer(field));
}

/** Whether a student (their group and its level) may rank in the round. */
export const eligibleFor = (
  round: Pick<TRoundRow, 'group_ids' | 'level_ids'>,
  student: Pick<TSchoolStudent, 'group_id' | 'level_id'>,
): boolean =>
  (round.group_ids.length === 0 && round.level_ids.length === 0) ||
  (student.group_id !== null && round.group_ids.includes(student.group_id)) ||
  (student.level_id !== null && round.level_ids.includes(student.level_id));

const filterOf = (round: Pick<TRoundRow, 'group_ids' | 'level_ids'>) => ({
  groupIds: round.group_ids,
  levelIds: round.level_ids,
});

async function studentRow(ctx: TCtx, schoolId: string, studentId: string) {
  const [row] = await studentsOfSchool(ctx.db, schoolId, { groupIds: [], levelIds: [], studentId });
  return row;
}

/**
 * The round if the caller may see it: its school's admins, or an eligible student of the school; 404
 * for everyone else (another school's round is not revealed).
 */
async function visibleRound(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  lock?: 'update' | 'share',
): Promise<{ round: TRoundRow; manages: boolean }> {
  if (!caller.userId) throw unauthorized();
  const round = await findRound(ctx.db, id, lock);
  if (!round) throw notFound();
  if (managesAllocation(caller.permissions, caller.current, round.school_id)) return { round, manages: true };
  if (studentOfRound(caller.permissions, caller.current, round.school_id)) {
    const student = await studentRow(ctx, round.school_id, caller.userId);
    if (student && eligibleFor(round, student)) return { round, manages: false };
  }
  throw notFound();
}

/** The round for one of the school's steps: locked, and the caller must manage it (404 if not theirs). */
async function managedRound(ctx: TCtx, caller: TCaller, id: string): Promise<TRoundRow> {
  const { round, manages } = await visibleRound(ctx, caller, id, 'update');
  if (!manages) throw forbidden();
  return round;
}

async function views(ctx: TCtx, caller: TCaller, rounds: TRoundRow[], manages: boolean) {
  const ids = rounds.map((r) => r.id);
  const vacancies = await roundVacancies(ctx.db, ids);
  const ranked = manages ? await rankedCounts(ctx.db, ids) : new Map<string, number>();
  const result: TRoundView[] = [];
  for (const round of rounds) {
    const list = vacancies.get(round.id)!;
    const view: TRoundView = {
      round,
      vacancies: list,
      acceptingPreferences: acceptsPreferences(round, ctx.now),
    };
    if (manages) {
      const eligible = await studentsOfSchool(ctx.db, round.school_id, filterOf(round));
      view.manager = { eligible: eligible.length, ranked: ranked.get(round.id) ?? 0 };
    } else {
      const userId = caller.userId!;
      const preference = await findPreference(ctx.db, round.id, userId);
      let outcome: NonNullable<TRoundView['student']>['outcome'] = null;
      if (round.status === 'published') {
        const line = await findLine(ctx.db, round.id, userId);
        outcome = {
          vacancy: list.find((v) => v.vacancy_id === line?.vacancy_id) ?? null,
          internshipId: line?.internship_id ?? null,
        };
      }
      view.student = { preferences: preference?.vacancy_ids ?? null, outcome };
    }
    result.push(view);
  }
  return result;
}

/**
 * `GET /allocation_rounds`: a school admin their school's rounds; a student the rounds of their school
 * they are eligible for; anyone else none.
 */
export async function listRounds(ctx: TCtx, caller: TCaller): Promise<TRoundView[]> {
  const current = caller.current;
  if (!caller.userId || !current) return [];
  if (managesAllocation(caller.permissions, current, current.id))
    return views(ctx, caller, await roundsOfSchool(ctx.db, current.id), true);
  if (!studentOfRound(caller.permissions, current, current.id)) return [];
  const student = await studentRow(ctx, current.id, caller.userId);
  if (!student) return [];
  const rounds = (await roundsOfSchool(ctx.db, current.id)).filter((r) => eligibleFor(r, student));
  return views(ctx, caller, rounds, false);
}

export async function readRound(ctx: TCtx, caller: TCaller, id: string): Promise<TRoundView> {
  const { round, manages } = await visibleRound(ctx, caller, id);
  return (await views(ctx, caller, [round], manages))[0]!;
}

/** A school admin opens a round on published vacancies of the tenant for (some of) their students. */
export async function createRound(
  ctx: TCtx,
  caller: TCaller,
  input: TAllocationRoundInput,
): Promise<TRoundView> {
  if (!caller.userId) throw unauthorized();
  const school = caller.current;
  if (!school || !managesAllocation(caller.permissions, school, school.id)) throw forbidden();
  const catalogue = await schoolCatalogue(ctx.db, school.id);
  const groupIds = [...new Set(input.group_ids ?? [])];
  const levelIds = [...new Set(input.level_ids ?? [])];
  if (groupIds.some((g) => !catalogue.groups.some((x) => x.id === g)))
    throw new ApiError('validation_failed', {}, pointer('group_ids'));
  if (levelIds.some((l) => !catalogue.levels.some((x) => x.id === l)))
    throw new ApiError('validation_failed', {}, pointer('level_ids'));
  const periodId = input.internship_period_id ?? null;
  if (periodId && !catalogue.periods.some((p) => p.id === periodId))
    throw new ApiError('validation_failed', {}, pointer('internship_period_id'));
  const deadline = roundDeadline(input.deadline);
  if (deadline.getTime() <= ctx.now.getTime())
    throw new ApiError('validation_failed', {}, pointer('deadline'));
  const wanted = [...new Map(input.vacancies.map((v) => [v.vacancy_id, v])).values()];
  const found = new Map(
    (
      await vacanciesByIds(
        ctx.db,
        wanted.map((v) => v.vacancy_id),
      )
    ).map((v) => [v.id, v]),
  );
  input.vacancies.forEach((v, i) => checkPickable(found.get(v.vacancy_id), `vacancies/${i}/vacancy_id`));
  const id = await insertRound(ctx.db, {
    tenant_id: ctx.tenant.id,
    school_id: school.id,
    name: input.name,
    internship_period_id: periodId,
    deadline,
    group_ids: groupIds,
    level_ids: levelIds,
    created_by: caller.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  await insertRoundVacancies(
    ctx.db,
    ctx.tenant.id,
    id,
    wanted.map((v) => ({
      vacancy_id: v.vacancy_id,
      capacity: v.capacity ?? found.get(v.vacancy_id)!.places,
    })),
  );
  const round = (await findRound(ctx.db, id))!;
  await record(ctx, caller, 'placements.allocation_round.created', subject(round), {
    round_id: id,
    school_id: school.id,
    name: round.name,
    internship_period_id: periodId,
    deadline: deadline.toISOString(),
    vacancy_ids: wanted.map((v) => v.vacancy_id),
  });
  return (await views(ctx, caller, [round], true))[0]!;
}

/**
 * An eligible student submits or replaces their ranking (best first, at most three, vacancies of the
 * round), while the round is open and before its deadline. The round is read with a share lock, so a
 * ranking cannot slip in while the school runs the allocation.
 */
export async function submitPreferences(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  vacancyIds: readonly string[],
): Promise<TRoundView> {
  const { round, manages } = await visibleRound(ctx, caller, id, 'share');
  if (manages || !caller.permissions.isStudent) throw forbidden();
  if (!acceptsPreferences(round, ctx.now)) throw new ApiError('allocation_round_closed');
  const offered = new Set((await roundVacancies(ctx.db, [round.id])).get(round.id)!.map((v) => v.vacancy_id));
  vacancyIds.forEach((v, i) => {
    if (!offered.has(v)) throw new ApiError('vacancy_not_in_round', {}, pointer(`vacancy_ids/${i}`));
  });
  const studentId = caller.userId!;
  await upsertPreference(ctx.db, {
    round_id: round.id,
    student_id: studentId,
    tenant_id: ctx.tenant.id,
    vacancy_ids: [...vacancyIds],
    updated_at: ctx.now,
  });
  await record(ctx, caller, 'placements.allocation_round.preferences_submitted', subject(round), {
    round_id: round.id,
    school_id: round.school_id,
    student_id: studentId,
    vacancy_ids: [...vacancyIds],
  });
  return (await views(ctx, caller, [round], false))[0]!;
}

/** One line of the proposal with what the school's review screen shows. */
export interface TLineView {
  line: TLineRow;
  name: string;
  preferences: string[];
}

async function lineViews(ctx: TCtx, roundId: string, lines: TLineRow[]): Promise<TLineView[]> {
  const names = await namesOf(
    ctx.db,
    lines.map((l) => l.student_id),
  );
  const preferences = new Map(
    (await preferencesOf(ctx.db, roundId)).map((p) => [p.student_id, p.vacancy_ids]),
  );
  return lines.map((line) => ({
    line,
    name: names.get(line.student_id) ?? line.student_id,
    preferences: preferences.get(line.student_id) ?? [],
  }));
}

/**
 * Runs the allocation (again): every eligible student, their ranking limited to the round's vacancies,
 * the round's capacities, the round's id as the lottery's seed. Replaces the proposal (adjustments
 * included) and closes the round for ranking.
 */
export async function runAllocation(ctx: TCtx, caller: TCaller, id: string): Promise<TLineView[]> {
  const round = await managedRound(ctx, caller, id);
  if (!allowsRoundAction({ status: round.status, allocated: round.allocated_at !== null }, 'run'))
    throw new ApiError('invalid_allocation_round_action');
  const vacancies = (await roundVacancies(ctx.db, [round.id])).get(round.id)!;
  const students = await studentsOfSchool(ctx.db, round.school_id, filterOf(round));
  const preferences = new Map(
    (await preferencesOf(ctx.db, round.id)).map((p) => [p.student_id, p.vacancy_ids]),
  );
  const result = allocate({
    seed: round.id,
    students: students.map((s) => ({ id: s.id, preferences: preferences.get(s.id) ?? [] })),
    // Places already held on a vacancy (outside the round) are not proposed again.
    vacancies: vacancies.map((v) => ({ id: v.vacancy_id, capacity: v.capacity, placesLeft: v.places_left })),
  });
  const lines: TLineRow[] = students.map((s) => ({
    round_id: round.id,
    student_id: s.id,
    tenant_id: ctx.tenant.id,
    vacancy_id: result.assignments.get(s.id) ?? null,
    lottery_number: result.lottery.get(s.id)!,
    adjusted: false,
    internship_id: null,
  }));
  await replaceProposal(ctx.db, round.id, lines);
  await updateRound(ctx.db, round.id, { status: 'closed', allocated_at: ctx.now, updated_at: ctx.now });
  await record(ctx, caller, 'placements.allocation_round.allocated', subject(round), {
    round_id: round.id,
    school_id: round.school_id,
    assigned: result.assignments.size,
    unmatched: result.unmatched.length,
  });
  return lineViews(ctx, round.id, await proposalOf(ctx.db, round.id));
}

export async function readProposal(ctx: TCtx, caller: TCaller, id: string): Promise<TLineView[]> {
  const { round, manages } = await visibleRound(ctx, caller, id);
  if (!manages) throw forbidden();
  return lineViews(ctx, round.id, await proposalOf(ctx.db, round.id));
}

/** The school moves a student to another vacancy of the round (if it has room) or takes them off (null). */
export async function adjustLine(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  studentId: string,
  vacancyId: string | null,
): Promise<TLineView> {
  const round = await managedRound(ctx, caller, id);
  if (!allowsAdjusting(round)) throw new ApiError('invalid_allocation_round_action');
  const line = await findLine(ctx.db, round.id, studentId);
  if (!line) throw notFound();
  if (vacancyId !== null && vacancyId !== line.vacancy_id) {
    const vacancy = (await roundVacancies(ctx.db, [round.id]))
      .get(round.id)!
      .find((v) => v.vacancy_id === vacancyId);
    if (!vacancy) throw new ApiError('vacancy_not_in_round', {}, pointer('vacancy_id'));
    const taken = await countOnVacancy(ctx.db, round.id, vacancyId);
    if (taken >= vacancy.capacity) throw new ApiError('round_vacancy_full');
    // Places held outside the round (internships) count too: it proposes no one for a full vacancy.
    if (taken >= vacancy.places_left)
      throw new ApiError('vacancy_no_places_left', { title: vacancy.title }, pointer('vacancy_id'));
  }
  await updateLine(ctx.db, round.id, studentId, { vacancy_id: vacancyId, adjusted: true });
  await updateRound(ctx.db, round.id, { updated_at: ctx.now });
  await record(ctx, caller, 'placements.allocation_round.adjusted', subject(round), {
    round_id: round.id,
    school_id: round.school_id,
    student_id: studentId,
    from_vacancy_id: line.vacancy_id,
    vacancy_id: vacancyId,
  });
  return (await lineViews(ctx, round.id, [(await findLine(ctx.db, round.id, studentId))!]))[0]!;
}

/**
 * Publishes the proposal: an `approved` internship per placed student (the internships feature's
 * service function, in this transaction with its events), the round final. Students then see their
 * outcome.
 */
export async function publishRound(ctx: TCtx, caller: TCaller, id: string): Promise<TRoundView> {
  const round = await managedRound(ctx, caller, id);
  if (!allowsRoundAction({ status: round.status, allocated: round.allocated_at !== null }, 'publish'))
    throw new ApiError('invalid_allocation_round_action');
  const placed = (await proposalOf(ctx.db, round.id)).filter((l) => l.vacancy_id !== null);
  // A place taken since the run (an application, an assignment) is named before anything is created.
  const wanted = new Map<string, number>();
  for (const l of placed) wanted.set(l.vacancy_id!, (wanted.get(l.vacancy_id!) ?? 0) + 1);
  for (const v of await vacanciesByIds(ctx.db, [...wanted.keys()]))
    if (v.places_left < wanted.get(v.id)!)
      throw new ApiError('vacancy_no_places_left', { title: v.title }, pointer('vacancy_id'));
  const created = await createInternships(ctx, caller, {
    schoolId: round.school_id,
    status: 'approved',
    items: placed.map((l) => ({
      student_id: l.student_id,
      vacancy_id: l.vacancy_id,
      internship_period_id: round.internship_period_id,
    })),
  });
  const internshipIds = created.map((i) => i.id);
  for (const [i, line] of placed.entries())
    await updateLine(ctx.db, round.id, line.student_id, { internship_id: internshipIds[i]! });
  await updateRound(ctx.db, round.id, { status: 'published', published_at: ctx.now, updated_at: ctx.now });
  const lines = await proposalOf(ctx.db, round.id);
  await record(ctx, caller, 'placements.allocation_round.published', subject(round), {
    round_id: round.id,
    school_id: round.school_id,
    internship_ids: internshipIds,
    unmatched: lines.length - placed.length,
  });
  return (await views(ctx, caller, [(await findRound(ctx.db, round.id))!], true))[0]!;
}
