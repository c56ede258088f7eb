import { sql } from 'kysely';
import type { TRecentActionGroup } from '@stageplein/contracts/notifications/recent-actions';
import type { TDb } from '../shared/request.ts';
import type { TRecentActionRow, TRecentActionsTable } from './recent-actions.table.ts';
import '../mail/users.table.ts';
import '../pipeline/recipients.table.ts';

export type TNewRecentAction = Omit<TRecentActionsTable, 'id' | 'params'> & {
  params: Record<string, string>;
};

/** Adds an action; the same event again adds nothing. */
export async function insertRecentAction(db: TDb, row: TNewRecentAction): Promise<void> {
  await db
    .insertInto('notifications.recent_actions')
    .values({ ...row, params: JSON.stringify(row.params) })
    .onConflict((oc) => oc.columns(['tenant_id', 'event_id']).doNothing())
    .execute();
}

/** The student's first name as the actions show it (their address when they have none). */
export async function studentName(db: TDb, userId: string): Promise<string> {
  const user = await db
    .selectFrom('notifications.users')
    .select(['first_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.first_name || user?.email || '';
}

/**
 * Whose actions: a student's own (about them, or done by them), a mentor's (about the students they
 * mentor at the school, from organizations' mentorship events, or done by them), a school's or an
 * organization's.
 */
export type TActionsOf =
  | { column: 'own'; userId: string }
  | { column: 'mentor'; userId: string; schoolId: string }
  | { column: 'school_id' | 'organization_id'; id: string };

/** The actions in scope since `since`, newest first, a page of them and how many there are. */
export async function listRecentActions(
  db: TDb,
  of: TActionsOf,
  filter: { since: Date; group: TRecentActionGroup | null },
  page: { number: number; size: number },
): Promise<{ rows: TRecentActionRow[]; total: number }> {
  let base = db.selectFrom('notifications.recent_actions').where('occurred_at', '>=', filter.since);
  if (of.column === 'own')
    base = base.where((eb) => eb.or([eb('student_id', '=', of.userId), eb('actor_id', '=', of.userId)]));
  else if (of.column === 'mentor')
    base = base.where((eb) =>
      eb.or([
        eb.and([
          eb('school_id', '=', of.schoolId),
          eb(
            'student_id',
            'in',
            eb
              .selectFrom('notifications.mentorships')
              .select('student_id')
              .where('mentor_id', '=', of.userId)
              .where('school_id', '=', of.schoolId),
          ),
        ]),
        eb('actor_id', '=', of.userId),
      ]),
    );
  else base = base.where(of.column, '=', of.id);
  if (filter.group) base = base.where('action_group', '=', filter.group);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('occurred_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.number - 1) * page.size)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
