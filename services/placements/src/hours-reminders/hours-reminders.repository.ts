import { mailDeliveriesOf } from '@stageplein/kit/mail/mail-requests';
import type { Kysely } from 'kysely';
import { HOURS_RUNNING_STATUSES } from '@stageplein/contracts/placements/hours';
import type { TDb } from '../database.ts';

/** The mail reference of a mentor's warning (kit's `mail_deliveries`): its last one paces the next. */
export const mentorWarningReference = (mentorId: string) => ({ type: 'hours_mentor_warning', id: mentorId });

/** Running internships with an entry pending since before the cutoff (candidates; the rule decides). */
export async function internshipsWithOldPending(db: TDb, cutoff: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('placements.hours_entries as e')
    .innerJoin('placements.internships as i', 'i.id', 'e.internship_id')
    .select('e.internship_id')
    .distinct()
    .where('e.status', '=', 'pending')
    .where('e.created_at', '<', cutoff)
    .where('i.status', 'in', HOURS_RUNNING_STATUSES)
    .orderBy('e.internship_id')
    .execute();
  return rows.map((r) => r.internship_id);
}

/** When the internship's oldest pending entry was logged, or null. */
export async function oldestPendingAt(db: TDb, internshipId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('placements.hours_entries')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .where('internship_id', '=', internshipId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.at ? new Date(row.at as Date) : null;
}

/** Running internships that can be behind: unlocked, with both dates, started. */
export async function startedInternships(db: TDb, today: string): Promise<string[]> {
  const rows = await db
    .selectFrom('placements.internships')
    .select('id')
    .where('status', 'in', HOURS_RUNNING_STATUSES)
    .where('updating_hours_allowed', '=', true)
    .where('start_date', '<', today)
    .where('end_date', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The student's current mentors at the internship's school. */
export async function mentorsOf(db: TDb, studentId: string, schoolId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('placements.mentorships')
    .select('mentor_id')
    .distinct()
    .where('student_id', '=', studentId)
    .where('school_id', '=', schoolId)
    .where('removed', '=', false)
    .execute();
  return rows.map((r) => r.mentor_id);
}

/** When the mentor was last warned (requested), or null. */
export async function lastMentorWarningAt(db: TDb, mentorId: string): Promise<Date | null> {
  const rows = await mailDeliveriesOf(
    db as unknown as Kysely<unknown>,
    'placements',
    mentorWarningReference(mentorId),
  );
  return rows.at(-1)?.requested_at ?? null;
}
