import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import type { TServiceModule } from '@stageplein/kit/service';
import type { TStackConfig } from '@stageplein/stack/services';
import {
  announceOrganization,
  serviceHarness,
  userWith,
  type TServiceHarness,
  type TUser,
} from '@stageplein/testing/service-harness';
import { placementsService } from '../src/placements.module.ts';

export {
  auditOf,
  call,
  deliver,
  expectStatus,
  outboxEvents,
  userWith,
  type TUser,
} from '@stageplein/testing/service-harness';
export { eventually } from '@stageplein/testing/eventually';
export type THarness = TServiceHarness;

export const NOW = new Date('2026-11-21T12:00:00Z');

/**
 * A fresh seeded database, the platform (relay delivering to the consumers) and placements' HTTP app.
 * `services` run beside placements in the platform (e.g. organizations, for its read model of vacancies).
 */
export const harness = (services: readonly TServiceModule<TStackConfig>[] = []): Promise<THarness> =>
  serviceHarness(placementsService, { now: NOW, also: services });

/** An organization as organizations announces it, in Amersfoort (placements keeps its snapshot). */
export const organization = (
  h: THarness,
  type: TOrganizationType,
  status: TOrganizationStatus,
  tenant: TTenantId = 'demo',
): Promise<string> =>
  announceOrganization(h, type, status, tenant, {
    city: 'Amersfoort',
    postcode: '3811 CB',
    latitude: 52.1561,
    longitude: 5.3878,
  });

/** An admin acting for a new organization of the type and status. */
export async function adminOf(
  h: THarness,
  type: TOrganizationType,
  status: TOrganizationStatus = 'approved',
  tenant: TTenantId = 'demo',
): Promise<TUser & { organizationId: string }> {
  const organizationId = await organization(h, type, status, tenant);
  return { ...(await userWith(h, 'admin', organizationId, type, tenant)), organizationId };
}
