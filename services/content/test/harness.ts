import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import {
  announceOrganization,
  serviceHarness,
  userWith,
  type TServiceHarness,
  type TUser,
} from '@stageplein/testing/service-harness';
import { contentService } from '../src/content.module.ts';

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

/** A fresh seeded database, the platform (relay delivering to content's consumers) and content's HTTP app. */
export const harness = (): Promise<THarness> => serviceHarness(contentService, { now: NOW });

/** An organization as organizations announces it (content keeps type and status from these events). */
export const organization = (
  h: THarness,
  type: TOrganizationType,
  status: TOrganizationStatus,
  tenant: TTenantId = 'demo',
): Promise<string> => announceOrganization(h, type, status, tenant);

/** An admin of an approved organization of the type (a VolunteerCenter by default): a content editor. */
export async function editor(
  h: THarness,
  tenant: TTenantId = 'demo',
  type: TOrganizationType = 'VolunteerCenter',
): Promise<TUser> {
  return userWith(h, 'admin', await organization(h, type, 'approved', tenant), type, tenant);
}
