import { sql, type Selectable } from 'kysely';
import type { TDb } from '../shared/request.ts';
import type { TVacanciesTable } from './vacancies-read-model.table.ts';

export type TPublicVacancyRow = Selectable<TVacanciesTable>;

/** The public vacancies of these organizations, newest first, grouped by organization id. */
export async function publicVacanciesOf(
  db: TDb,
  organizationIds: readonly string[],
): Promise<Map<string, TPublicVacancyRow[]>> {
  const byOrganization = new Map<string, TPublicVacancyRow[]>();
  if (organizationIds.length === 0) return byOrganization;
  const rows = await db
    .selectFrom('organizations.vacancies')
    .selectAll()
    .where('organization_id', 'in', [...new Set(organizationIds)])
    // Literal, not a parameter: our pools plan every statement generically (kit prepared-statements.ts),
    // and a generic plan cannot prove a parameter true, so `vacancies_public` (where public) would go
    // unused and every list read the tenant's whole copy under RLS.
    .where('public', '=', sql.lit(true))
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byOrganization.get(row.organization_id) ?? [];
    list.push(row);
    byOrganization.set(row.organization_id, list);
  }
  return byOrganization;
}
