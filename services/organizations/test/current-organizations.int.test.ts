import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { preselectOrganization } from '@stageplein/contracts/organizations/current-organization';
import {
  call,
  deliver,
  expectError,
  harness,
  makeOrganization,
  seedOrg,
  userWith,
  type THarness,
  type TUser,
} from './harness.ts';

let h: THarness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h?.close());

const current = async (user: TUser) => {
  const res = await call(h.app, { url: '/api/v1/current_organizations', headers: user.as(null) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: {
      id: string;
      type: string;
      attributes: { name: string; status: string };
      meta: { roles: string[] };
    }[];
    meta: { total: number; preselected_id: string | null };
  };
};
const ids = async (user: TUser) => (await current(user)).data.map((o) => o.id);

describe('GET /api/v1/current_organizations', () => {
  it('lists the organizations where the user has roles, by name, with the preselection of spec §4', async () => {
    const aSchool = await makeOrganization(h, { type: 'School', status: 'approved', name: 'Beekdal Lyceum' });
    const provider = await makeOrganization(h, {
      type: 'Provider',
      status: 'approved',
      name: 'Aannemer Bouwman',
    });
    const user = await userWith(h, [
      ['mentor', seedOrg('school'), 'School'],
      ['admin', provider, 'Provider'],
      ['mentor', aSchool, 'School'],
      ['admin', aSchool, 'School'],
    ]);
    const body = await current(user);
    expect(body.data.map((o) => o.attributes.name)).toEqual([
      'Aannemer Bouwman',
      'Beekdal Lyceum',
      'Demo College Utrecht',
    ]);
    expect(body.data.map((o) => o.type)).toEqual(['Provider', 'School', 'School']);
    expect(body.data[1]!.meta.roles).toEqual(['admin', 'mentor']);
    // The first School or VolunteerCenter in list order, computed by the same pure function the UIs use.
    expect(body.meta.preselected_id).toBe(aSchool);
    expect(preselectOrganization(body.data)?.id).toBe(aSchool);
    expect(body.meta.total).toBe(3);
  });

  it('falls back to the first organization, shows pending ones and hides denied and archived ones', async () => {
    const pending = await makeOrganization(h, { type: 'NonProfit', status: 'pending', name: 'A pending' });
    const denied = await makeOrganization(h, { type: 'NonProfit', status: 'denied', name: 'B denied' });
    const archived = await makeOrganization(h, { type: 'Provider', status: 'archived', name: 'C archived' });
    const user = await userWith(h, [
      ['admin', pending, 'NonProfit'],
      ['admin', denied, 'NonProfit'],
      ['admin', archived, 'Provider'],
      ['volunteer', seedOrg('provider'), 'Provider'],
    ]);
    const body = await current(user);
    expect(body.data.map((o) => [o.attributes.name, o.attributes.status])).toEqual([
      ['A pending', 'pending'],
      ['Zorgcentrum De Linde Utrecht', 'approved'],
    ]);
    expect(body.meta.preselected_id).toBe(pending);
  });

  it('needs a signed-in user', async () => {
    expectError(
      await call(h.app, { url: '/api/v1/current_organizations', headers: { 'x-tenant': 'demo' } }),
      401,
      'unauthorized',
    );
  });
});

describe('the read model follows identity’s role events', () => {
  it('adds and removes organizations as roles come and go; a replayed duplicate changes nothing', async () => {
    const user = await userWith(h, []);
    const roleId = randomUUID();
    const role = {
      user_id: user.id,
      role_id: roleId,
      name: 'admin' as const,
      resource_type: 'NonProfit' as const,
      resource_id: seedOrg('nonprofit'),
    };
    expect(await ids(user)).toEqual([]);

    const added = await deliver(h, 'identity.role.added', user.id, role);
    expect(await ids(user)).toEqual([seedOrg('nonprofit')]);
    // The role counts for the permissions of spec §6 at once: the admin may edit their organization.
    const edit = await call(h.app, {
      method: 'PUT',
      url: `/api/v1/organizations/${seedOrg('nonprofit')}`,
      headers: user.as(seedOrg('nonprofit')),
      payload: { data: { type: 'NonProfit', attributes: { phone: '030-7654321' } } },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    await deliver(h, 'identity.role.removed', user.id, role);
    expect(await ids(user)).toEqual([]);

    // The same role.added delivered again (at-least-once transport, replay): skipped by its event id.
    await deliver(h, 'identity.role.added', user.id, role, { id: added.id });
    expect(await ids(user)).toEqual([]);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from organizations.auth_roles where user_id = ${user.id}`.execute(h.owner);
    expect(rows[0]!.n).toBe(0);
    const processed = await sql<{
      consumer: string;
    }>`select consumer from organizations.processed_events where event_id = ${added.id}`.execute(h.owner);
    expect(processed.rows).toEqual([{ consumer: 'organizations.auth-read-model' }]);

    // Control: a new event (new id) for the same role does take effect.
    await deliver(h, 'identity.role.added', user.id, role);
    expect(await ids(user)).toEqual([seedOrg('nonprofit')]);
  });

  it('a role on another tenant’s organization never shows (RLS), even with the same user id', async () => {
    const user = await userWith(h, [['admin', seedOrg('school'), 'School']]);
    await deliver(
      h,
      'identity.role.added',
      user.id,
      {
        user_id: user.id,
        role_id: randomUUID(),
        name: 'admin',
        resource_type: 'School',
        resource_id: seedOrg('school', 'raayland'),
      },
      { tenant: 'raayland' },
    );
    expect(await ids(user)).toEqual([seedOrg('school')]);
  });
});
