import type { TDb } from '../shared/request.ts';
import type { TOpenTaskRow } from './digest.table.ts';

/** Records an open task for each person (a newer reminder of the same task updates its due date). */
export async function upsertOpenTasks(db: TDb, rows: readonly TOpenTaskRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notifications.open_tasks')
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id', 'key']).doUpdateSet((eb) => ({
        title: eb.ref('excluded.title'),
        due_at: eb.ref('excluded.due_at'),
        count: eb.ref('excluded.count'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** The task is done (or no longer anyone's): gone for everyone. */
export async function removeOpenTask(db: TDb, key: string): Promise<void> {
  await db.deleteFrom('notifications.open_tasks').where('key', '=', key).execute();
}

/** The internship left its phase or its run ended: its phase tasks are no longer open. */
export async function removePhaseTasksOf(db: TDb, internshipId: string): Promise<void> {
  await db
    .deleteFrom('notifications.open_tasks')
    .where('internship_id', '=', internshipId)
    .where('kind', '=', 'phase_task')
    .execute();
}

/** A person's open tasks, soonest due first. */
export const openTasksOf = (db: TDb, userId: string): Promise<TOpenTaskRow[]> =>
  db
    .selectFrom('notifications.open_tasks')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('due_at', (ob) => ob.asc().nullsLast())
    .orderBy('key')
    .execute();
