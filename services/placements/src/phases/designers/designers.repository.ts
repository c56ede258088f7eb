import type { Selectable } from 'kysely';
import type { TDb } from '../../database.ts';
import type { TWorkflowDesignersTable } from './designers.table.ts';

export type TDesignerRow = Selectable<TWorkflowDesignersTable> & {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
};

/** Whether a school admin granted the user the designer permission at the school. */
export async function hasDesignerGrant(db: TDb, schoolId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('placements.workflow_designers')
    .select('user_id')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!row;
}

function designers(db: TDb) {
  return db
    .selectFrom('placements.workflow_designers as d')
    .leftJoin('placements.users as u', 'u.id', 'd.user_id')
    .selectAll('d')
    .select(['u.first_name', 'u.last_name', 'u.email']);
}

export async function designersOf(db: TDb, schoolId: string): Promise<TDesignerRow[]> {
  return designers(db)
    .where('d.school_id', '=', schoolId)
    .orderBy('d.created_at')
    .orderBy('d.user_id')
    .execute();
}

export async function findDesigner(
  db: TDb,
  schoolId: string,
  userId: string,
): Promise<TDesignerRow | undefined> {
  return designers(db).where('d.school_id', '=', schoolId).where('d.user_id', '=', userId).executeTakeFirst();
}

/** Inserts the grant; false when it existed. */
export async function insertDesigner(db: TDb, row: Selectable<TWorkflowDesignersTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('placements.workflow_designers')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'school_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return !!inserted;
}

export async function deleteDesigner(db: TDb, schoolId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('placements.workflow_designers')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether the user has the mentor role at the school (identity's roles, kit's auth read model). */
export async function isMentorOf(db: TDb, schoolId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('placements.auth_roles')
    .select('role_id')
    .where('user_id', '=', userId)
    .where('name', '=', 'mentor')
    .where('resource_type', '=', 'School')
    .where('resource_id', '=', schoolId)
    .executeTakeFirst();
  return !!row;
}
