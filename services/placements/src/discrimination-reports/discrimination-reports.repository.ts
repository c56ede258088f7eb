import { sql, type Insertable, type Selectable } from 'kysely';
import type { TDb } from '../database.ts';
import type {
  TDiscriminationReportActionsTable,
  TDiscriminationReportsTable,
} from './discrimination-reports.table.ts';

export type TReportRow = Selectable<TDiscriminationReportsTable>;

/** A report with what its views name: the organization, the internship's title, the reporter. */
export interface TReportView extends TReportRow {
  organization_name: string;
  internship_title: string;
  reporter_first_name: string | null;
  reporter_last_name: string | null;
  reporter_email: string | null;
  organization_paused: boolean;
}

export interface TActionView extends Selectable<TDiscriminationReportActionsTable> {
  actor_first_name: string | null;
  actor_last_name: string | null;
}

const reportViews = (db: TDb) =>
  db
    .selectFrom('placements.discrimination_reports as r')
    .innerJoin('placements.internships as i', 'i.id', 'r.internship_id')
    .leftJoin('placements.organizations as o', 'o.id', 'r.organization_id')
    .leftJoin('placements.users as u', 'u.id', 'r.student_id')
    .selectAll('r')
    .select((eb) => [
      eb.fn.coalesce('o.name', 'i.organization_name', sql.lit('')).as('organization_name'),
      'i.title as internship_title',
      'u.first_name as reporter_first_name',
      'u.last_name as reporter_last_name',
      'u.email as reporter_email',
      eb
        .exists(
          eb
            .selectFrom('placements.organization_pauses as p')
            .select('p.organization_id')
            .whereRef('p.school_id', '=', 'r.school_id')
            .whereRef('p.organization_id', '=', 'r.organization_id'),
        )
        .as('organization_paused'),
    ]);

export async function findReportView(db: TDb, id: string): Promise<TReportView | undefined> {
  return (await reportViews(db).where('r.id', '=', id).executeTakeFirst()) as TReportView | undefined;
}

export async function listReportViews(
  db: TDb,
  where: { school_id: string; student_id?: string; internship_id?: string; organization_id?: string },
): Promise<TReportView[]> {
  let q = reportViews(db).where('r.school_id', '=', where.school_id);
  if (where.student_id) q = q.where('r.student_id', '=', where.student_id);
  if (where.internship_id) q = q.where('r.internship_id', '=', where.internship_id);
  if (where.organization_id) q = q.where('r.organization_id', '=', where.organization_id);
  return (await q.orderBy('r.created_at', 'desc').orderBy('r.id').execute()) as TReportView[];
}

export async function findReportByInternship(db: TDb, internshipId: string): Promise<TReportRow | undefined> {
  return db
    .selectFrom('placements.discrimination_reports')
    .selectAll()
    .where('internship_id', '=', internshipId)
    .executeTakeFirst();
}

/** The new report, or undefined when the application already has one (two requests at once). */
export async function insertReport(
  db: TDb,
  row: Insertable<TDiscriminationReportsTable>,
): Promise<TReportRow | undefined> {
  return db
    .insertInto('placements.discrimination_reports')
    .values(row)
    .onConflict((oc) => oc.column('internship_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function lockReport(db: TDb, id: string): Promise<TReportRow | undefined> {
  return db
    .selectFrom('placements.discrimination_reports')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function closeReportRow(
  db: TDb,
  id: string,
  values: Pick<TReportRow, 'outcome' | 'closed_at'>,
): Promise<void> {
  await db
    .updateTable('placements.discrimination_reports')
    .set({ ...values, status: 'closed' })
    .where('id', '=', id)
    .execute();
}

export async function insertActions(
  db: TDb,
  rows: Insertable<TDiscriminationReportActionsTable>[],
): Promise<void> {
  if (rows.length) await db.insertInto('placements.discrimination_report_actions').values(rows).execute();
}

export async function actionsOf(db: TDb, reportIds: readonly string[]): Promise<TActionView[]> {
  if (!reportIds.length) return [];
  return db
    .selectFrom('placements.discrimination_report_actions as a')
    .leftJoin('placements.users as u', 'u.id', 'a.actor_id')
    .selectAll('a')
    .select(['u.first_name as actor_first_name', 'u.last_name as actor_last_name'])
    .where('a.report_id', 'in', reportIds)
    .orderBy('a.id')
    .execute();
}

/** The school's reports per organization, with whether it paused the organization. */
export async function reportsPerOrganization(db: TDb, schoolId: string) {
  const rows = await db
    .selectFrom('placements.discrimination_reports as r')
    .innerJoin('placements.internships as i', 'i.id', 'r.internship_id')
    .leftJoin('placements.organizations as o', 'o.id', 'r.organization_id')
    .leftJoin('placements.organization_pauses as p', (join) =>
      join.onRef('p.school_id', '=', 'r.school_id').onRef('p.organization_id', '=', 'r.organization_id'),
    )
    .select((eb) => [
      'r.organization_id',
      eb.fn.max(eb.fn.coalesce('o.name', 'i.organization_name', sql.lit(''))).as('name'),
      eb.fn.countAll<string>().as('report_count'),
      eb.fn.count<string>(sql`case when r.status = 'open' then 1 end`).as('open_count'),
      eb.fn.max('p.paused_at').as('paused_at'),
    ])
    .where('r.school_id', '=', schoolId)
    .groupBy('r.organization_id')
    .orderBy('open_count', 'desc')
    .orderBy('name')
    .execute();
  return rows.map((r) => ({
    organization_id: r.organization_id,
    name: String(r.name ?? ''),
    report_count: Number(r.report_count),
    open_count: Number(r.open_count),
    paused_at: (r.paused_at as Date | null) ?? null,
  }));
}

/** The school's reports about an organization (ids and status), for a pause's history rows. */
export async function reportsAbout(db: TDb, schoolId: string, organizationId: string) {
  return db
    .selectFrom('placements.discrimination_reports')
    .select(['id', 'status'])
    .where('school_id', '=', schoolId)
    .where('organization_id', '=', organizationId)
    .execute();
}

/** Pauses the organization for the school; false when it already was. */
export async function insertPause(
  db: TDb,
  row: {
    tenant_id: string;
    school_id: string;
    organization_id: string;
    paused_at: Date;
    paused_by: string | null;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('placements.organization_pauses')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'school_id', 'organization_id']).doNothing())
    .returning('organization_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Lifts the pause; false when there was none. */
export async function deletePause(db: TDb, schoolId: string, organizationId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('placements.organization_pauses')
    .where('school_id', '=', schoolId)
    .where('organization_id', '=', organizationId)
    .returning('organization_id')
    .executeTakeFirst();
  return deleted !== undefined;
}
