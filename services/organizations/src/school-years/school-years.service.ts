import { dutchDate, schoolYearFlags, schoolYearOf } from '@stageplein/contracts/domain/school-years';
import { SYSTEM } from '@stageplein/kit/auth/caller';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import type { TDb } from '../database.ts';
import { record } from '../shared/events.ts';
import { insertSchoolYear, listSchoolYears } from './school-years.repository.ts';

export async function schoolYearsWithFlags(db: TDb, now: Date) {
  return schoolYearFlags(await listSchoolYears(db), dutchDate(now));
}

/** Ensures the previous, current and next school year exist for the transaction's tenant. */
export async function ensureSchoolYears(db: TDb, tenant: TTenantId, now: Date) {
  const today = dutchDate(now);
  for (const offset of [-1, 0, 1]) {
    const year = schoolYearOf(today, offset);
    const inserted = await insertSchoolYear(db, { tenant_id: tenant, ...year });
    if (inserted) {
      const ctx = { db, tenant: { id: tenant }, now };
      await record(
        ctx,
        SYSTEM,
        'organizations.school_year.created',
        { type: 'school_year', id: inserted.id },
        year,
      );
    }
  }
}
