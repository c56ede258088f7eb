import type { FastifyRequest } from 'fastify';
import type { TCurrentOrganizationFacts } from '@stageplein/contracts/organizations/moderation';
import {
  callerOf as kitCallerOf,
  requireCaller as requireKitCaller,
  type TCaller as TKitCaller,
  type TCurrentOrganizationOf,
  type TSignedInCaller,
} from '@stageplein/kit/auth/caller';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TDb } from '../database.ts';
import { organizationFacts } from './organization-facts.ts';

export { hasRoleOn } from '@stageplein/kit/auth/caller';

/** A signed-in caller (kit's, with the current organization as we know it): every policy's first argument. */
export type TCaller = TSignedInCaller;

/** A request's caller, `ANONYMOUS` without credentials: the few public reads (organizations, their includes). */
export type TRequestCaller = TKitCaller;

/**
 * The current organization's type and status from our own row (identity's role only knows the type;
 * the status matters, spec §4). Memoised per process like the credential check (organization-facts.ts).
 */
export const currentOrganizationOf =
  (db: TDb, tenant: string): TCurrentOrganizationOf =>
  (id) =>
    organizationFacts.get(tenant, id, async (): Promise<TCurrentOrganizationFacts | null> => {
      const row = await db
        .selectFrom('organizations.organizations')
        .select(['id', 'type', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    });

/** The request's caller, `ANONYMOUS` without credentials (kit's `callerOf`). */
export const callerOf = (req: FastifyRequest, db: TDb): Promise<TRequestCaller> =>
  kitCallerOf(req, currentOrganizationOf(db, req.tenant.id));

/** The signed-in caller (401 otherwise) with their current organization (kit's `requireCaller`). */
export const requireCaller = (req: FastifyRequest, db: TDb): Promise<TCaller> =>
  requireKitCaller(req, currentOrganizationOf(db, req.tenant.id));

/**
 * Decision (docs/decisions/organizations.md): an organization is usable only once approved. Its
 * admin may sign in, see it and fix its profile while it is pending, but not manage school data.
 */
export function requireApprovedOrganization(caller: TCaller): void {
  if (caller.current && caller.current.status !== 'approved') throw new ApiError('organization_not_approved');
}
