import { useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { organizationsFromRoles, type TOrganizationRef } from '@stageplein/contracts/client/organizations';
import type { TCurrentUser } from './current-user.ts';
import type { TLoadState } from './session-context.ts';

/**
 * The signed-in user's organizations: the one place the portal learns them.
 *
 * Until the organizations service answers `GET /api/v1/current_organizations` (issue 4), they are
 * derived from the roles of `GET /api/v1/current_user?include=roles`: one organization per role
 * resource, with the role's resource type as its type and no name. When that endpoint exists, this
 * hook queries it instead (names, status) and nothing else in the portal changes.
 */
export function useCurrentOrganizations(
  userQuery: Pick<UseQueryResult<TCurrentUser>, 'data' | 'status' | 'fetchStatus'>,
): {
  organizations: readonly TOrganizationRef[];
  state: TLoadState;
} {
  const roles = userQuery.data?.roles;
  const organizations = useMemo(() => (roles ? organizationsFromRoles(roles) : []), [roles]);
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
