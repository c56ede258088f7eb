import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { TDb } from '../database.ts';
import { normalizeBrin } from '@stageplein/contracts/identity/education-sso-policy';
import type {
  TEducationSsoFederationsTable,
  TEducationSsoFlowsTable,
  TEducationSsoIdentitiesTable,
  TEducationSsoSchoolsTable,
} from './education-sso.table.ts';

export type TSsoSchoolRow = Selectable<TEducationSsoSchoolsTable>;
export type TSsoFlowRow = Selectable<TEducationSsoFlowsTable>;
export type TSsoIdentityRow = Selectable<TEducationSsoIdentitiesTable>;
export type TSsoFederationRow = Selectable<TEducationSsoFederationsTable>;

/** The tenant's school with this BRIN (case does not matter), if any. */
export function findSchoolByBrin(db: TDb, brin: string) {
  return db
    .selectFrom('identity.education_sso_school_brins as b')
    .innerJoin('identity.education_sso_schools as s', (join) =>
      join.onRef('s.tenant_id', '=', 'b.tenant_id').onRef('s.organization_id', '=', 'b.organization_id'),
    )
    .select(['s.organization_id', 's.provision_students'])
    .where('b.brin', '=', normalizeBrin(brin))
    .executeTakeFirst();
}

/** Whether the BRIN is a school of another tenant (spec §8 "wrong website"). */
export async function isForeignBrin(db: TDb, brin: string): Promise<boolean> {
  const { rows } = await sql<{ foreign: boolean }>`
    select identity.education_sso_foreign_brin(${brin.trim()}) as foreign`.execute(db);
  return rows[0]?.foreign === true;
}

/** A school's settings row and its BRIN codes (none registered: no row, no codes). */
export async function findSchoolSettings(db: TDb, organizationId: string) {
  const school = await db
    .selectFrom('identity.education_sso_schools')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  const brins = await db
    .selectFrom('identity.education_sso_school_brins')
    .select('brin')
    .where('organization_id', '=', organizationId)
    .orderBy('brin')
    .execute();
  return { school, brins: brins.map((b) => b.brin) };
}

/** Registers a school or changes its provisioning choice (idempotent). */
export function upsertSchool(db: TDb, row: Insertable<TEducationSsoSchoolsTable>) {
  return db
    .insertInto('identity.education_sso_schools')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'organization_id']).doUpdateSet((eb) => ({
        provision_students: eb.ref('excluded.provision_students'),
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Makes `brins` (normalized) the school's codes: the others it had are removed, new ones added. Returns
 * the codes that another school of the tenant holds (those stay theirs; the caller refuses the change).
 */
export async function replaceSchoolBrins(
  db: TDb,
  school: { tenant_id: string; organization_id: string },
  brins: readonly string[],
  now: Date,
): Promise<string[]> {
  let removal = db
    .deleteFrom('identity.education_sso_school_brins')
    .where('organization_id', '=', school.organization_id);
  if (brins.length > 0) removal = removal.where('brin', 'not in', brins);
  await removal.execute();
  if (brins.length === 0) return [];
  await db
    .insertInto('identity.education_sso_school_brins')
    .values(brins.map((brin) => ({ ...school, brin, created_at: now })))
    .onConflict((oc) => oc.columns(['tenant_id', 'brin']).doNothing())
    .execute();
  const others = await db
    .selectFrom('identity.education_sso_school_brins')
    .select('brin')
    .where('brin', 'in', brins)
    .where('organization_id', '<>', school.organization_id)
    .orderBy('brin')
    .execute();
  return others.map((o) => o.brin);
}

/** The tenant's own registration at the federation, if it has one. */
export function findFederation(db: TDb, tenantId: string) {
  return db
    .selectFrom('identity.education_sso_federations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

export function upsertFederation(db: TDb, row: Insertable<TEducationSsoFederationsTable>) {
  return db
    .insertInto('identity.education_sso_federations')
    .values(row)
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet((eb) => ({
        issuer: eb.ref('excluded.issuer'),
        client_id: eb.ref('excluded.client_id'),
        secret_sealed: eb.ref('excluded.secret_sealed'),
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes the tenant's own registration; false when it had none. */
export async function deleteFederation(db: TDb, tenantId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('identity.education_sso_federations')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
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
