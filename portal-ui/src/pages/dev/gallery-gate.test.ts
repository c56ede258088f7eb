import { describe, expect, it } from 'vitest';
import { derivePermissions } from '@stageplein/contracts/identity/permissions';
import type { TRoleRef } from '@stageplein/contracts/identity/roles';
import type { TSession } from '../../session/session-context.ts';
import type { TCurrentUser } from '../../session/current-user.ts';
import { galleryAccess } from './gallery-gate.tsx';

/** A session as the provider builds it, for an admin of one organization. */
function sessionOf(
  organization: { id: string; type: string; status: string | null } | undefined,
  state: Partial<TSession> = {},
): TSession {
  const roles: TRoleRef[] = organization
    ? [{ name: 'admin', resourceType: organization.type, resourceId: organization.id }]
    : [];
  const user = {
    id: 'u1',
    email: 'a@demo.test',
    roles,
    organizations: organization ? [{ ...organization, name: 'Org' }] : [],
  } as unknown as TCurrentUser;
  return {
    signedIn: true,
    user,
    userState: 'success',
    userError: undefined,
    organizations: user.organizations,
    organizationsState: 'success',
    currentOrganization: organization,
    selectOrganization: () => undefined,
    permissions: derivePermissions(roles, organization ?? null),
    signIn: () => Promise.reject(new Error('unused')),
    acceptSignedInUser: () => user,
    signOut: () => Promise.resolve(),
    ...state,
  };
}

describe('galleryAccess (/dev*, /test/*)', () => {
  const center = { id: 'c1', type: 'VolunteerCenter', status: 'approved' };

  it('opens to everyone on a staging deployment', () => {
    expect(galleryAccess(true, sessionOf(undefined, { signedIn: false, user: undefined }))).toBe('allow');
  });

  it('opens to platform operators only when the flag is off', () => {
    expect(galleryAccess(false, sessionOf(center))).toBe('allow');
    expect(galleryAccess(false, sessionOf({ ...center, status: 'pending' }))).toBe('deny');
    expect(galleryAccess(false, sessionOf({ id: 's1', type: 'School', status: 'approved' }))).toBe('deny');
    expect(galleryAccess(false, sessionOf(undefined))).toBe('deny');
    expect(galleryAccess(false, sessionOf(center, { signedIn: false }))).toBe('deny');
  });

  it('waits for the user, and denies when the user cannot be loaded', () => {
    expect(galleryAccess(false, sessionOf(center, { user: undefined, userState: 'pending' }))).toBe(
      'pending',
    );
    expect(galleryAccess(false, sessionOf(center, { user: undefined, userState: 'error' }))).toBe('deny');
  });
});
