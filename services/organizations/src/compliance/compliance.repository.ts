import type { Insertable, Selectable, Updateable } from 'kysely';
import {
  COMPLIANCE_REQUIRER_TYPES,
  COMPLIANCE_SUBJECT_TYPES,
  type TComplianceKind,
  type TComplianceState,
} from '@stageplein/contracts/organizations/compliance';
import type { TDb } from '../shared/request.ts';
import type { TComplianceDocumentsTable } from './compliance.table.ts';

export type TComplianceDocumentRow = Selectable<TComplianceDocumentsTable>;

export function findDocument(db: TDb, id: string, forUpdate = false) {
  return db
    .selectFrom('organizations.compliance_documents')
    .selectAll()
    .where('id', '=', id)
    .$if(forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
}

/*
 * Reads filter by tenant explicitly besides RLS: the seeds call the same use cases as the owner, which
 * bypasses RLS in the embedded profile.
 */

/** Documents of some organizations (all of the tenant when `organizationIds` is undefined), by kind and expiry. */
export function listDocuments(
  db: TDb,
  tenant: string,
  scope: { organizationIds?: readonly string[]; kinds?: readonly TComplianceKind[] },
): Promise<TComplianceDocumentRow[]> {
  if (scope.organizationIds?.length === 0 || scope.kinds?.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('organizations.compliance_documents')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .$if(!!scope.organizationIds, (q) => q.where('organization_id', 'in', [...scope.organizationIds!]))
    .$if(!!scope.kinds, (q) => q.where('kind', 'in', [...scope.kinds!]))
    .orderBy('organization_id')
    .orderBy('kind')
    .orderBy('expires_on', (o) => o.desc().nullsFirst())
    .orderBy('id')
    .execute();
}

export function insertDocument(db: TDb, row: Insertable<TComplianceDocumentsTable>) {
  return db
    .insertInto('organizations.compliance_documents')
    .values(row)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateDocument(db: TDb, id: string, changes: Updateable<TComplianceDocumentsTable>) {
  return db
    .updateTable('organizations.compliance_documents')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteDocument(db: TDb, id: string): Promise<void> {
  await db.deleteFrom('organizations.compliance_documents').where('id', '=', id).execute();
}

/** The kinds one School or VolunteerCenter requires. */
export async function requirementsOf(db: TDb, requirerId: string): Promise<TComplianceKind[]> {
  const rows = await db
    .selectFrom('organizations.compliance_requirements')
    .select('kind')
    .where('organization_id', '=', requirerId)
    .execute();
  return rows.map((r) => r.kind);
}

/** Every requirer of the tenant with its kinds (those without any are left out). */
export async function allRequirements(db: TDb, tenant: string): Promise<Map<string, TComplianceKind[]>> {
  const rows = await db
    .selectFrom('organizations.compliance_requirements')
    .select(['organization_id', 'kind'])
    .where('tenant_id', '=', tenant)
    .orderBy('organization_id')
    .execute();
  const byRequirer = new Map<string, TComplianceKind[]>();
  for (const r of rows)
    byRequirer.set(r.organization_id, [...(byRequirer.get(r.organization_id) ?? []), r.kind]);
  return byRequirer;
}

/** Replaces a requirer's kinds. */
export async function replaceRequirements(
  db: TDb,
  tenant: string,
  requirerId: string,
  kinds: readonly TComplianceKind[],
  now: Date,
): Promise<void> {
  await db
    .deleteFrom('organizations.compliance_requirements')
    .where('organization_id', '=', requirerId)
    .execute();
  if (kinds.length)
    await db
      .insertInto('organizations.compliance_requirements')
      .values(
        kinds.map((kind) => ({ tenant_id: tenant, organization_id: requirerId, kind, created_at: now })),
      )
      .execute();
}

/**
 * What the tenant requires of every organization: each kind with the approved Schools and
 * VolunteerCenters that require it (a pending or archived school requires nothing).
 */
export async function requiredKinds(db: TDb, tenant: string): Promise<Map<TComplianceKind, string[]>> {
  const rows = await db
    .selectFrom('organizations.compliance_requirements as r')
    .innerJoin('organizations.organizations as o', 'o.id', 'r.organization_id')
    .select(['r.kind', 'r.organization_id'])
    .where('r.tenant_id', '=', tenant)
    .where('o.status', '=', 'approved')
    .where('o.type', 'in', [...COMPLIANCE_REQUIRER_TYPES])
    .orderBy('r.organization_id')
    .execute();
  const byKind = new Map<TComplianceKind, string[]>();
  for (const r of rows) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.organization_id]);
  return byKind;
}

/** The organizations that keep documents (NonProfits and Providers), some or all of the tenant's. */
export function complianceSubjects(db: TDb, tenant: string, ids?: readonly string[]) {
  if (ids?.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('organizations.organizations')
    .select(['id', 'name', 'type', 'status'])
    .where('tenant_id', '=', tenant)
    .where('type', 'in', [...COMPLIANCE_SUBJECT_TYPES])
    .$if(!!ids, (q) => q.where('id', 'in', [...ids!]))
    .orderBy('id')
    .execute();
}

export async function storedStates(db: TDb, ids: readonly string[]): Promise<Map<string, TComplianceState>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('organizations.compliance_states')
    .select(['organization_id', 'state'])
    .where('organization_id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.organization_id, r.state]));
}

export async function storeState(
  db: TDb,
  tenant: string,
  organizationId: string,
  state: TComplianceState,
  computedOn: string,
  now: Date,
): Promise<void> {
  const values = {
    may_publish: state.may_publish,
    state: JSON.stringify(state),
    computed_on: computedOn,
    updated_at: now,
  };
  await db
    .insertInto('organizations.compliance_states')
    .values({ organization_id: organizationId, tenant_id: tenant, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
    .execute();
}

/** Marks the expiry date a document's admins were reminded about. */
export async function markReminded(db: TDb, id: string, expiresOn: string): Promise<void> {
  await db
    .updateTable('organizations.compliance_documents')
    .set({ reminded_for: expiresOn })
    .where('id', '=', id)
    .execute();
}
