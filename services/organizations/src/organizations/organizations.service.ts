import { sql, type Updateable } from 'kysely';
import type { TEventPayload } from '@stageplein/contracts/events/payloads';
import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import { translate } from '@stageplein/contracts/i18n/index';
import {
  canTransition,
  normalizePostcode,
  STATUS_EVENT_TYPES,
  type TOrganizationStatus,
  type TProfileInput,
} from '@stageplein/contracts/organizations/organizations';
import { deploymentFlags } from '@stageplein/kit/config/config';
import { ApiError, notFound } from '@stageplein/kit/errors/api-error';
import type { TChangeActor } from '@stageplein/kit/auth/caller';
import { recordAudit } from '../audit-log/audit-log.repository.ts';
import { record } from '../shared/events.ts';
import { blankToNull, type TCtx } from '../shared/request.ts';
import {
  deleteOrganizationRow,
  findByNameAndPostcode,
  findOrganization,
  insertOrganization,
  lockOrganizationCreation,
  updateOrganizationRow,
  type TOrganizationRow,
} from './organizations.repository.ts';
import type { TOrganizationsTable } from './organizations.table.ts';

export function snapshotOf(o: TOrganizationRow): TEventPayload<'organizations.organization.updated'> {
  return {
    organization_id: o.id,
    organization_type: o.type,
    name: o.name,
    status: o.status,
    website: o.website,
    city: o.city,
    parent_id: o.parent_id,
    postcode: o.postcode,
    latitude: o.latitude,
    longitude: o.longitude,
  };
}

/** The organization (visible under the tenant's RLS), or 404. `forUpdate` serialises its writers. */
export async function loadOrganization(ctx: TCtx, id: string, forUpdate = false): Promise<TOrganizationRow> {
  const row = await findOrganization(ctx.db, id, { forUpdate });
  if (!row) throw notFound();
  return row;
}

function audit(
  ctx: TCtx,
  caller: TChangeActor,
  o: TOrganizationRow,
  action: string,
  extra: Partial<Parameters<typeof recordAudit>[1]> = {},
) {
  return recordAudit(ctx.db, {
    tenant_id: ctx.tenant.id,
    actor_id: caller.userId,
    impersonator_id: caller.impersonatorId,
    action,
    subject_type: 'organization',
    subject_id: o.id,
    created_at: ctx.now,
    ...extra,
  });
}

/** Profile input as stored: blanks are null, the postcode normalised. */
export function profileColumns(input: Partial<TProfileInput>): Updateable<TOrganizationsTable> {
  const cleaned = blankToNull(input) as Partial<Record<keyof TProfileInput, unknown>>;
  const columns = { ...cleaned } as Updateable<TOrganizationsTable>;
  if (typeof cleaned.postcode === 'string') columns.postcode = normalizePostcode(cleaned.postcode);
  return columns;
}

/** Same name and postcode as a pending or approved organization: a duplicate (409). */
export async function assertNotDuplicate(
  ctx: TCtx,
  name: string,
  postcode: string | null | undefined,
  exceptId?: string,
) {
  if (!postcode) return;
  const duplicate = await findByNameAndPostcode(ctx.db, name, postcode);
  if (duplicate && duplicate.id !== exceptId) {
    throw new ApiError('organization_duplicate', {}, { pointer: '/data/attributes/name' });
  }
}

export interface TCreateInput {
  type: TOrganizationType;
  status: TOrganizationStatus;
  profile: TProfileInput;
  parentId?: string | null;
}

/** Inserts an organization after the duplicate check, serialised per tenant (see lockOrganizationCreation). */
export async function insertChecked(ctx: TCtx, input: TCreateInput): Promise<TOrganizationRow> {
  await lockOrganizationCreation(ctx.db, ctx.tenant.id);
  const columns = profileColumns(input.profile);
  await assertNotDuplicate(ctx, input.profile.name, columns.postcode as string | null | undefined);
  if (input.parentId) await assertValidParent(ctx, null, input.parentId);
  return insertOrganization(ctx.db, {
    ...columns,
    name: input.profile.name,
    tenant_id: ctx.tenant.id,
    type: input.type,
    status: input.status,
    parent_id: input.parentId ?? null,
    status_changed_at: ctx.now,
    created_at: ctx.now,
    updated_at: ctx.now,
  } as never);
}

export interface TFirstAdmin {
  email: string;
  first_name: string;
  last_name: string;
  locale: 'nl' | 'en';
}

/** POST /api/v1/organizations by a moderator: approved at once; identity invites `firstAdmin` if given. */
export async function createOrganization(
  ctx: TCtx,
  caller: TChangeActor,
  input: TCreateInput & { firstAdmin: TFirstAdmin | null },
): Promise<TOrganizationRow> {
  const o = await insertChecked(ctx, input);
  await audit(ctx, caller, o, 'organization.created', { after_status: o.status });
  await record(
    ctx,
    caller,
    'organizations.organization.created',
    { type: 'organization', id: o.id },
    {
      ...snapshotOf(o),
      first_admin: input.firstAdmin,
    },
  );
  return o;
}

/** Profile changes (name, address, contact…): one `updated` event when anything changed. */
export async function updateProfile(
  ctx: TCtx,
  caller: TChangeActor,
  o: TOrganizationRow,
  input: Partial<TProfileInput>,
): Promise<TOrganizationRow> {
  const columns = profileColumns(input);
  const before: Record<string, unknown> = { ...o };
  const changed = Object.keys(columns).filter((k) => (columns as Record<string, unknown>)[k] !== before[k]);
  if (changed.length === 0) return o;
  if (changed.includes('name') || changed.includes('postcode')) {
    await assertNotDuplicate(
      ctx,
      (columns.name as string) ?? o.name,
      (columns.postcode as string | null) ?? o.postcode,
      o.id,
    );
  }
  const updated = await updateOrganizationRow(ctx.db, o.id, { ...columns, updated_at: ctx.now });
  await audit(ctx, caller, updated, 'organization.updated', { data: { fields: changed.sort() } });
  await record(
    ctx,
    caller,
    'organizations.organization.updated',
    { type: 'organization', id: o.id },
    snapshotOf(updated),
  );
  return updated;
}

/**
 * Approve, deny, archive or reopen (spec §4; the allowed moves are ORGANIZATION_STATUS_TRANSITIONS).
 * Asking for the current status changes nothing and emits nothing, so a retried PUT is harmless.
 */
export async function changeStatus(
  ctx: TCtx,
  caller: TChangeActor,
  o: TOrganizationRow,
  to: TOrganizationStatus,
  reason: string | null,
): Promise<TOrganizationRow> {
  if (o.status === to) return o;
  if (!canTransition(o.status, to)) {
    const name = (s: TOrganizationStatus) => translate(ctx.lang, `organizations.statuses.${s}`);
    throw new ApiError(
      'invalid_status_transition',
      { from: name(o.status), to: name(to) },
      { pointer: '/data/attributes/status' },
    );
  }
  const updated = await updateOrganizationRow(ctx.db, o.id, {
    status: to,
    status_changed_at: ctx.now,
    updated_at: ctx.now,
  });
  const event = STATUS_EVENT_TYPES[to];
  await audit(ctx, caller, updated, event.replace('organizations.', ''), {
    before_status: o.status,
    after_status: to,
    data: reason ? { reason } : {},
  });
  await record(
    ctx,
    caller,
    event,
    { type: 'organization', id: o.id },
    {
      ...snapshotOf(updated),
      from_status: o.status,
      reason,
    },
  );
  return updated;
}

/**
 * A parent must be an approved School or VolunteerCenter of the tenant (RLS makes other tenants'
 * invisible), never the organization itself or one below it.
 */
async function assertValidParent(ctx: TCtx, organizationId: string | null, parentId: string): Promise<void> {
  const invalid = () => new ApiError('invalid_parent', {}, { pointer: '/data/attributes/parent_id' });
  if (!deploymentFlags(ctx.config).moveOrganizations) throw new ApiError('organization_move_disabled');
  const parent = await findOrganization(ctx.db, parentId);
  if (
    !parent ||
    parent.status !== 'approved' ||
    (parent.type !== 'School' && parent.type !== 'VolunteerCenter')
  ) {
    throw invalid();
  }
  if (!organizationId) return;
  const { rows } = await sql<{ id: string }>`
    with recursive up (id, parent_id, depth) as (
      select id, parent_id, 0 from organizations.organizations where id = ${parentId}
      union all
      select o.id, o.parent_id, up.depth + 1 from organizations.organizations o join up on o.id = up.parent_id
      where up.depth < 100
    )
    select id from up where id = ${organizationId}`.execute(ctx.db);
  if (rows.length > 0) throw invalid();
}

/** Moving under another School or VolunteerCenter (deployment flag MOVE_ORGANIZATIONS); null detaches. */
export async function moveOrganization(
  ctx: TCtx,
  caller: TChangeActor,
  o: TOrganizationRow,
  parentId: string | null,
): Promise<TOrganizationRow> {
  if (!deploymentFlags(ctx.config).moveOrganizations) throw new ApiError('organization_move_disabled');
  if (parentId === o.parent_id) return o;
  if (parentId) await assertValidParent(ctx, o.id, parentId);
  const updated = await updateOrganizationRow(ctx.db, o.id, { parent_id: parentId, updated_at: ctx.now });
  await audit(ctx, caller, updated, 'organization.moved', {
    data: { from_parent_id: o.parent_id, to_parent_id: parentId },
  });
  await record(
    ctx,
    caller,
    'organizations.organization.moved',
    { type: 'organization', id: o.id },
    {
      ...snapshotOf(updated),
      from_parent_id: o.parent_id,
    },
  );
  return updated;
}

/**
 * Deletes the organization with its school data (groups, periods, mentorships cascade). Identity
 * takes the roles on it when it sees `deleted`; the audit log keeps the record.
 */
export async function deleteOrganization(
  ctx: TCtx,
  caller: TChangeActor,
  o: TOrganizationRow,
): Promise<void> {
  await deleteOrganizationRow(ctx.db, o.id);
  await audit(ctx, caller, o, 'organization.deleted', {
    before_status: o.status,
    data: { name: o.name, type: o.type },
  });
  await record(
    ctx,
    caller,
    'organizations.organization.deleted',
    { type: 'organization', id: o.id },
    snapshotOf(o),
  );
}
