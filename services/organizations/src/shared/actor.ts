import type { FastifyRequest } from 'fastify';
import type { TCurrentOrganizationFacts } from '@stageplein/contracts/organizations/moderation';
import type { TAuth } from '@stageplein/kit/auth/auth.types';
import { requireAuth } from '@stageplein/kit/auth/policy';
import { ApiError } from '@stageplein/kit/errors/api-error';
import { organizationFacts } from './organization-facts.ts';
import type { TDb } from './request.ts';

/** The caller and their current organization as this service knows it (its status matters, spec §4). */
export interface TActor {
  auth: TAuth;
  current: TCurrentOrganizationFacts | null;
}

/**
 * The current organization (`x-current-organization-id`) when the caller has a role there; its type
 * and status come from our own row, since identity's role only knows the type. Memoised per process
 * like the credential check (organization-facts.ts).
 */
export async function currentOrganizationOf(
  db: TDb,
  auth: TAuth | null,
  tenant: string,
): Promise<TCurrentOrganizationFacts | null> {
  const id = auth?.organizationId;
  if (!id || !auth.roles.some((r) => String(r.resourceId) === id)) return null;
  return organizationFacts.get(tenant, id, async () => {
    const row = await db
      .selectFrom('organizations.organizations')
      .select(['id', 'type', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  });
}

/** The signed-in caller (401 otherwise) with their current organization. */
export async function actorOf(req: FastifyRequest, db: TDb): Promise<TActor> {
  const auth = requireAuth(req);
  return { auth, current: await currentOrganizationOf(db, auth, req.tenant.id) };
}

/**
 * Decision (docs/decisions/organizations.md): an organization is usable only once approved. Its
 * admin may sign in, see it and fix its profile while it is pending, but not manage school data.
 */
export function requireApprovedOrganization(actor: TActor): void {
  if (actor.current && actor.current.status !== 'approved') throw new ApiError('organization_not_approved');
}

/** The caller holds some role on the organization (any status: applicants see their own request). */
export const hasRoleOn = (auth: TAuth | null, organizationId: string) =>
  !!auth?.roles.some((r) => String(r.resourceId) === organizationId);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
