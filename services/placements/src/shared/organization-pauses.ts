import type { TDb } from '../database.ts';

/**
 * A school's pause on an organization's vacancies for its own students (docs/decisions/
 * discrimination-reports.md): written by the discrimination-reports group, honoured by the search bank,
 * applying and the organization's analytics view, which read it here (the floor) so no group below reaches
 * up. One row while paused.
 */
export interface TOrganizationPausesTable {
  tenant_id: string;
  school_id: string;
  organization_id: string;
  paused_at: Date;
  paused_by: string | null;
}

declare module '../database.ts' {
  interface TPlacementsDb {
    'placements.organization_pauses': TOrganizationPausesTable;
  }
}

/** The organizations whose vacancies a school paused for its students. */
export async function pausedOrganizationIds(db: TDb, schoolId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('placements.organization_pauses')
    .select('organization_id')
    .where('school_id', '=', schoolId)
    .orderBy('organization_id')
    .execute();
  return rows.map((r) => r.organization_id);
}

export async function isPausedFor(db: TDb, schoolId: string, organizationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('placements.organization_pauses')
    .select('organization_id')
    .where('school_id', '=', schoolId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The schools (id, name) whose students do not see an organization's vacancies: the organization's view. */
export async function schoolsPausing(db: TDb, organizationId: string) {
  return db
    .selectFrom('placements.organization_pauses as p')
    .leftJoin('placements.organizations as o', 'o.id', 'p.school_id')
    .select(['p.school_id as id', 'o.name as name'])
    .where('p.organization_id', '=', organizationId)
    .orderBy('o.name')
    .execute();
}
