import type { TDb } from '../../database.ts';

/** An organization's compliance as organizations last announced it (none: nothing announced yet). */
export function findCompliance(db: TDb, organizationId: string) {
  return db
    .selectFrom('placements.organization_compliance')
    .select(['may_publish', 'blocking_kinds'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}
