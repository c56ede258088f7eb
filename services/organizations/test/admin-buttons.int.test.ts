import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { derivePermissions } from '@stageplein/contracts/identity/permissions';
import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TCurrentOrganizationFacts } from '@stageplein/contracts/organizations/moderation';
import {
  managesSchool,
  mentorshipRules,
  organizationRules,
  type TOrganizationActor,
  type TOrganizationFacts,
} from '@stageplein/contracts/organizations/organizations-policy';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import { call, harness, makeOrganization, seedOrg, userWith, type THarness, type TUser } from './harness.ts';

/**
 * The admin's organization and school-data buttons ask contracts/organizations/organizations-policy.ts,
 * the service's policies use the same rules: for every such action the admin shows, each representative
 * caller × organization gets the same answer from the rule (with the caller's current organization as
 * GET /api/v1/current_organizations tells the admin) as from the real server.
 */
let h: THarness;
let pendingSchool: string;
const actors = new Map<
  string,
  { user: TUser; actor: TOrganizationActor; current: TCurrentOrganizationFacts | null }
>();

const ROLES: Record<string, () => Parameters<typeof userWith>[1]> = {
  'center admin': () => [['admin', seedOrg('volunteer-center'), 'VolunteerCenter']],
  'school admin': () => [['admin', seedOrg('school'), 'School']],
  'school mentor': () => [['mentor', seedOrg('school'), 'School']],
  'school student': () => [['student', seedOrg('school'), 'School']],
  'provider admin': () => [['admin', seedOrg('provider'), 'Provider']],
  'nonprofit admin': () => [['admin', seedOrg('nonprofit'), 'NonProfit']],
  volunteer: () => [['volunteer', seedOrg('nonprofit'), 'NonProfit']],
  'admin of a pending school': () => [['admin', pendingSchool, 'School']],
};

/** Organizations an action is tried on; made fresh per case, since the action may change them. */
const TARGETS: Record<string, (who: string) => Promise<TOrganizationFacts>> = {
  'own organization': async (who) => actors.get(who)!.current!,
  'approved provider': async () => fresh('Provider', 'approved'),
  'pending provider': async () => fresh('Provider', 'pending'),
  'approved nonprofit': async () => fresh('NonProfit', 'approved'),
  'approved school': async () => fresh('School', 'approved'),
  'approved volunteer center': async () => fresh('VolunteerCenter', 'approved'),
};

async function fresh(type: TOrganizationType, status: TOrganizationStatus): Promise<TOrganizationFacts> {
  return { id: await makeOrganization(h, { type, status }), type, status };
}

const unique = () => randomUUID().slice(0, 8);
const body = (type: string, attributes: object, id?: string) => ({
  data: { type, ...(id ? { id } : {}), attributes },
});

beforeAll(async () => {
  h = await harness();
  pendingSchool = await makeOrganization(h, { type: 'School', status: 'pending' });
  for (const [who, roles] of Object.entries(ROLES)) {
    const user = await userWith(h, roles());
    // What the admin knows of its selected organization: the current_organizations answer.
    const res = await call(h.app, { url: '/api/v1/current_organizations', headers: user.as() });
    expect(res.statusCode, res.body).toBe(200);
    const selected = (
      res.json().data as { id: string; type: TOrganizationType; attributes: { status: string } }[]
    ).find((o) => o.id === user.roles[0]!.organizationId)!;
    const current = {
      id: selected.id,
      type: selected.type,
      status: selected.attributes.status as TOrganizationStatus,
    };
    const refs = user.roles.map((r) => ({
      name: r.name,
      resourceType: r.type,
      resourceId: r.organizationId,
    }));
    actors.set(who, {
      user,
      current,
      actor: {
        permissions: derivePermissions(refs, { id: current.id, type: current.type }),
        organizationId: current.id,
      },
    });
  }
});
afterAll(async () => h?.close());

/** The server's answer: allowed (2xx) or refused (403, or 404 where the caller may not see it). */
function allowed(res: LightMyRequestResponse, key: string): boolean {
  expect([200, 201, 204, 403, 404], `${key}: ${res.body}`).toContain(res.statusCode);
  return res.statusCode < 300;
}

function expectSameAnswers(rule: Record<string, boolean>, server: Record<string, boolean>) {
  expect(rule).toEqual(server);
  // Not vacuous: each action is both allowed and refused somewhere.
  expect(Object.values(server)).toContain(true);
  expect(Object.values(server)).toContain(false);
}

describe('organizations', () => {
  const ACTIONS = {
    edit: {
      rule: organizationRules.editProfile,
      request: (t: TOrganizationFacts) => ({
        method: 'PUT' as const,
        url: `/api/v1/organizations/${t.id}`,
        payload: body(t.type, { phone: `030-${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` }),
      }),
    },
    changeStatus: {
      rule: organizationRules.changeStatus,
      request: (t: TOrganizationFacts) =>
        t.status === 'pending'
          ? {
              method: 'PUT' as const,
              url: `/api/v1/organizations/${t.id}/approve`,
              payload: body(t.type, { status: 'approved' }, t.id),
            }
          : {
              method: 'PUT' as const,
              url: `/api/v1/organizations/${t.id}`,
              payload: body(t.type, { status: 'archived' }, t.id),
            },
    },
    delete: {
      rule: organizationRules.destroy,
      request: (t: TOrganizationFacts) => ({
        method: 'DELETE' as const,
        url: `/api/v1/organizations/${t.id}`,
      }),
    },
  };

  it.each(Object.keys(ACTIONS))('%s: the rule the admin asks answers as the server does', async (name) => {
    const action = ACTIONS[name as keyof typeof ACTIONS];
    const rule: Record<string, boolean> = {};
    const server: Record<string, boolean> = {};
    for (const [who, { user, actor, current }] of actors) {
      for (const [targetName, make] of Object.entries(TARGETS)) {
        // The own organization is only edited: changing its status or deleting it would spoil later cases.
        if (targetName === 'own organization' && name !== 'edit') continue;
        const target = await make(who);
        const key = `${who} → ${targetName}`;
        // The admin offers the action only on an organization it can show.
        const shown = await call(h.app, { url: `/api/v1/organizations/${target.id}`, headers: user.as() });
        rule[key] = shown.statusCode === 200 && action.rule(actor, { current, target });
        server[key] = allowed(await call(h.app, { ...action.request(target), headers: user.as() }), key);
      }
    }
    expectSameAnswers(rule, server);
  });

  it.each(['Provider', 'NonProfit', 'School', 'VolunteerCenter'] as const)(
    'create a %s: the rule answers as the server does',
    async (type) => {
      const rule: Record<string, boolean> = {};
      const server: Record<string, boolean> = {};
      for (const [who, { user, actor, current }] of actors) {
        rule[who] = organizationRules.create(actor, { current, type });
        const res = await call(h.app, {
          method: 'POST',
          url: '/api/v1/organizations',
          headers: user.as(),
          payload: body(type, { name: `${type} ${unique()}` }),
        });
        server[who] = allowed(res, who);
      }
      // Creating a School or a VolunteerCenter is the platform operators' alone; still someone may.
      expect(rule).toEqual(server);
      expect(Object.values(server)).toContain(true);
      expect(Object.values(server)).toContain(false);
    },
  );
});

describe('school data', () => {
  /** A record of the school, made by its admin for each case. */
  const recordOf = async (path: string, type: string) => {
    const res = await call(h.app, {
      method: 'POST',
      url: path,
      headers: actors.get('school admin')!.user.as(),
      payload: body(type, { name: unique() }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };

  it.each([
    ['/api/v1/groups', 'group'],
    ['/api/v1/levels', 'level'],
    ['/api/v1/tags', 'tag'],
  ])('%s create, edit, delete: managesSchool answers as the server does', async (path, type) => {
    const rule: Record<string, boolean> = {};
    const server: Record<string, boolean> = {};
    for (const [who, { user, actor, current }] of actors) {
      // Create: on the caller's own (current) school. Edit and delete: a record of the seed school.
      rule[`${who} creates`] = managesSchool(actor.permissions, { current, schoolId: current?.id ?? '' });
      server[`${who} creates`] = allowed(
        await call(h.app, {
          method: 'POST',
          url: path,
          headers: user.as(),
          payload: body(type, { name: unique() }),
        }),
        `${who} creates`,
      );
      const onSchool = managesSchool(actor.permissions, { current, schoolId: seedOrg('school') });
      const edited = await recordOf(path, type);
      rule[`${who} edits`] = onSchool;
      server[`${who} edits`] = allowed(
        await call(h.app, {
          method: 'PATCH',
          url: `${path}/${edited}`,
          headers: user.as(),
          payload: body(type, { name: unique() }, edited),
        }),
        `${who} edits`,
      );
      const deleted = await recordOf(path, type);
      rule[`${who} deletes`] = onSchool;
      server[`${who} deletes`] = allowed(
        await call(h.app, { method: 'DELETE', url: `${path}/${deleted}`, headers: user.as() }),
        `${who} deletes`,
      );
    }
    expectSameAnswers(rule, server);
  });

  it('/api/v1/mentorships create and delete: mentorshipRules answers as the server does', async () => {
    const admin = actors.get('school admin')!.user;
    const mentor = actors.get('school mentor')!.user;
    const student = () => userWith(h, [['student', seedOrg('school'), 'School']]);
    const mentorship = async (as: TUser) => {
      const res = await call(h.app, {
        method: 'POST',
        url: '/api/v1/mentorships',
        headers: as.as(),
        payload: body('mentorship', { mentor_id: mentor.id, student_id: (await student()).id }),
      });
      return res;
    };
    const rule: Record<string, boolean> = {};
    const server: Record<string, boolean> = {};
    for (const [who, { user, actor, current }] of actors) {
      // Create on the caller's current school, for the school's mentor (the mentor: their own).
      rule[`${who} creates`] = mentorshipRules.add(actor.permissions, user.id, {
        current,
        schoolId: current?.id ?? '',
        mentorId: mentor.id,
      });
      server[`${who} creates`] = allowed(await mentorship(user), `${who} creates`);
      // Delete one of the seed school's mentor's mentorships, made by the school's admin.
      const made = await mentorship(admin);
      expect(made.statusCode, made.body).toBe(201);
      rule[`${who} deletes`] = mentorshipRules.remove(actor.permissions, user.id, {
        current,
        schoolId: seedOrg('school'),
        mentorId: mentor.id,
      });
      server[`${who} deletes`] = allowed(
        await call(h.app, {
          method: 'DELETE',
          url: `/api/v1/mentorships/${made.json().data.id as string}`,
          headers: user.as(),
        }),
        `${who} deletes`,
      );
    }
    expectSameAnswers(rule, server);
  });
});
