import type { TLinks, TResource } from '@stageplein/contracts/jsonapi/jsonapi';
import {
  DEFAULT_USER_SETTINGS,
  type TRoleResource,
  type TUserAttributes,
  type TUserResource,
} from '@stageplein/contracts/identity/users';
import { roleFactsOf, type TUserRoleFacts } from '@stageplein/contracts/identity/users-policy';
import { collectionDocument, resource, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TOrganizationRow } from '../organizations/organizations.repository.ts';
import type { TRoleRow } from '../roles/roles.repository.ts';
import type { TUserRow } from './users.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function userAttributes(u: TUserRow, facts: TUserRoleFacts): TUserAttributes {
  return {
    email: u.email,
    uid: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    gender: u.gender,
    status: u.status,
    locale: u.locale,
    phone_number: u.phone_number,
    settings: { ...DEFAULT_USER_SETTINGS, ...u.settings },
    periodic_mail_frequency: u.periodic_mail_frequency,
    confirmed_at: iso(u.confirmed_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    deletion_requested_at: iso(u.deletion_requested_at),
    unconfirmed_email: u.unconfirmed_email,
    highest_role_rank: facts.highestRoleRank,
    organization_count: facts.organizationCount,
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
  };
}

export function roleResource(r: TRoleRow): TRoleResource {
  return {
    type: 'role',
    id: r.id,
    attributes: {
      name: r.name,
      resource_type: r.resource_type,
      resource_id: r.resource_id,
      created_at: r.created_at.toISOString(),
    },
  };
}

/**
 * An organization a user has a role on. Its JSON:API `type` is its organization type, as the
 * organizations service serializes it (spec §3); name and status come from identity's read model of
 * organizations' events (kit's organizations read model), null until the organization's first
 * event has arrived.
 */
export function organizationResource(r: TRoleRow, known: TOrganizationRow | undefined): TResource {
  return resource(r.resource_type, r.resource_id, {
    name: known?.name ?? null,
    status: known?.status ?? null,
  });
}

const uniqueOrganizations = (roles: readonly TRoleRow[]) => [
  ...new Map(roles.map((r) => [r.resource_id, r])).values(),
];

/** The organization ids of roles: what `include=organizations` needs from the read model. */
export const organizationIdsOf = (roles: Iterable<TRoleRow>) => [
  ...new Set([...roles].map((r) => r.resource_id)),
];

/** The role facts of all of a user's roles (the API may show fewer roles: see users.routes.ts). */
export const roleFactsOfRows = (roles: readonly TRoleRow[]) =>
  roleFactsOf(roles.map((r) => ({ name: r.name, resourceType: r.resource_type, resourceId: r.resource_id })));

export function userResource(
  u: TUserRow,
  roles: readonly TRoleRow[],
  facts: TUserRoleFacts = roleFactsOfRows(roles),
): TUserResource {
  return {
    type: 'user',
    id: u.id,
    attributes: userAttributes(u, facts),
    relationships: {
      roles: { data: roles.map((r) => ({ type: 'role', id: r.id })) },
      organizations: {
        data: uniqueOrganizations(roles).map((r) => ({ type: r.resource_type, id: r.resource_id })),
      },
    },
  };
}

export function includedFor(
  roles: readonly TRoleRow[],
  include: readonly string[],
  organizations: ReadonlyMap<string, TOrganizationRow> = new Map(),
): TResource[] {
  return [
    ...(include.includes('roles') ? roles.map(roleResource) : []),
    ...(include.includes('organizations')
      ? uniqueOrganizations(roles).map((r) => organizationResource(r, organizations.get(r.resource_id)))
      : []),
  ];
}

export function userDocument(
  u: TUserRow,
  roles: readonly TRoleRow[],
  include: readonly string[] = [],
  meta?: Record<string, unknown>,
  organizations?: ReadonlyMap<string, TOrganizationRow>,
  facts?: TUserRoleFacts,
) {
  const doc = resourceDocument(userResource(u, roles, facts), {
    included: includedFor(roles, include, organizations),
  });
  return meta ? { ...doc, meta } : doc;
}

export function usersDocument(
  users: readonly TUserRow[],
  roles: Map<string, TRoleRow[]>,
  include: readonly string[],
  options: {
    total: number;
    links?: TLinks;
    organizations?: ReadonlyMap<string, TOrganizationRow>;
    facts?: ReadonlyMap<string, TUserRoleFacts>;
  },
) {
  const all = users.flatMap((u) => roles.get(u.id) ?? []);
  return collectionDocument(
    users.map((u) => userResource(u, roles.get(u.id) ?? [], options.facts?.get(u.id))),
    {
      included: includedFor(all, include, options.organizations),
      total: options.total,
      links: options.links,
    },
  );
}

/** Who is looking at a user: other users are shown with their roles on this organization only. */
export interface TViewer {
  userId: string;
  organizationId: string | null;
}

/** Spec §6: only roles on the current organization count, so only those of another user are shown. */
export const visibleRoles = <R extends { resource_id: string }>(
  viewer: TViewer,
  userId: string,
  roles: readonly R[],
): R[] =>
  userId === viewer.userId ? [...roles] : roles.filter((r) => r.resource_id === viewer.organizationId);

/**
 * A user as `viewer` may see them: the visible roles, and the facts of all their roles (which decide
 * what an admin may do with the user: contracts/identity/users-policy.ts).
 */
export function userDocumentFor(
  viewer: TViewer,
  u: TUserRow,
  roles: readonly TRoleRow[],
  options: { include?: readonly string[]; organizations?: ReadonlyMap<string, TOrganizationRow> } = {},
) {
  return userDocument(
    u,
    visibleRoles(viewer, u.id, roles),
    options.include,
    undefined,
    options.organizations,
    roleFactsOfRows(roles),
  );
}
