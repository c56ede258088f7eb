import { SEED_NAMESPACE, seedOrganizationId, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { demoUserId } from '../internships/index.ts';
import { seedVacancyId } from '../vacancies/index.ts';
import { record } from '../shared/events.ts';
import { SYSTEM, type TCtx } from '../shared/request.ts';
import { findRound, insertRoundVacancies, openVacancies, upsertPreference } from './allocation.repository.ts';

/** Stable id of a tenant's seeded round. */
export const seedRoundId = (tenant: string) => uuidV5(`${tenant}:allocation-round:0`, SEED_NAMESPACE);

/**
 * Seeded vacancies the round offers: published ones the seeded internships do not hold places on
 * (seed-internships.ts uses 0, 1, 2, 3 and 5), so publishing the round on `npm start` works.
 */
const ROUND_VACANCIES = [4, 6, 7, 9];

/**
 * One open round of the demo School in every tenant that counts hours (no traineeships), deadline two
 * weeks ahead, every student eligible, with the demo student's top 3 already given
 * (docs/decisions/allocation.md). Idempotent (a fixed id).
 */
export async function seedAllocationRound(ctx: TCtx, tenant: TTenant, today: Date): Promise<void> {
  if (!tenant.features.usesHours) return;
  const id = seedRoundId(tenant.id);
  if (await findRound(ctx.db, id)) return;
  const vacancies = await openVacancies(
    ctx.db,
    ROUND_VACANCIES.map((n) => seedVacancyId(tenant.id, n)),
  );
  if (vacancies.length === 0) return;
  const schoolId = seedOrganizationId(tenant.id, 'school');
  const deadline = new Date(today.getTime() + 14 * 86_400_000);
  await ctx.db
    .insertInto('placements.allocation_rounds')
    .values({
      id,
      tenant_id: tenant.id,
      school_id: schoolId,
      name: 'Stageronde voorjaar',
      internship_period_id: null,
      deadline,
      group_ids: [],
      level_ids: [],
      status: 'open',
      allocated_at: null,
      published_at: null,
      created_by: null,
      created_at: today,
      updated_at: today,
    })
    .execute();
  const ordered = ROUND_VACANCIES.map((n) =>
    vacancies.find((v) => v.id === seedVacancyId(tenant.id, n)),
  ).filter((v) => v !== undefined);
  await insertRoundVacancies(
    ctx.db,
    tenant.id,
    id,
    ordered.map((v) => ({ vacancy_id: v.id, capacity: v.places })),
  );
  const subject = { type: 'allocation_round', id };
  await record(ctx, SYSTEM, 'placements.allocation_round.created', subject, {
    round_id: id,
    school_id: schoolId,
    name: 'Stageronde voorjaar',
    internship_period_id: null,
    deadline: deadline.toISOString(),
    vacancy_ids: ordered.map((v) => v.id),
  });
  const studentId = await demoUserId(ctx, 'student');
  if (!studentId) return;
  const top3 = ordered.slice(0, 3).map((v) => v.id);
  await upsertPreference(ctx.db, {
    round_id: id,
    student_id: studentId,
    tenant_id: tenant.id,
    vacancy_ids: top3,
    updated_at: today,
  });
  await record(ctx, SYSTEM, 'placements.allocation_round.preferences_submitted', subject, {
    round_id: id,
    school_id: schoolId,
    student_id: studentId,
    vacancy_ids: top3,
  });
}
