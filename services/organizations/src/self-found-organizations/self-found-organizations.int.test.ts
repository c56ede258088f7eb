import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TEventPayload } from '@stageplein/contracts/events/payloads';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { deliver, harness, outboxEvents, seedOrg, type THarness } from '../../test/harness.ts';

/**
 * The thin consumer of `placements.internship.self_found_approved`: a known organization is matched
 * (name + city, website host, name + postcode), an unknown one is signed up as pending with the
 * contact as its applicant; either way `organizations.self_found_organization.resolved` answers.
 */
let h: THarness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  await h?.close();
});

type TApproved = TEventPayload<'placements.internship.self_found_approved'>;
function approved(
  organization: Partial<TApproved['organization']>,
  email = `${randomUUID().slice(0, 8)}@ex.test`,
): TApproved {
  return {
    internship_id: randomUUID(),
    school_id: randomUUID(),
    student_id: randomUUID(),
    organization_id: null,
    organization: {
      name: 'Dierenasiel Het Baken',
      address: 'Kerkstraat 1',
      postcode: '3511 AA',
      city: 'Utrecht',
      website: null,
      ...organization,
    },
    contact: { name: 'Anna van der Berg', email, phone: null, locale: 'nl' },
  };
}

async function resolved(internshipId: string, tenant: TTenantId = 'demo') {
  const rows = await sql<{ data: { internship_id: string; organization_id: string; outcome: string } }>`
    select envelope->'data' as data from organizations.outbox
    where type = 'organizations.self_found_organization.resolved' and aggregate_id = ${internshipId}
      and tenant_id = ${tenant} order by seq`.execute(h.owner);
  return rows.rows.map((r) => r.data);
}

async function organization(id: string) {
  const { rows } = await sql<{ tenant_id: string; name: string; status: string; type: string }>`
    select tenant_id, name, status, type from organizations.organizations where id = ${id}`.execute(h.owner);
  return rows[0];
}

describe('self-found organizations', () => {
  it('signs an unknown organization up as pending, with the contact as applicant', async () => {
    const event = approved({ name: `Dierenasiel ${randomUUID().slice(0, 6)}`, postcode: '3512 AB' });
    await deliver(h, 'placements.internship.self_found_approved', event.internship_id, event);
    const [answer, ...more] = await resolved(event.internship_id);
    expect(more).toEqual([]);
    expect(answer!.outcome).toBe('created');
    const o = await organization(answer!.organization_id);
    // demo is a traineeship tenant: a company (Provider).
    expect(o).toMatchObject({
      tenant_id: 'demo',
      name: event.organization.name,
      status: 'pending',
      type: 'Provider',
    });
    const signup = await sql<{ admin_email: string; admin_first_name: string; admin_last_name: string }>`
      select admin_email, admin_first_name, admin_last_name from organizations.signups
      where organization_id = ${answer!.organization_id}`.execute(h.owner);
    expect(signup.rows).toEqual([
      { admin_email: event.contact.email, admin_first_name: 'Anna', admin_last_name: 'van der Berg' },
    ]);
    const signedUp = await outboxEvents(h, 'organizations.organization.signed_up', answer!.organization_id);
    expect(signedUp).toHaveLength(1);
  });

  it('matches a known organization by name and city (case, spacing and punctuation free)', async () => {
    const event = approved({
      name: '  zorgcentrum de LINDE   utrecht.',
      postcode: '3599 ZZ',
      city: 'utrecht',
    });
    await deliver(h, 'placements.internship.self_found_approved', event.internship_id, event);
    expect(await resolved(event.internship_id)).toEqual([
      { internship_id: event.internship_id, organization_id: seedOrg('provider'), outcome: 'matched' },
    ]);
  });

  it('matches a known organization by its website host, whatever the name', async () => {
    const event = approved({
      name: 'De Linde (locatie Oost)',
      postcode: '3599 ZY',
      city: 'Zeist',
      website: 'http://zorgcentrumdelindeutrecht.nl/stages',
    });
    await deliver(h, 'placements.internship.self_found_approved', event.internship_id, event);
    expect((await resolved(event.internship_id))[0]).toMatchObject({
      organization_id: seedOrg('provider'),
      outcome: 'matched',
    });
  });

  it('one organization per event, however often it is delivered', async () => {
    const event = approved({ name: `Kinderboerderij ${randomUUID().slice(0, 6)}`, postcode: '3513 CD' });
    const first = await deliver(h, 'placements.internship.self_found_approved', event.internship_id, event);
    await deliver(h, 'placements.internship.self_found_approved', event.internship_id, event, {
      id: first.id,
    });
    const answers = await resolved(event.internship_id);
    expect(answers).toHaveLength(1);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from organizations.organizations where name = ${event.organization.name}`.execute(
      h.owner,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('the internship already names a known organization: only the answer', async () => {
    const event = { ...approved({}), organization_id: seedOrg('nonprofit') };
    await deliver(h, 'placements.internship.self_found_approved', event.internship_id, event);
    expect(await resolved(event.internship_id)).toEqual([
      { internship_id: event.internship_id, organization_id: seedOrg('nonprofit'), outcome: 'matched' },
    ]);
  });

  it('a contact who already applied for a pending organization joins it', async () => {
    const email = `${randomUUID().slice(0, 8)}@ex.test`;
    const first = approved({ name: `Manege ${randomUUID().slice(0, 6)}`, postcode: '3514 EF' }, email);
    await deliver(h, 'placements.internship.self_found_approved', first.internship_id, first);
    const created = (await resolved(first.internship_id))[0]!;
    const second = approved({ name: `Hondenschool ${randomUUID().slice(0, 6)}`, postcode: '3515 GH' }, email);
    await deliver(h, 'placements.internship.self_found_approved', second.internship_id, second);
    expect(await resolved(second.internship_id)).toEqual([
      { internship_id: second.internship_id, organization_id: created.organization_id, outcome: 'matched' },
    ]);
  });

  it('never matches another tenant’s organization (RLS): the same name elsewhere is signed up there', async () => {
    const event = approved({ name: 'Zorgcentrum De Linde Utrecht', city: 'Utrecht', postcode: '3599 ZX' });
    await deliver(h, 'placements.internship.self_found_approved', event.internship_id, event, {
      tenant: 'oldebroek',
    });
    const [answer] = await resolved(event.internship_id, 'oldebroek');
    expect(answer!.outcome).toBe('created');
    expect(answer!.organization_id).not.toBe(seedOrg('provider'));
    // oldebroek is not a traineeship tenant: a social internship's organization is a NonProfit.
    expect(await organization(answer!.organization_id)).toMatchObject({
      tenant_id: 'oldebroek',
      status: 'pending',
      type: 'NonProfit',
    });
    expect(await resolved(event.internship_id, 'demo')).toEqual([]);
  });
});
