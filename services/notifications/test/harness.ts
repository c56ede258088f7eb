import { randomUUID } from 'node:crypto';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import type { TEventPayload, TEventType } from '@stageplein/contracts/events/payloads';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { serviceHarness, type TServiceHarness } from '@stageplein/testing/service-harness';
import { notificationsService } from '../src/notifications.module.ts';

export { call, expectStatus, userWith, type TUser } from '@stageplein/testing/service-harness';
export { eventually } from '@stageplein/testing/eventually';
export type THarness = TServiceHarness;

export const NOW = new Date('2026-11-21T12:00:00Z');

/** A fresh seeded database, the platform (relay delivering to notifications' consumers) and its HTTP app. */
export const harness = (): Promise<THarness> => serviceHarness(notificationsService, { now: NOW });

let lastTime = 0;

/**
 * An event as its producer would publish it; the same envelope published twice is a replay. Each is a
 * millisecond after the one before at least, so a feed (newest first) lists them in the order made.
 */
export function envelope<T extends TEventType>(
  type: T,
  subject: string,
  data: TEventPayload<T>,
  tenant: TTenantId = 'demo',
): TEventEnvelope {
  return {
    id: randomUUID(),
    type,
    source: type.split('.')[0]!,
    subject,
    time: new Date((lastTime = Math.max(Date.now(), lastTime + 1))).toISOString(),
    tenant,
    actor: 'system',
    version: 1,
    data: data as Record<string, unknown>,
  };
}

export const publish = (h: THarness, ...events: TEventEnvelope[]) => h.platform.transport.publish(events);

/** An internship's snapshot as placements' events carry it. */
export function internship(
  student: string,
  overrides: Partial<TEventPayload<'placements.internship.created'>> = {},
): TEventPayload<'placements.internship.created'> {
  return {
    internship_id: randomUUID(),
    student_id: student,
    school_id: randomUUID(),
    organization_id: randomUUID(),
    vacancy_id: randomUUID(),
    internship_period_id: null,
    contact_person_id: null,
    supervisor_id: null,
    title: 'Stage bij de bakker',
    organization_name: 'Bakkerij Brood',
    self_found: false,
    contract_type: 'hours',
    start_date: null,
    end_date: null,
    status: 'applied',
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}
