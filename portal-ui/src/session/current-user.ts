import { readResourceDocument, type TRawDocument } from '@stageplein/contracts/client/jsonapi-document';
import type { TOrganizationRef } from '@stageplein/contracts/client/organizations';
import type { TRoleRef } from '@stageplein/contracts/identity/roles';

/**
 * The signed-in user as the portal reads `GET /api/v1/current_user?include=roles,organizations`
 * (spec §3, §7).
 */
export interface TCurrentUser {
  id: string;
  email: string;
  uid: string;
  firstName: string | null;
  lastName: string | null;
  gender: 'male' | 'female' | 'other' | null;
  status: 'active' | 'invited' | 'inactive' | 'archived';
  locale: 'nl' | 'en';
  phoneNumber: string | null;
  settings: { emailNotifications: boolean };
  periodicMailFrequency: 'never' | 'daily' | 'weekly' | 'monthly';
  confirmedAt: string | null;
  lastSignInAt: string | null;
  /** A new address waiting for its confirmation mail to be opened. */
  unconfirmedEmail?: string | null;
  roles: TRoleRef[];
  /**
   * The organizations of the roles, named from identity's read model of the organizations service
   * (`name` is null until that organization's first event has arrived).
   */
  organizations: (TOrganizationRef & { status?: string | null })[];
  /** Set when an admin signed in as this user. */
  impersonatorId: string | null;
}

interface TFlatOrganization {
  id: string;
  type: string;
  name?: string | null;
  status?: string | null;
}

interface TFlatRole {
  id: string;
  type: string;
  name?: string;
  resourceType?: string;
  resourceId?: string;
}

/** A user document (camelCase keys) → the current user; roles come from `included`. */
export function userFromDocument(doc: unknown): TCurrentUser {
  const { data, meta } = readResourceDocument<
    Omit<TCurrentUser, 'id' | 'roles' | 'organizations' | 'impersonatorId'> & {
      roles?: TFlatRole[];
      organizations?: TFlatOrganization[];
    }
  >(doc as TRawDocument);
  if (!data) throw new Error('The current-user answer has no user');
  const roles: TRoleRef[] = (data.roles ?? [])
    .filter((r): r is Required<TFlatRole> => typeof r.name === 'string' && r.resourceId !== undefined)
    .map((r) => ({ name: r.name, resourceType: r.resourceType ?? '', resourceId: String(r.resourceId) }));
  return {
    id: data.id,
    email: data.email,
    uid: data.uid ?? data.email,
    firstName: data.firstName ?? null,
    lastName: data.lastName ?? null,
    gender: data.gender ?? null,
    status: data.status,
    locale: data.locale ?? 'nl',
    phoneNumber: data.phoneNumber ?? null,
    settings: { emailNotifications: data.settings?.emailNotifications ?? true },
    periodicMailFrequency: data.periodicMailFrequency ?? 'weekly',
    confirmedAt: data.confirmedAt ?? null,
    lastSignInAt: data.lastSignInAt ?? null,
    unconfirmedEmail: data.unconfirmedEmail ?? null,
    roles,
    organizations: (data.organizations ?? []).map((o) => ({
      id: String(o.id),
      type: o.type,
      name: typeof o.name === 'string' && o.name ? o.name : null,
      // The gallery's gate asks whether the current organization is approved (platform operators).
      status: typeof o.status === 'string' ? o.status : null,
    })),
    impersonatorId: typeof meta?.impersonatorId === 'string' ? meta.impersonatorId : null,
  };
}

export function displayName(user: Pick<TCurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}

export function initials(user: Pick<TCurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const parts = [user.firstName, user.lastName].filter((p): p is string => !!p?.trim());
  const letters = parts.length ? parts.map((p) => p.trim()[0]!) : [user.email[0] ?? '?'];
  return letters.join('').slice(0, 2).toUpperCase();
}
