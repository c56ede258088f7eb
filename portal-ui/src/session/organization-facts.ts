import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TCurrentOrganizationFacts } from '@stageplein/contracts/organizations/moderation';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import type { TSession } from './session-context.ts';

/** The current organization's type and status, as the contracts rules need them (undefined: unknown). */
export function currentOrganizationFacts(session: TSession): TCurrentOrganizationFacts | undefined {
  const current = session.currentOrganization;
  if (!current) return undefined;
  const known = session.user?.organizations.find((o) => o.id === current.id);
  if (!known?.status || !known.type) return undefined;
  return {
    id: current.id,
    type: known.type as TOrganizationType,
    status: known.status as TOrganizationStatus,
  };
}
