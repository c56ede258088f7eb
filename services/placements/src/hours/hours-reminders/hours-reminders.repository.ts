import { mailDeliveriesOf } from '@stageplein/kit/mail/mail-requests';
import { HOURS_OPEN_STATUSES } from '@stageplein/contracts/placements/hours';
import type { TDb } from '../../database.ts';

/** The mail reference of a mentor's warning (kit's `mail_deliveries`): its last one paces the next. */
export const mentorWarningReference = (mentorId: string) => ({ type: 'hours_mentor_warning', id: mentorId });

/** Running internships with a pending entry (candidates of a digest; the rules decide). */
export async function internshipsWithPending(db: TDb): Promise<string[]> {
  const rows = await db
    .selectFrom('placements.hours_entries as e')
    .innerJoin('placements.internships as i', 'i.id', 'e.internship_id')
    .select('e.internship_id')
    .distinct()
    .where('e.status', '=', 'pending')
    .where('i.status', 'in', HOURS_OPEN_STATUSES)
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

/**
 * Candidates of the behind rule (contracts' progress-rule decides): running, unlocked, and started by
 * their own or their period's start date.
 */
export async function startedInternships(db: TDb, today: string): Promise<string[]> {
  const rows = await db
    .selectFrom('placements.internships as i')
    .leftJoin('placements.internship_periods as p', 'p.id', 'i.internship_period_id')
    .select('i.id')
    .where('i.status', 'in', HOURS_OPEN_STATUSES)
    .where('i.updating_hours_allowed', '=', true)
    .where((eb) => eb.fn.coalesce('i.start_date', 'p.start_date'), '<', today)
    .orderBy('i.id')
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
  const rows = await mailDeliveriesOf(db, 'placements', mentorWarningReference(mentorId));
  return rows.at(-1)?.requested_at ?? null;
}
