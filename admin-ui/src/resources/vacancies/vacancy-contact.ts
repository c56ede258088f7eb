import type { RaRecord } from 'react-admin';
import { contactChoices, type TPersonRole } from '@stageplein/contracts/placements/organization-contacts';

/** A person of `GET /vacancies/{id}/people` as the data provider hands it over (camelCase). */
export interface TContactRecord {
  id: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  roles?: readonly TPersonRole[];
}

/**
 * The contact person picker's choices: the organization's people the rule allows (contracts'
 * `contactChoices`, as the portal's editors and the server), by name with the e-mail address; the
 * current one stays a choice, shown by id when the list no longer holds them.
 */
export function vacancyContactChoices(
  people: readonly RaRecord[],
  vacancy: RaRecord,
): { id: string; name: string }[] {
  const current: TContactRecord | null =
    typeof vacancy.contactPersonId === 'string' ? { id: vacancy.contactPersonId } : null;
  const organizationId = typeof vacancy.organizationId === 'string' ? vacancy.organizationId : null;
  return contactChoices<TContactRecord>(people as readonly TContactRecord[], organizationId, current).map(
    (p) => {
      const name = [p.firstName, p.lastName].filter(Boolean).join(' ');
      return { id: p.id, name: name ? (p.email ? `${name} (${p.email})` : name) : (p.email ?? p.id) };
    },
  );
}
