import type { Insertable } from 'kysely';
import type { TDb } from '../database.ts';
import type { TRosterConnectionsTable } from '../imports/imports.table.ts';

export function findMagisterConnection(db: TDb, schoolId: string) {
  return db
    .selectFrom('organizations.roster_connections')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('kind', '=', 'magister')
    .executeTakeFirst();
}

export function upsertRosterConnection(db: TDb, values: Insertable<TRosterConnectionsTable>) {
  return db
    .insertInto('organizations.roster_connections')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['school_id', 'kind']).doUpdateSet((eb) => ({
        base_url: eb.ref('excluded.base_url'),
        client_id: eb.ref('excluded.client_id'),
        secret_sealed: eb.ref('excluded.secret_sealed'),
        nightly: eb.ref('excluded.nightly'),
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRosterConnection(db: TDb, schoolId: string) {
  const row = await db
    .deleteFrom('organizations.roster_connections')
    .where('school_id', '=', schoolId)
    .where('kind', '=', 'magister')
    .returning('school_id')
    .executeTakeFirst();
  return row !== undefined;
}
