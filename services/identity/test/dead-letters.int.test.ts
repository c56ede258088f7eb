import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { identityService } from '../src/identity.module.ts';
import { identityHarness, withOwner, type TIdentityHarness } from './identity-harness.ts';

let h: TIdentityHarness;
beforeAll(async () => {
  h = await identityHarness();
});
afterAll(async () => h?.close());

const envelope = (type: string, data: Record<string, unknown>): TEventEnvelope => ({
  id: randomUUID(),
  type,
  source: 'organizations',
  subject: seedOrganizationId('demo', 'school'),
  time: new Date().toISOString(),
  tenant: 'demo',
  actor: 'system',
  version: 1,
  data,
});

const lettersOf = (eventId: string) =>
  withOwner(h, async (owner) => {
    const { rows } = await sql<{
      consumer: string;
      event_type: string;
      reason: string;
      attempts: number;
      tenant_id: string;
    }>`select consumer, event_type, reason, attempts, tenant_id from identity.dead_letters where event_id = ${eventId}`.execute(
      owner,
    );
    return rows;
  });

describe('identity dead letters', () => {
  it('records a poisoned event of a consumed type once, with the reason, and keeps consuming', async () => {
    // An organizations event whose data breaks the contract: no consumer may apply it.
    const poisoned = envelope('organizations.organization.approved', { organization_id: 'not-a-uuid' });
    await h.platform.transport.publish([poisoned]);
    const letters = await lettersOf(poisoned.id);
    expect(letters).toHaveLength(identityConsumerGroupsFor('organizations.organization.approved'));
    for (const letter of letters) {
      expect(letter).toMatchObject({
        event_type: 'organizations.organization.approved',
        attempts: 1,
        tenant_id: 'demo',
      });
      expect(letter.consumer).toMatch(/^identity\./);
      expect(letter.reason).toMatch(/^invalid organizations\.organization\.approved data: /);
    }

    // Delivered again (at least once): still one letter per group, nothing applied.
    await h.platform.transport.publish([poisoned]);
    expect(await lettersOf(poisoned.id)).toHaveLength(letters.length);
    const processed = await withOwner(
      h,
      async (owner) =>
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from identity.processed_events where event_id = ${poisoned.id}`.execute(
            owner,
          )
        ).rows[0]!.n,
    );
    expect(processed).toBe(0);

    // The next, valid event of the same aggregate is applied as usual.
    const valid = envelope('organizations.organization.deleted', {
      organization_id: randomUUID(),
      organization_type: 'Provider',
      name: 'Bakkerij Brood',
      status: 'approved',
      website: null,
      city: null,
      parent_id: null,
    });
    await h.platform.transport.publish([valid]);
    expect(await lettersOf(valid.id)).toEqual([]);
  });
});

/** How many identity consumer groups take an event type (each records its own letter). */
function identityConsumerGroupsFor(type: string): number {
  const groups = identityService.consumers!(h.deps).filter((c) => c.types.includes(type));
  expect(groups.length).toBeGreaterThan(0);
  return groups.length;
}
