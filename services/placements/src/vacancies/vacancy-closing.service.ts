import { record } from '../shared/events.ts';
import { SYSTEM, type TCtx } from '../shared/request.ts';
import { snapshotOf } from './vacancies.service.ts';
import { findVacancy, lockDueVacancyIds, updateVacancy } from './vacancies.repository.ts';

/**
 * Closes the tenant's published vacancies whose `closes_at` has passed (the Temporal schedule
 * `vacancy-closing` calls it per tenant): the same change and event as a manual close, by `system`.
 * Idempotent: a closed vacancy is no longer due.
 */
export async function closeDueVacancies(ctx: TCtx): Promise<number> {
  const ids = await lockDueVacancyIds(ctx.db, ctx.now);
  for (const id of ids) {
    await updateVacancy(ctx.db, id, { status: 'closed', updated_at: ctx.now });
    const row = (await findVacancy(ctx.db, id))!;
    await record(ctx, SYSTEM, 'placements.vacancy.closed', { type: 'vacancy', id }, snapshotOf(row));
  }
  return ids.length;
}
