import type { Kysely } from 'kysely';
import { dutchDate, schoolYearFlags, schoolYearOf } from '@stageplein/contracts/domain/school-years';
import { writeEvent } from '@stageplein/kit/outbox/outbox-writer';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { SCHEMA, type TOrganizationsDb } from '../database.ts';
import { insertSchoolYear, listSchoolYears } from './school-years.repository.ts';

export async function schoolYearsWithFlags(db: Kysely<TOrganizationsDb>, now: Date) {
  return schoolYearFlags(await listSchoolYears(db), dutchDate(now));
}

/** Ensures the previous, current and next school year exist for the transaction's tenant. */
export async function ensureSchoolYears(
  db: Kysely<TOrganizationsDb>,
  tenant: TTenantId,
  now: Date,
  actor = 'system',
) {
  const today = dutchDate(now);
  for (const offset of [-1, 0, 1]) {
    const year = schoolYearOf(today, offset);
    const inserted = await insertSchoolYear(db, { tenant_id: tenant, ...year });
    if (inserted) {
      await writeEvent(db as Kysely<unknown>, SCHEMA, {
        type: 'organizations.school_year.created',
        subject: inserted.id,
        tenant,
        actor,
        data: year,
      });
    }
  }
}
