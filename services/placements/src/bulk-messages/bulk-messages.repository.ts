import type { Insertable, Selectable } from 'kysely';
import type { TMailDeliveryStatus } from '@stageplein/contracts/events/mail';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';
import type { TDb } from '../database.ts';
import type { TBulkMessageDeliveriesTable, TBulkMessagesTable } from './bulk-messages.table.ts';

export type TBulkMessageRow = Selectable<TBulkMessagesTable>;
export type TBulkMessageDeliveryRow = Selectable<TBulkMessageDeliveriesTable>;

/** The selected internships that belong to the school, with their people as placements knows them. */
export function schoolInternships(db: TDb, schoolId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('placements.internships as i')
    .leftJoin('placements.users as s', (j) =>
      j.onRef('s.id', '=', 'i.student_id').on('s.deleted', '=', false),
    )
    .leftJoin('placements.users as c', (j) =>
      j.onRef('c.id', '=', 'i.contact_person_id').on('c.deleted', '=', false),
    )
    .leftJoin('placements.users as v', (j) =>
      j.onRef('v.id', '=', 'i.supervisor_id').on('v.deleted', '=', false),
    )
    .select([
      'i.id',
      'i.student_id',
      's.email as student_email',
      's.first_name as student_first_name',
      's.last_name as student_last_name',
      'i.contact_person_id',
      'c.email as contact_person_email',
      'c.first_name as contact_person_first_name',
      'c.last_name as contact_person_last_name',
      'i.contact_name',
      'i.contact_email',
      'i.supervisor_id',
      'v.email as supervisor_email',
      'v.first_name as supervisor_first_name',
      'v.last_name as supervisor_last_name',
    ])
    .where('i.school_id', '=', schoolId)
    .where('i.id', 'in', [...ids])
    .orderBy('i.created_at')
    .orderBy('i.id')
    .execute();
}
export type TSchoolInternship = Awaited<ReturnType<typeof schoolInternships>>[number];

/** The chosen students who are students of the school, with their name and address as placements knows them. */
export function schoolStudents(db: TDb, schoolId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('placements.auth_roles as r')
    .leftJoin('placements.users as u', (j) => j.onRef('u.id', '=', 'r.user_id').on('u.deleted', '=', false))
    .select(['r.user_id as id', 'u.email', 'u.first_name', 'u.last_name'])
    .distinct()
    .where('r.name', '=', 'student')
    .where('r.resource_id', '=', schoolId)
    .where('r.user_id', 'in', [...ids])
    .execute();
}
export type TSchoolStudent = Awaited<ReturnType<typeof schoolStudents>>[number];

/** Of `studentIds`, those with an internship of the school in one of `statuses` (in `periodId`, if given). */
export async function studentsWithInternship(
  db: TDb,
  schoolId: string,
  studentIds: readonly string[],
  statuses: readonly TInternshipStatus[],
  periodId: string | null,
): Promise<Set<string>> {
  if (studentIds.length === 0) return new Set();
  let q = db
    .selectFrom('placements.internships')
    .select('student_id')
    .distinct()
    .where('school_id', '=', schoolId)
    .where('student_id', 'in', [...studentIds])
    .where('status', 'in', [...statuses]);
  if (periodId) q = q.where('internship_period_id', '=', periodId);
  return new Set((await q.execute()).map((r) => r.student_id));
}

export async function insertBulkMessage(db: TDb, row: Insertable<TBulkMessagesTable>): Promise<void> {
  await db.insertInto('placements.bulk_messages').values(row).execute();
}

export async function insertDeliveries(
  db: TDb,
  rows: readonly Insertable<TBulkMessageDeliveriesTable>[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('placements.bulk_message_deliveries')
      .values([...rows])
      .execute();
}

export function findBulkMessage(db: TDb, schoolId: string, id: string) {
  return db
    .selectFrom('placements.bulk_messages')
    .selectAll()
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
}

export function deliveriesOf(db: TDb, messageIds: readonly string[]) {
  if (messageIds.length === 0) return Promise.resolve([] as TBulkMessageDeliveryRow[]);
  return db
    .selectFrom('placements.bulk_message_deliveries')
    .selectAll()
    .where('bulk_message_id', 'in', [...messageIds])
    .orderBy('recipient_kind')
    .orderBy('email')
    .execute();
}

/** The school's name as placements' read model knows it (the mail's sender line). */
export async function organizationName(db: TDb, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('placements.organizations')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name;
}

/** The shared mail module's status of each delivery (`placements.mail_deliveries`, kit's mail requests). */
export function mailStatuses(db: TDb, deliveryIds: readonly string[]) {
  if (deliveryIds.length === 0)
    return Promise.resolve(
      [] as { id: string; status: TMailDeliveryStatus; failure_reason: string | null }[],
    );
  return db
    .selectFrom('placements.mail_deliveries')
    .select(['id', 'status', 'failure_reason'])
    .where('id', 'in', [...deliveryIds])
    .execute();
}
