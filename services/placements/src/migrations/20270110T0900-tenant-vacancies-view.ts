import { sql, type Kysely, type Migration } from 'kysely';
import { tenantReadView } from '@stageplein/kit/db/rls';

/**
 * The internship bank searches `placements.tenant_vacancies` (docs/decisions/vacancy-search.md): under the
 * tenant policy the planner may not use the text and level indexes (`@@` and `&&` are not leakproof), so
 * each search read every vacancy of the tenant — measured with infra/bench/vacancy-search.bench.ts: a
 * parallel scan of 200,000 rows where the owner's plan reads 4,619 index matches.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await tenantReadView(db, 'placements.tenant_vacancies', 'placements.vacancies');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop view placements.tenant_vacancies`.execute(db);
  },
};

export default migration;
