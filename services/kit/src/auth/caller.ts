import type { FastifyRequest } from 'fastify';
import { NO_PERMISSIONS, type TPermissions } from '@stageplein/contracts/identity/permissions';
import type { TCurrentOrganizationFacts } from '@stageplein/contracts/organizations/moderation';
import { unauthorized } from '../errors/api-error.ts';
import type { TAuth } from './auth.types.ts';

/**
 * Who made a change, as an event and an audit row record it: the user (and who signed in as them),
 * or nobody — the system (seeds, consumers, scheduled work) or an anonymous visitor (a public signup).
 * Every `TCaller` is one.
 */
export interface TChangeActor {
  /** Null: the system, or an anonymous visitor when `anonymous` is set. */
  userId: string | null;
  /** Set when the user was signed in as by another ("sign in as user"). */
  impersonatorId: string | null;
  anonymous?: boolean;
}

/** A user acting (as themselves, or signed in as by `impersonatorId`). */
export const userActor = (userId: string, impersonatorId: string | null = null): TChangeActor => ({
  userId,
  impersonatorId,
});

/** The signed-in user of checked credentials as a change's actor (with who signed in as them). */
export const changeActorOf = (auth: TAuth): TChangeActor => userActor(auth.userId, auth.impersonatorId);

/** The envelope's `actor`: the user id, `anonymous` or `system`. */
export const eventActorOf = (actor: TChangeActor): string =>
  actor.userId ?? (actor.anonymous ? 'anonymous' : 'system');

/**
 * The caller of a use case, the one type every service uses (docs/service-template.md, "The one
 * shape"): the credentials kit checked (`auth`, null when anonymous), the permissions they give for the
 * current organization, and that organization as the service knows it — its status decides, identity's
 * role only knows the type — when the caller has a role there.
 */
export interface TCaller extends TChangeActor {
  auth: TAuth | null;
  permissions: TPermissions;
  current: TCurrentOrganizationFacts | null;
}

/** A signed-in caller (`requireCaller`). */
export interface TSignedInCaller extends TCaller {
  userId: string;
  auth: TAuth;
}

/** A request without credentials. */
export const ANONYMOUS: TCaller = {
  userId: null,
  impersonatorId: null,
  anonymous: true,
  auth: null,
  permissions: NO_PERMISSIONS,
  current: null,
};

/** The system (seeds, consumers, scheduled work): no user, no permissions. */
export const SYSTEM: TCaller = {
  userId: null,
  impersonatorId: null,
  auth: null,
  permissions: NO_PERMISSIONS,
  current: null,
};

/**
 * Where a service reads the current organization's facts: organizations from its own table, every
 * other service from kit's organizations read model (`readModelCurrentOrganization`). Called only
 * when the caller holds a role on the organization.
 */
export type TCurrentOrganizationOf = (
  organizationId: string,
  auth: TAuth,
) => Promise<TCurrentOrganizationFacts | null>;

/** Whether the caller holds a role on the organization (any status: applicants see their own request). */
export const hasRoleOn = (auth: TAuth | null, organizationId: string): boolean =>
  !!auth?.roles.some((r) => String(r.resourceId) === organizationId);

/** The signed-in caller from checked credentials: the current organization only when they hold a role there. */
export async function callerFromAuth(
  auth: TAuth,
  currentOf: TCurrentOrganizationOf,
): Promise<TSignedInCaller> {
  const id = auth.organizationId;
  return {
    userId: auth.userId,
    impersonatorId: auth.impersonatorId,
    auth,
    permissions: auth.permissions,
    current: id && hasRoleOn(auth, id) ? await currentOf(id, auth) : null,
  };
}

/** The request's caller: `ANONYMOUS` without credentials. */
export async function callerOf(req: FastifyRequest, currentOf: TCurrentOrganizationOf): Promise<TCaller> {
  return req.auth ? callerFromAuth(req.auth, currentOf) : ANONYMOUS;
}

/** The request's signed-in caller, or 401. */
export async function requireCaller(
  req: FastifyRequest,
  currentOf: TCurrentOrganizationOf,
): Promise<TSignedInCaller> {
  if (!req.auth) throw unauthorized();
  return callerFromAuth(req.auth, currentOf);
}
