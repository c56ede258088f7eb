import { useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { organizationsFromRoles, type TOrganizationRef } from '@stageplein/contracts/client/organizations';
import type { TCurrentUser } from './current-user.ts';
import type { TLoadState } from './session-context.ts';

/**
 * The signed-in user's organizations: the one place the portal learns them.
 *
 * They come with the current user (`include=organizations`: identity's read model of the
 * organizations service, so they carry their names), in role order; an organization the read model
 * does not know yet keeps the role's resource type and no name (the shell then names it by type).
 */
export function useCurrentOrganizations(
  userQuery: Pick<UseQueryResult<TCurrentUser>, 'data' | 'status' | 'fetchStatus'>,
): {
  organizations: readonly TOrganizationRef[];
  state: TLoadState;
} {
  const user = userQuery.data;
  const organizations = useMemo(() => {
    if (!user) return [];
    const named = new Map(user.organizations.map((o) => [o.id, o]));
    return organizationsFromRoles(user.roles).map((o) => ({ ...o, ...named.get(o.id) }));
  }, [user]);
  const state: TLoadState =
    userQuery.status === 'success' || userQuery.data
      ? 'success'
      : userQuery.status === 'error'
        ? 'error'
        : userQuery.fetchStatus === 'fetching'
          ? 'pending'
          : 'idle';
  return { organizations, state };
}
