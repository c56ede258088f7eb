import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { TDb } from '../database.ts';
import type {
  TEducationSsoFlowsTable,
  TEducationSsoIdentitiesTable,
  TEducationSsoSchoolsTable,
} from './education-sso.table.ts';

export type TSsoSchoolRow = Selectable<TEducationSsoSchoolsTable>;
export type TSsoFlowRow = Selectable<TEducationSsoFlowsTable>;
export type TSsoIdentityRow = Selectable<TEducationSsoIdentitiesTable>;

/** The tenant's school with this BRIN (case does not matter), if any. */
export function findSchoolByBrin(db: TDb, brin: string) {
  return db
    .selectFrom('identity.education_sso_schools')
    .selectAll()
    .where(sql<string>`upper(brin)`, '=', brin.trim().toUpperCase())
    .executeTakeFirst();
}

/** Whether the BRIN is a school of another tenant (spec §8 "wrong website"). */
export async function isForeignBrin(db: TDb, brin: string): Promise<boolean> {
  const { rows } = await sql<{ foreign: boolean }>`
    select identity.education_sso_foreign_brin(${brin.trim()}) as foreign`.execute(db);
  return rows[0]?.foreign === true;
}

/** Registers a school's BRIN or changes its provisioning choice (idempotent). */
export function upsertSchool(db: TDb, row: Insertable<TEducationSsoSchoolsTable>) {
  return db
    .insertInto('identity.education_sso_schools')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'organization_id']).doUpdateSet((eb) => ({
        brin: eb.ref('excluded.brin'),
        provision_students: eb.ref('excluded.provision_students'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertFlow(db: TDb, row: Insertable<TEducationSsoFlowsTable>) {
  return db.insertInto('identity.education_sso_flows').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findFlowByState(db: TDb, state: string) {
  return db
    .selectFrom('identity.education_sso_flows')
    .selectAll()
    .where('state', '=', state)
    .executeTakeFirst();
}

/** Marks a flow used; false when it already was (a replayed callback). */
export async function useFlow(db: TDb, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('identity.education_sso_flows')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function updateFlow(db: TDb, id: string, changes: Updateable<TEducationSsoFlowsTable>) {
  return db.updateTable('identity.education_sso_flows').set(changes).where('id', '=', id).execute();
}

/** A pending link by its token's hash, still open. */
export function findPendingLink(db: TDb, tokenHash: string, now: Date) {
  return db
    .selectFrom('identity.education_sso_flows')
    .selectAll()
    .where('link_token_hash', '=', tokenHash)
    .where('linked_at', 'is', null)
    .where('link_expires_at', '>', now)
    .executeTakeFirst();
}

/** Closes a pending link; false when another request closed it first. */
export async function closeLink(db: TDb, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('identity.education_sso_flows')
    .set({ linked_at: now })
    .where('id', '=', id)
    .where('linked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findIdentity(db: TDb, subject: string) {
  return db
    .selectFrom('identity.education_sso_identities')
    .selectAll()
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** Links an identity; undefined when the subject or the account is linked already. */
export function insertIdentity(db: TDb, row: Insertable<TEducationSsoIdentitiesTable>) {
  return db
    .insertInto('identity.education_sso_identities')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function touchIdentity(db: TDb, subject: string, changes: Updateable<TEducationSsoIdentitiesTable>) {
  return db
    .updateTable('identity.education_sso_identities')
    .set(changes)
    .where('subject', '=', subject)
    .execute();
}

/** Whether the user has any role on the organization. */
export async function hasRoleAt(db: TDb, userId: string, organizationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('identity.roles')
    .select('id')
    .where('user_id', '=', userId)
    .where('resource_id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}
