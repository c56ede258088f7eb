import type { FastifyRequest } from 'fastify';
import type { TPermissions } from '@stageplein/contracts/identity/permissions';
import type { TRoleRef } from '@stageplein/contracts/identity/roles';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import type { TAccessClaims } from './access-token.ts';

/** Who is calling, as every service sees it after checking the credentials itself. */
export interface TAuth {
  userId: string;
  tenant: TTenantId;
  client: string;
  uid: string;
  /** Set when an admin signed in as this user ("sign in as user"). */
  impersonatorId: string | null;
  expiresAt: Date;
  /** All the user's roles; only those on `organizationId` count for `permissions`. */
  roles: readonly TRoleRef[];
  /** The `x-current-organization-id` header, when it is a uuid. */
  organizationId: string | null;
  /** Spec §6 for the current organization. */
  permissions: TPermissions;
  /**
   * How long facts read to authorize this caller (e.g. the current organization's status) may be reused
   * in this process: AUTH_CACHE_SECONDS, the staleness bound of the credential checks too. Absent: never.
   */
  factsTtlMs?: number;
}

/**
 * Where a service learns whether a client still counts and what roles the user has. Identity reads
 * its own tables; every other service reads its kit read model fed by identity's events.
 */
export interface TAuthSource {
  /** The user's roles, or null when the client was revoked. Runs in the request's transaction. */
  check(
    req: FastifyRequest,
    claims: TAccessClaims,
    accessToken: string,
  ): Promise<{ roles: TRoleRef[] } | null>;
}
