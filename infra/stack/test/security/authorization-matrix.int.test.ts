import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { derivePermissions } from '@stageplein/contracts/identity/permissions';
import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import {
  administers,
  roleFactsOf,
  userRules,
  userTarget,
  type TUserActor,
  type TUserTarget,
} from '@stageplein/contracts/identity/users-policy';
import {
  editableFields,
  readsInternship,
  type TInternshipFacts,
  type TInternshipViewer,
} from '@stageplein/contracts/placements/internship-policy';
import { INTERNSHIP_FIELDS, type TInternshipField } from '@stageplein/contracts/placements/internships';
import { getTenant } from '@stageplein/contracts/tenants/tenant-registry';
import { seedInternshipId } from '@stageplein/placements/internships/internships.seed';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';
import { at, eventually, next, ownershipCalls, type THeaders } from './ownership-helpers.ts';

/**
 * Issue #12, the full matrix: every users / roles / impersonation endpoint × every demo role (School
 * admin, platform operator, mentor, student, Provider admin, admin of a pending organization,
 * anonymous) × a user of the caller's own organization, of another organization, of another tenant.
 * The expected answer of each cell is computed from the contracts policy (users-policy.ts, the rules
 * the admin's buttons show) and the ownership relation, and compared with the real product. Issue #31
 * added the internship fields per caller (at the end).
 */
const T = 'demo';
const ORG = {
  school: seedOrganizationId(T, 'school'),
  center: seedOrganizationId(T, 'volunteer-center'),
  provider: seedOrganizationId(T, 'provider'),
  nonprofit: seedOrganizationId(T, 'nonprofit'),
  foreignSchool: seedOrganizationId('raayland', 'school'),
};

interface TOrg {
  id: string;
  type: TOrganizationType;
  status: string;
  tenant: string;
}
type TRoles = [string, TOrganizationType, string][];

interface TActor {
  name: string;
  headers: THeaders;
  userId: string;
  roles: TRoles;
  current: TOrg;
}

interface TTargetSpec {
  tenant: string;
  roles: TRoles;
}

/** The users acted on (one fresh user per call: calls change and delete them). */
const TARGETS: Record<string, TTargetSpec> = {
  'student of the School': { tenant: T, roles: [['student', 'School', ORG.school]] },
  'mentor of the School': { tenant: T, roles: [['mentor', 'School', ORG.school]] },
  'mentor of the Provider': { tenant: T, roles: [['mentor', 'Provider', ORG.provider]] },
  'volunteer of the NonProfit and the VolunteerCenter': {
    tenant: T,
    roles: [
      ['volunteer', 'NonProfit', ORG.nonprofit],
      ['volunteer', 'VolunteerCenter', ORG.center],
    ],
  },
  'student of the School, admin of the NonProfit': {
    tenant: T,
    roles: [
      ['student', 'School', ORG.school],
      ['admin', 'NonProfit', ORG.nonprofit],
    ],
  },
  'student of another tenant': { tenant: 'raayland', roles: [['student', 'School', ORG.foreignSchool]] },
};

let product: TTestProduct;
let app: FastifyInstance;
let calls: ReturnType<typeof ownershipCalls>;
const organizations = new Map<string, TOrg>();
const actors: (TActor | 'anonymous')[] = [];

const refs = (roles: TRoles) =>
  roles.map(([name, resourceType, resourceId]) => ({ name, resourceType, resourceId }));

function actorFacts(a: TActor): TUserActor {
  return {
    userId: a.userId,
    organizationId: a.current.id,
    permissions: derivePermissions(refs(a.roles), { id: a.current.id, type: a.current.type }),
    impersonating: false,
    organizationStatus: a.current.status,
  };
}

function targetFacts(a: TActor, id: string, spec: TTargetSpec, status = 'active'): TUserTarget {
  return userTarget(a.current.id, { id, status, roles: refs(spec.roles), ...roleFactsOf(refs(spec.roles)) });
}

/** A fresh user straight in the database (a fixture, not the code under test). */
async function createTarget(spec: TTargetSpec, status: string): Promise<string> {
  return calls.withOwner(async (owner) => {
    const { rows } = await sql<{ id: string }>`insert into identity.users
      (tenant_id, email, first_name, last_name, status, created_at, updated_at)
      values (${spec.tenant}, ${`target-${next()}@${spec.tenant}.test`}, 'Doel', 'Wit', ${status}, now(), now())
      returning id`.execute(owner);
    const id = rows[0]!.id;
    for (const [name, type, resourceId] of spec.roles) {
      await sql`insert into identity.roles (tenant_id, user_id, name, resource_type, resource_id, created_at)
        values (${spec.tenant}, ${id}, ${name}, ${type}, ${resourceId}, now())`.execute(owner);
    }
    return id;
  });
}

beforeAll(async () => {
  product = await testProduct({ seed: true });
  app = product.app;
  calls = ownershipCalls(product);
  const approved = (id: string, type: TOrganizationType, tenant = T): TOrg => ({
    id,
    type,
    status: 'approved',
    tenant,
  });
  for (const o of [
    approved(ORG.school, 'School'),
    approved(ORG.center, 'VolunteerCenter'),
    approved(ORG.provider, 'Provider'),
    approved(ORG.nonprofit, 'NonProfit'),
    approved(ORG.foreignSchool, 'School', 'raayland'),
  ])
    organizations.set(o.id, o);
  const eve = await calls.pendingOrganizationAdmin('NonProfit');
  const pending: TOrg = { id: eve.organizationId, type: 'NonProfit', status: 'pending', tenant: T };
  organizations.set(pending.id, pending);

  const demo = async (name: string, email: string, roles: TRoles, current: string): Promise<TActor> => {
    const headers = at(await calls.signIn(email), current);
    return { name, headers, userId: await calls.idOf(headers), roles, current: organizations.get(current)! };
  };
  const admin: TRoles = [
    ['admin', 'School', ORG.school],
    ['admin', 'VolunteerCenter', ORG.center],
  ];
  actors.push(
    await demo('School admin', 'admin@demo.test', admin, ORG.school),
    await demo('platform operator (VolunteerCenter admin)', 'admin@demo.test', admin, ORG.center),
    await demo('mentor', 'mentor@demo.test', [['mentor', 'School', ORG.school]], ORG.school),
    await demo('student', 'student@demo.test', [['student', 'School', ORG.school]], ORG.school),
    await demo(
      'Provider admin (bedrijf)',
      'bedrijf@demo.test',
      [['admin', 'Provider', ORG.provider]],
      ORG.provider,
    ),
    {
      name: 'admin of a pending organization',
      headers: eve.headers,
      userId: await calls.idOf(eve.headers),
      roles: [['admin', 'NonProfit', pending.id]],
      current: pending,
    },
    'anonymous',
  );
}, 120_000);
afterAll(async () => product?.close());

interface TTargetCase {
  name: string;
  /** Status of the fresh target (resend needs invited users). */
  status?: string;
  /** The rule's answer for an existing target of the caller's tenant. */
  rule(a: TUserActor, t: TUserTarget, spec: TTargetSpec, actor: TActor): boolean;
  /** What an allowed call answers (remove_role: 404 when the role is not there to take). */
  ok?(spec: TTargetSpec, actor: TActor): number;
  call(headers: THeaders, id: string, actor: TActor | undefined): Promise<LightMyRequestResponse>;
}

const roleHere = (spec: TTargetSpec, actor: TActor) =>
  spec.roles.find(([, , id]) => id === actor.current.id)?.[0];

const TARGET_CASES: TTargetCase[] = [
  {
    name: 'GET /api/v1/users/{id}',
    rule: (a, t) => userRules.show(a, t),
    call: (headers, id) => app.inject({ url: `/api/v1/users/${id}?include=roles,organizations`, headers }),
  },
  {
    name: 'PATCH /api/v1/users/{id}',
    rule: (a, t) => userRules.update(a, t),
    call: (headers, id) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${id}`,
        headers,
        payload: { data: { type: 'user', attributes: { first_name: 'Veranderd' } } },
      }),
  },
  {
    name: 'DELETE /api/v1/users/{id}',
    rule: (a, t) => userRules.destroy(a, t),
    call: (headers, id) => app.inject({ method: 'DELETE', url: `/api/v1/users/${id}`, headers }),
  },
  {
    name: 'PUT /api/v1/users/{id}/add_role',
    rule: (a, t, _s, actor) => userRules.addRole(a, t, { resourceId: actor.current.id }),
    call: (headers, id) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/users/${id}/add_role`,
        headers,
        payload: { role: { name: 'volunteer' } },
      }),
  },
  {
    name: 'DELETE /api/v1/users/{id}/remove_role',
    rule: (a, _t, spec, actor) =>
      userRules.removeRole(a, {
        targetId: 'someone else',
        name: roleHere(spec, actor) ?? 'student',
        resourceId: actor.current.id,
      }),
    ok: (spec, actor) => (roleHere(spec, actor) ? 200 : 404),
    call: (headers, id, actor) =>
      app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${id}/remove_role`,
        headers,
        payload: {
          role: {
            name: (actor && TARGET_ROLE.get(id)?.find(([, , o]) => o === actor.current.id)?.[0]) ?? 'student',
          },
        },
      }),
  },
  {
    name: 'POST /api/v1/users/{id}/resend_confirmation_instructions',
    status: 'invited',
    rule: (a, t) => userRules.resendConfirmation(a, t),
    call: (headers, id) =>
      app.inject({ method: 'POST', url: `/api/v1/users/${id}/resend_confirmation_instructions`, headers }),
  },
  {
    name: 'POST /api/v1/sign_in_as_user',
    rule: (a, t) => userRules.impersonate(a, t),
    call: (headers, id) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/sign_in_as_user',
        headers,
        payload: { data: { type: 'user', attributes: { user_id: id } } },
      }),
  },
];

/** The roles each fresh target was made with (remove_role names the one on the caller's organization). */
const TARGET_ROLE = new Map<string, TRoles>();

const anonymousHeaders = { 'x-tenant': T, 'x-current-organization-id': ORG.school };
const nameOf = (a: TActor | 'anonymous') => (a === 'anonymous' ? 'anonymous' : a.name);

describe.each(TARGET_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
  it('answers every caller × user as the contracts policy and ownership say', async () => {
    const expected: Record<string, number> = {};
    const actual: Record<string, number> = {};
    for (const actor of actors) {
      for (const [targetName, spec] of Object.entries(TARGETS)) {
        const status = c.status ?? 'active';
        const id = await createTarget(spec, status);
        TARGET_ROLE.set(id, spec.roles);
        const key = `${nameOf(actor)} → ${targetName}`;
        if (actor === 'anonymous') {
          expected[key] = 401;
        } else if (spec.tenant !== T) {
          // Another tenant's users do not exist here.
          expected[key] = 404;
        } else {
          const a = actorFacts(actor);
          expected[key] = c.rule(a, targetFacts(actor, id, spec, status), spec, actor)
            ? (c.ok?.(spec, actor) ?? 200)
            : 403;
        }
        const res = await c.call(
          actor === 'anonymous' ? anonymousHeaders : actor.headers,
          id,
          actor === 'anonymous' ? undefined : actor,
        );
        actual[key] = res.statusCode;
      }
    }
    expect(actual).toEqual(expected);
    // Not vacuous: every endpoint is allowed somewhere and refused somewhere.
    expect(Object.values(actual)).toContain(200);
    expect(Object.values(actual)).toContain(403);
  });
});

describe('GET /api/v1/users and POST /api/v1/users per organization', () => {
  const organizationList = () => [...organizations.values()];

  it('lists users of an organization as the contracts policy says (own list, moderators’ admin list)', async () => {
    const expected: Record<string, number> = {};
    const actual: Record<string, number> = {};
    for (const actor of actors) {
      for (const o of organizationList()) {
        const key = `${nameOf(actor)} → admins of ${o.type} ${o.status} ${o.tenant}`;
        if (actor === 'anonymous') expected[key] = 401;
        else {
          const a = actorFacts(actor);
          const allowed =
            o.id === actor.current.id
              ? userRules.list(a)
              : o.tenant === T &&
                userRules.listAdminsOf(a, {
                  current: {
                    id: actor.current.id,
                    type: actor.current.type,
                    status: actor.current.status as 'approved',
                  },
                  target: { id: o.id, type: o.type },
                });
          expected[key] = allowed ? 200 : 403;
        }
        const res = await app.inject({
          url: `/api/v1/users?filter[organization_id_eq]=${o.id}&filter[with_role]=admin`,
          headers: actor === 'anonymous' ? anonymousHeaders : actor.headers,
        });
        actual[key] = res.statusCode;
      }
    }
    expect(actual).toEqual(expected);
    expect(Object.values(actual)).toContain(200);
    expect(Object.values(actual)).toContain(403);
  });

  it('invites into an organization only for a caller who administers it (organization_id)', async () => {
    const expected: Record<string, number> = {};
    const actual: Record<string, number> = {};
    for (const actor of actors) {
      for (const o of organizationList()) {
        const key = `${nameOf(actor)} → into ${o.type} ${o.status} ${o.tenant}`;
        if (actor === 'anonymous') expected[key] = 401;
        else {
          const permissions = derivePermissions(refs(actor.roles), { id: o.id, type: o.type });
          const allowed = administers({
            ...actorFacts(actor),
            organizationId: o.id,
            permissions,
            organizationStatus: o.status,
          });
          expected[key] = allowed ? 201 : 403;
        }
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/users',
          headers: actor === 'anonymous' ? anonymousHeaders : actor.headers,
          payload: {
            data: { type: 'user', attributes: { email: `nieuw-${next()}@demo.test`, organization_id: o.id } },
          },
        });
        actual[key] = res.statusCode;
      }
    }
    expect(actual).toEqual(expected);
    expect(Object.values(actual)).toContain(201);
    expect(Object.values(actual)).toContain(403);
  });
});

/**
 * Issue #31 item 3: who may change which field of an internship. Every caller × the demo student's
 * seeded internships (active, applied, submitted self-found, completed) × every field of `PATCH
 * /api/v1/internships/{id}`; the expected answer of each cell comes from contracts' field rules
 * (`editableFields`, the rule the edit screen shows): 200 allowed, 403 a party the rule does not
 * name, 404 no party (not revealed), 401 signed out.
 */
describe('PATCH /api/v1/internships/{id} per field', () => {
  const SEEDED = { active: 0, applied: 1, completed: 3, 'submitted self-found': 5 } as const;
  /** A valid value per field (no reference to check, so an allowed change is a 200). */
  const VALUES: Record<TInternshipField, unknown> = {
    title: 'Veranderde titel',
    description: 'Veranderde omschrijving',
    motivation: 'Ik wil graag leren',
    start_date: null,
    end_date: null,
    internship_period_id: null,
    organization_name: 'Bakkerij Jansen',
    contact_name: 'Jan Jansen',
    contact_email: 'jan@bakkerij.test',
    contact_phone_number: '0612345678',
    contact_person_id: null,
    supervisor_id: null,
    supervisor_name: 'Petra Praktijk',
    supervisor_email: 'petra@zorgboerderij.test',
    hours: 0,
    hours_supervisor: 500,
    updating_hours_allowed: true,
  };

  it('answers every caller × internship × field as contracts’ field rules say', async () => {
    const facts = new Map<string, TInternshipFacts>();
    await calls.withOwner(async (owner) => {
      for (const n of Object.values(SEEDED)) {
        const id = seedInternshipId(T, n);
        // Updating hours allowed: the state in which a student could once type their required hours.
        await sql`update placements.internships set updating_hours_allowed = true where id = ${id}`.execute(
          owner,
        );
        const { rows } = await sql<{
          student_id: string;
          school_id: string;
          organization_id: string | null;
          status: TInternshipFacts['status'];
          self_found: boolean;
        }>`select student_id, school_id, organization_id, status, self_found
           from placements.internships where id = ${id}`.execute(owner);
        const r = rows[0]!;
        facts.set(id, {
          studentId: r.student_id,
          schoolId: r.school_id,
          organizationId: r.organization_id,
          status: r.status,
          selfFound: r.self_found,
        });
      }
    });
    // Mentorships as placements knows them (the demo mentor mentors the demo student, once delivered).
    const mentorships = new Set<string>();
    await eventually(async () => {
      const { rows } = await calls.withOwner((owner) =>
        sql<{ mentor_id: string; student_id: string; school_id: string }>`
          select mentor_id, student_id, school_id from placements.mentorships
          where tenant_id = ${T} and not removed`.execute(owner),
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) mentorships.add(`${r.mentor_id}|${r.student_id}|${r.school_id}`);
    }, 15_000);
    const features = getTenant(T)!.features;
    const expected: Record<string, number> = {};
    const actual: Record<string, number> = {};
    for (const actor of actors) {
      for (const [state, n] of Object.entries(SEEDED)) {
        const id = seedInternshipId(T, n);
        const f = facts.get(id)!;
        for (const field of INTERNSHIP_FIELDS) {
          const key = `${nameOf(actor)} → ${state} → ${field}`;
          if (actor === 'anonymous') expected[key] = 401;
          else {
            const viewer = {
              userId: actor.userId,
              permissions: actorFacts(actor).permissions,
              current: { id: actor.current.id, type: actor.current.type, status: actor.current.status },
              mentorsStudent: mentorships.has(`${actor.userId}|${f.studentId}|${f.schoolId}`),
            } as TInternshipViewer;
            expected[key] = !readsInternship(viewer, f)
              ? 404
              : editableFields(viewer, f, features).includes(field)
                ? 200
                : 403;
          }
          const res = await app.inject({
            method: 'PATCH',
            url: `/api/v1/internships/${id}`,
            headers: actor === 'anonymous' ? anonymousHeaders : actor.headers,
            payload: { data: { type: 'internship', attributes: { [field]: VALUES[field] } } },
          });
          actual[key] = res.statusCode;
          if (res.statusCode === 403)
            expect(res.json().errors[0].code, key).toBe('internship_field_not_editable');
        }
      }
    }
    expect(actual).toEqual(expected);
    // The reproductions: a student lowered their required hours to 0 (their sheet showed 100 %), the
    // organization typed 500 confirmed hours; the school sets the required hours, nobody the confirmed.
    expect(actual['student → active → hours']).toBe(403);
    expect(actual['Provider admin (bedrijf) → active → hours_supervisor']).toBe(403);
    expect(actual['School admin → active → hours_supervisor']).toBe(403);
    expect(actual['School admin → active → hours']).toBe(200);
    expect(actual['student → submitted self-found → organization_name']).toBe(200);
    expect(actual['mentor → active → title']).toBe(403);
    expect(Object.values(actual)).toContain(404);
  });
});
