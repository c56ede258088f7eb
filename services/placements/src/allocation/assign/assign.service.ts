import { createHash } from 'node:crypto';
import { managesAllocation } from '@stageplein/contracts/placements/allocation-policy';
import type { TAssignmentInput } from '@stageplein/contracts/placements/allocation-assign';
import { ApiError, forbidden, unauthorized } from '@stageplein/kit/errors/api-error';
import { schoolCatalogue, searchPickableVacancies, vacanciesByIds } from '../allocation.repository.ts';
import { checkPickable } from '../allocation.service.ts';
import { createInternships } from '../../internships/index.ts';
import { studentsOfSchool } from '../../read-models/index.ts';
import type { TCaller } from '../../shared/caller.ts';
import { record } from '../../shared/events.ts';
import type { TCtx } from '../../shared/request.ts';
import { claimKey, findBatch, setInternships, type TBatchRow } from './assign.repository.ts';

/** The current School, if the caller may assign for it (`managesAllocation`). */
function schoolOf(caller: TCaller): string {
  if (!caller.userId) throw unauthorized();
  const current = caller.current;
  if (!current || !managesAllocation(caller.permissions, current, current.id)) throw forbidden();
  return current.id;
}

/**
 * Assign in one go: an `approved` internship per (student, vacancy) pair, all in this transaction
 * (the internships feature's `createInternships` checks students, vacancies and places). The
 * idempotency key is claimed first (a unique row per school and key): a second request with the same
 * key waits for the first's transaction and then answers its batch; with another body it is a conflict.
 */
export async function assignInternships(
  ctx: TCtx,
  caller: TCaller,
  idempotencyKey: string,
  input: TAssignmentInput,
): Promise<{ batch: TBatchRow; created: boolean }> {
  const schoolId = schoolOf(caller);
  const hash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  const claimed = await claimKey(ctx.db, {
    tenant_id: ctx.tenant.id,
    school_id: schoolId,
    idempotency_key: idempotencyKey,
    request_hash: hash,
    internship_ids: [],
    created_by: caller.userId,
    created_at: ctx.now,
  });
  if (!claimed) {
    const batch = (await findBatch(ctx.db, schoolId, idempotencyKey))!;
    if (batch.request_hash !== hash) throw new ApiError('conflict', {}, { parameter: 'Idempotency-Key' });
    return { batch, created: false };
  }
  // A vacancy the school may not pick is refused by name and field (not published, hidden, full).
  const found = new Map(
    (await vacanciesByIds(ctx.db, [...new Set(input.assignments.map((a) => a.vacancy_id))])).map((v) => [
      v.id,
      v,
    ]),
  );
  const wanted = new Map<string, number>();
  input.assignments.forEach((a, i) => {
    wanted.set(a.vacancy_id, (wanted.get(a.vacancy_id) ?? 0) + 1);
    checkPickable(found.get(a.vacancy_id), `assignments/${i}/vacancy_id`, wanted.get(a.vacancy_id));
  });
  const created = await createInternships(ctx, caller, {
    schoolId,
    status: 'approved',
    // A supervisor named with the batch is each internship's, under an internship's own rules
    // (`createInternships`: not the student's own address, approved as the school named them).
    items: input.assignments.map((a) => ({
      student_id: a.student_id,
      vacancy_id: a.vacancy_id,
      internship_period_id: input.internship_period_id ?? null,
      supervisor_name: input.supervisor_name ?? null,
      supervisor_email: input.supervisor_email ?? null,
    })),
  });
  const ids = created.map((i) => i.id);
  await setInternships(ctx.db, claimed, ids);
  await record(
    ctx,
    caller,
    'placements.internship_assignment.created',
    { type: 'internship_assignment', id: claimed },
    { assignment_id: claimed, school_id: schoolId, internship_ids: ids },
  );
  return { batch: (await findBatch(ctx.db, schoolId, idempotencyKey))!, created: true };
}

/** The school's students to pick from, with their group and level (filtered by groups and levels). */
export async function assignableStudents(
  ctx: TCtx,
  caller: TCaller,
  filter: { groupIds: string[]; levelIds: string[] },
) {
  return studentsOfSchool(ctx.db, schoolOf(caller), filter);
}

export async function assignmentOptions(ctx: TCtx, caller: TCaller) {
  const schoolId = schoolOf(caller);
  return { schoolId, ...(await schoolCatalogue(ctx.db, schoolId)) };
}

/** What the school may pick for a round or an assignment, found by words (the pickers' search). */
export async function assignableVacancies(ctx: TCtx, caller: TCaller, search: string, limit: number) {
  schoolOf(caller);
  return searchPickableVacancies(ctx.db, search, limit);
}
