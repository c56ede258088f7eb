import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call, harness, makeOrganization, seedOrg, userWith, type THarness, type TUser } from './harness.ts';

/**
 * Spec §6 enforced per resource and action: every operation of the service, the users allowed to do
 * it (each one an allowed control) and those who are not, with the answer they get (401 without
 * credentials, 404 where the subject is not theirs to see, 403 otherwise).
 */
let h: THarness;
const U: Record<string, TUser> = {};
let pendingSchool: string;
let otherSchool: string;

beforeAll(async () => {
  h = await harness();
  pendingSchool = await makeOrganization(h, { type: 'School', status: 'pending' });
  otherSchool = await makeOrganization(h, { type: 'School', status: 'approved' });
  const roles: Record<string, Parameters<typeof userWith>[1]> = {
    centerAdmin: [['admin', seedOrg('volunteer-center'), 'VolunteerCenter']],
    schoolAdmin: [['admin', seedOrg('school'), 'School']],
    mentor: [['mentor', seedOrg('school'), 'School']],
    otherMentor: [['mentor', seedOrg('school'), 'School']],
    student: [['student', seedOrg('school'), 'School']],
    providerAdmin: [['admin', seedOrg('provider'), 'Provider']],
    volunteer: [['volunteer', seedOrg('nonprofit'), 'NonProfit']],
    nonprofitAdmin: [['admin', seedOrg('nonprofit'), 'NonProfit']],
    pendingAdmin: [['admin', pendingSchool, 'School']],
    otherSchoolAdmin: [['admin', otherSchool, 'School']],
  };
  for (const [name, r] of Object.entries(roles)) U[name] = await userWith(h, r);
});
afterAll(async () => h?.close());

type TRequest = { method: string; url: string; payload?: object };
interface TCase {
  operation: string;
  /** Builds a fresh request (and its subject) for each caller, so one call never spoils the next. */
  request(): Promise<TRequest>;
  allowed: string[];
  denied: [string, number][];
}

const studentAtSchool = async () => (await userWith(h, [['student', seedOrg('school'), 'School']])).id;
const provider = (status: string) => makeOrganization(h, { type: 'Provider', status });
const body = (type: string, attributes: object, id?: string) => ({
  data: { type, ...(id ? { id } : {}), attributes },
});
const created = async (path: string, type: string, attributes: object) => {
  const res = await call(h.app, {
    method: 'POST',
    url: path,
    headers: U.schoolAdmin!.as(),
    payload: body(type, attributes),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
};
const unique = () => randomUUID().slice(0, 8);
/** A fresh compliance document of the demo Provider, added by its admin. */
const providerDocument = async () => {
  const res = await call(h.app, {
    method: 'POST',
    url: '/api/v1/compliance_documents',
    headers: U.providerAdmin!.as(),
    payload: body('compliance_document', { kind: 'code_of_conduct', issued_on: '2026-01-01' }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
};

const CASES: TCase[] = [
  {
    operation: 'GET /api/v1/organizations/{id} (pending)',
    request: async () => ({ method: 'GET', url: `/api/v1/organizations/${await provider('pending')}` }),
    allowed: ['centerAdmin', 'schoolAdmin'],
    denied: [
      ['anonymous', 404],
      ['providerAdmin', 404],
      ['student', 404],
      ['pendingAdmin', 404],
    ],
  },
  {
    operation: 'POST /api/v1/organizations',
    request: async () => ({
      method: 'POST',
      url: '/api/v1/organizations',
      payload: body('Provider', { name: `Bedrijf ${unique()}` }),
    }),
    allowed: ['centerAdmin', 'schoolAdmin'],
    denied: [
      ['anonymous', 401],
      ['mentor', 403],
      ['student', 403],
      ['providerAdmin', 403],
      ['volunteer', 403],
      ['pendingAdmin', 403],
    ],
  },
  {
    operation: 'PUT /api/v1/organizations/{id} (profile)',
    request: async () => ({
      method: 'PUT',
      url: `/api/v1/organizations/${seedOrg('nonprofit')}`,
      payload: body('NonProfit', {
        phone: `030-${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      }),
    }),
    allowed: ['nonprofitAdmin', 'centerAdmin', 'schoolAdmin'],
    denied: [
      ['anonymous', 401],
      ['volunteer', 403],
      ['providerAdmin', 403],
      ['mentor', 403],
      ['pendingAdmin', 403],
    ],
  },
  {
    operation: 'PUT /api/v1/organizations/{id} (status)',
    request: async () => {
      const id = await provider('approved');
      return {
        method: 'PUT',
        url: `/api/v1/organizations/${id}`,
        payload: body('Provider', { status: 'archived' }, id),
      };
    },
    allowed: ['centerAdmin', 'schoolAdmin'],
    denied: [
      ['anonymous', 401],
      ['providerAdmin', 403],
      ['mentor', 403],
      ['student', 403],
    ],
  },
  {
    operation: 'PUT /api/v1/organizations/{id}/approve',
    request: async () => {
      const id = await provider('pending');
      return {
        method: 'PUT',
        url: `/api/v1/organizations/${id}/approve`,
        payload: body('Provider', { status: 'approved' }, id),
      };
    },
    allowed: ['centerAdmin', 'schoolAdmin'],
    denied: [
      ['anonymous', 401],
      ['providerAdmin', 404],
      ['mentor', 404],
      ['student', 404],
      ['pendingAdmin', 404],
    ],
  },
  {
    operation: 'DELETE /api/v1/organizations/{id}',
    request: async () => ({ method: 'DELETE', url: `/api/v1/organizations/${await provider('approved')}` }),
    allowed: ['centerAdmin'],
    denied: [
      ['anonymous', 401],
      ['schoolAdmin', 403],
      ['providerAdmin', 403],
      ['mentor', 403],
    ],
  },
  {
    operation: 'GET /api/v1/current_organizations',
    request: async () => ({ method: 'GET', url: '/api/v1/current_organizations' }),
    allowed: ['student', 'volunteer', 'pendingAdmin'],
    denied: [['anonymous', 401]],
  },
  {
    operation: 'GET /api/v1/groups',
    request: async () => ({ method: 'GET', url: '/api/v1/groups' }),
    allowed: ['schoolAdmin', 'mentor', 'student'],
    denied: [
      ['anonymous', 401],
      ['centerAdmin', 403],
      ['providerAdmin', 403],
      ['volunteer', 403],
    ],
  },
  {
    operation: 'GET /api/v1/groups/{id}',
    request: async () => ({
      method: 'GET',
      url: `/api/v1/groups/${await created('/api/v1/groups', 'group', { name: unique() })}`,
    }),
    allowed: ['schoolAdmin', 'mentor'],
    denied: [
      ['anonymous', 401],
      ['student', 403],
      ['otherSchoolAdmin', 403],
      ['centerAdmin', 403],
    ],
  },
  {
    operation: 'POST /api/v1/groups',
    request: async () => ({
      method: 'POST',
      url: '/api/v1/groups',
      payload: body('group', { name: unique() }),
    }),
    allowed: ['schoolAdmin', 'otherSchoolAdmin'],
    denied: [
      ['anonymous', 401],
      ['mentor', 403],
      ['student', 403],
      ['centerAdmin', 403],
      ['providerAdmin', 403],
      ['pendingAdmin', 403],
    ],
  },
  {
    operation: 'PATCH /api/v1/groups/{id}',
    request: async () => {
      const id = await created('/api/v1/groups', 'group', { name: unique() });
      return {
        method: 'PATCH',
        url: `/api/v1/groups/${id}`,
        payload: body('group', { description: 'x' }, id),
      };
    },
    allowed: ['schoolAdmin'],
    denied: [
      ['anonymous', 401],
      ['mentor', 403],
      ['otherSchoolAdmin', 403],
      ['centerAdmin', 403],
    ],
  },
  {
    operation: 'DELETE /api/v1/groups/{id}',
    request: async () => ({
      method: 'DELETE',
      url: `/api/v1/groups/${await created('/api/v1/groups', 'group', { name: unique() })}`,
    }),
    allowed: ['schoolAdmin'],
    denied: [
      ['anonymous', 401],
      ['mentor', 403],
      ['student', 403],
      ['otherSchoolAdmin', 403],
    ],
  },
  {
    operation: 'PUT /api/v1/students/{id}/assign_group',
    request: async () => {
      const group = await created('/api/v1/groups', 'group', { name: unique() });
      return {
        method: 'PUT',
        url: `/api/v1/students/${await studentAtSchool()}/assign_group`,
        payload: { group_id: group },
      };
    },
    allowed: ['schoolAdmin'],
    denied: [
      ['anonymous', 401],
      ['mentor', 403],
      ['student', 403],
      ['centerAdmin', 403],
      ['otherSchoolAdmin', 422],
    ],
  },
  ...(['levels', 'tags'] as const).flatMap((kind): TCase[] => {
    const type = kind.slice(0, -1);
    return [
      {
        operation: `GET /api/v1/${kind}`,
        request: async () => ({ method: 'GET', url: `/api/v1/${kind}` }),
        allowed: ['student', 'providerAdmin', 'volunteer'],
        denied: [['anonymous', 401]],
      },
      {
        operation: `POST /api/v1/${kind}`,
        request: async () => ({
          method: 'POST',
          url: `/api/v1/${kind}`,
          payload: body(type, { name: unique() }),
        }),
        allowed: ['schoolAdmin', 'otherSchoolAdmin'],
        denied: [
          ['anonymous', 401],
          ['mentor', 403],
          ['student', 403],
          ['providerAdmin', 403],
          ['centerAdmin', 403],
          ['pendingAdmin', 403],
        ],
      },
      {
        operation: `PATCH /api/v1/${kind}/{id}`,
        request: async () => {
          const id = await created(`/api/v1/${kind}`, type, { name: unique() });
          return {
            method: 'PATCH',
            url: `/api/v1/${kind}/${id}`,
            payload: body(type, { name: unique() }, id),
          };
        },
        allowed: ['schoolAdmin'],
        denied: [
          ['anonymous', 401],
          ['mentor', 403],
          ['otherSchoolAdmin', 403],
          ['centerAdmin', 403],
        ],
      },
      {
        operation: `DELETE /api/v1/${kind}/{id}`,
        request: async () => ({
          method: 'DELETE',
          url: `/api/v1/${kind}/${await created(`/api/v1/${kind}`, type, { name: unique() })}`,
        }),
        allowed: ['schoolAdmin'],
        denied: [
          ['anonymous', 401],
          ['student', 403],
          ['otherSchoolAdmin', 403],
        ],
      },
    ];
  }),
  {
    operation: 'GET /api/v1/internship_periods',
    request: async () => ({ method: 'GET', url: '/api/v1/internship_periods' }),
    allowed: ['student', 'providerAdmin', 'volunteer', 'centerAdmin'],
    denied: [['anonymous', 401]],
  },
  {
    operation: 'GET /api/v1/internship_periods/current',
    request: async () => ({ method: 'GET', url: '/api/v1/internship_periods/current' }),
    allowed: ['student', 'providerAdmin'],
    denied: [['anonymous', 401]],
  },
  {
    operation: 'GET /api/v1/internship_periods/{id} (archived)',
    request: async () => {
      const id = await created('/api/v1/internship_periods', 'internship_period', {
        name: unique(),
        start_date: '2027-03-01',
        end_date: '2027-03-31',
        status: 'archived',
      });
      return { method: 'GET', url: `/api/v1/internship_periods/${id}` };
    },
    allowed: ['schoolAdmin', 'student', 'mentor'],
    denied: [
      ['anonymous', 401],
      ['providerAdmin', 404],
      ['otherSchoolAdmin', 404],
    ],
  },
  {
    operation: 'POST /api/v1/internship_periods',
    request: async () => ({
      method: 'POST',
      url: '/api/v1/internship_periods',
      payload: body('internship_period', {
        name: unique(),
        start_date: '2027-03-01',
        end_date: '2027-03-31',
      }),
    }),
    allowed: ['schoolAdmin', 'otherSchoolAdmin'],
    denied: [
      ['anonymous', 401],
      ['mentor', 403],
      ['student', 403],
      ['centerAdmin', 403],
      ['providerAdmin', 403],
      ['pendingAdmin', 403],
    ],
  },
  {
    operation: 'PATCH /api/v1/internship_periods/{id}',
    request: async () => {
      const id = await created('/api/v1/internship_periods', 'internship_period', {
        name: unique(),
        start_date: '2027-03-01',
        end_date: '2027-03-31',
      });
      return {
        method: 'PATCH',
        url: `/api/v1/internship_periods/${id}`,
        payload: body('internship_period', { status: 'archived' }, id),
      };
    },
    allowed: ['schoolAdmin'],
    denied: [
      ['anonymous', 401],
      ['mentor', 403],
      ['student', 403],
      ['providerAdmin', 403],
      ['otherSchoolAdmin', 403],
    ],
  },
  {
    operation: 'GET /api/v1/mentorships',
    request: async () => ({ method: 'GET', url: '/api/v1/mentorships' }),
    allowed: ['schoolAdmin', 'mentor', 'student'],
    denied: [
      ['anonymous', 401],
      ['centerAdmin', 403],
      ['providerAdmin', 403],
    ],
  },
  {
    operation: 'POST /api/v1/mentorships',
    request: async () => ({
      method: 'POST',
      url: '/api/v1/mentorships',
      payload: body('mentorship', { mentor_id: U.mentor!.id, student_id: await studentAtSchool() }),
    }),
    allowed: ['schoolAdmin', 'mentor'],
    // Another school's admin acts on their own school, where this mentor is none.
    denied: [
      ['anonymous', 401],
      ['otherMentor', 403],
      ['student', 403],
      ['centerAdmin', 403],
      ['otherSchoolAdmin', 422],
    ],
  },
  {
    operation: 'DELETE /api/v1/mentorships/{id}',
    request: async () => {
      const id = await created('/api/v1/mentorships', 'mentorship', {
        mentor_id: U.mentor!.id,
        student_id: await studentAtSchool(),
      });
      return { method: 'DELETE', url: `/api/v1/mentorships/${id}` };
    },
    allowed: ['schoolAdmin', 'mentor'],
    denied: [
      ['anonymous', 401],
      ['otherMentor', 403],
      ['student', 403],
      ['otherSchoolAdmin', 403],
    ],
  },
  // Compliance gating (docs/decisions/compliance.md).
  {
    operation: 'GET /api/v1/compliance_documents',
    request: async () => ({ method: 'GET', url: '/api/v1/compliance_documents' }),
    // Its own admins (their organization's; a school's: its own, none), the content editors (everyone's).
    allowed: ['providerAdmin', 'nonprofitAdmin', 'schoolAdmin', 'otherSchoolAdmin', 'centerAdmin'],
    denied: [
      ['anonymous', 401],
      ['mentor', 403],
      ['student', 403],
      ['volunteer', 403],
    ],
  },
  {
    operation: 'GET /api/v1/compliance_documents/{id}',
    request: async () => ({ method: 'GET', url: `/api/v1/compliance_documents/${await providerDocument()}` }),
    // Its organization's admins and the content editors (issue #31 item 7: not a school's admins).
    allowed: ['providerAdmin', 'centerAdmin'],
    denied: [
      ['anonymous', 401],
      ['schoolAdmin', 404],
      ['otherSchoolAdmin', 404],
      ['nonprofitAdmin', 404],
      ['mentor', 404],
      ['volunteer', 404],
      ['pendingAdmin', 404],
    ],
  },
  {
    operation: 'POST /api/v1/compliance_documents',
    request: async () => ({
      method: 'POST',
      url: '/api/v1/compliance_documents',
      payload: body('compliance_document', { kind: 'code_of_conduct', issued_on: '2026-01-01' }),
    }),
    allowed: ['providerAdmin', 'nonprofitAdmin'],
    denied: [
      ['anonymous', 401],
      ['schoolAdmin', 403],
      ['centerAdmin', 403],
      ['mentor', 403],
      ['volunteer', 403],
    ],
  },
  {
    operation: 'PATCH /api/v1/compliance_documents/{id}',
    request: async () => {
      const id = await providerDocument();
      return {
        method: 'PATCH',
        url: `/api/v1/compliance_documents/${id}`,
        payload: body('compliance_document', { note: unique() }, id),
      };
    },
    allowed: ['providerAdmin'],
    denied: [
      ['anonymous', 401],
      ['nonprofitAdmin', 404],
      ['schoolAdmin', 404],
      ['centerAdmin', 403],
      ['mentor', 404],
    ],
  },
  {
    operation: 'DELETE /api/v1/compliance_documents/{id}',
    request: async () => ({
      method: 'DELETE',
      url: `/api/v1/compliance_documents/${await providerDocument()}`,
    }),
    allowed: ['providerAdmin'],
    denied: [
      ['anonymous', 401],
      ['nonprofitAdmin', 404],
      ['schoolAdmin', 404],
      ['mentor', 404],
    ],
  },
  {
    operation: 'GET /api/v1/compliance_requirements',
    request: async () => ({ method: 'GET', url: '/api/v1/compliance_requirements' }),
    allowed: ['schoolAdmin', 'providerAdmin', 'student'],
    denied: [['anonymous', 401]],
  },
  {
    operation: 'GET /api/v1/compliance_requirements/{id}',
    request: async () => ({ method: 'GET', url: `/api/v1/compliance_requirements/${seedOrg('school')}` }),
    allowed: ['schoolAdmin', 'providerAdmin'],
    denied: [['anonymous', 401]],
  },
  {
    operation: 'PATCH /api/v1/compliance_requirements/{id}',
    // What the seeds require already: allowed calls change nothing for the other cases.
    request: async () => ({
      method: 'PATCH',
      url: `/api/v1/compliance_requirements/${seedOrg('school')}`,
      payload: body('compliance_requirement', { kinds: ['vog', 'liability_insurance'] }),
    }),
    allowed: ['schoolAdmin'],
    denied: [
      ['anonymous', 401],
      ['providerAdmin', 403],
      ['mentor', 403],
      ['centerAdmin', 403],
      ['otherSchoolAdmin', 403],
      ['pendingAdmin', 403],
    ],
  },
  {
    operation: 'GET /api/v1/audit_log_entries',
    request: async () => ({ method: 'GET', url: '/api/v1/audit_log_entries' }),
    allowed: ['centerAdmin'],
    denied: [
      ['anonymous', 401],
      ['schoolAdmin', 403],
      ['mentor', 403],
      ['student', 403],
      ['providerAdmin', 403],
      ['nonprofitAdmin', 403],
      ['volunteer', 403],
      ['pendingAdmin', 403],
    ],
  },
];

const headersOf = (who: string) => (who === 'anonymous' ? { 'x-tenant': 'demo' } : U[who]!.as());

describe('authorization matrix (role × operation)', () => {
  for (const c of CASES) {
    it(c.operation, async () => {
      expect(c.allowed.length, 'every denial needs an allowed control').toBeGreaterThan(0);
      expect(c.denied.length).toBeGreaterThan(0);
      for (const who of c.allowed) {
        const req = await c.request();
        const res = await call(h.app, { ...req, headers: headersOf(who) } as never);
        expect(res.statusCode, `${who} may: ${res.body}`).toBeLessThan(300);
      }
      for (const [who, status] of c.denied) {
        const req = await c.request();
        const res = await call(h.app, { ...req, headers: headersOf(who) } as never);
        expect(res.statusCode, `${who} may not: ${res.body}`).toBe(status);
      }
    });
  }

  it('covers every operation of the service except the public ones', async () => {
    const openapi = h.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const PUBLIC = [
      'GET /api/v1/organizations',
      'GET /api/v1/organizations/{id}',
      'POST /api/v1/organizations/signup',
      'GET /api/v1/school_years',
    ];
    // Imports (the workflows feature mounted in this service) are covered by their own tests.
    const operations = Object.entries(openapi.paths)
      .filter(([path]) => !path.startsWith('/api/v1/imports'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const covered = new Set(CASES.map((c) => c.operation.replace(/ \(.*\)$/, '')));
    // PUT and PATCH share one handler; covering either covers both.
    const missing = operations.filter(
      (op) =>
        !PUBLIC.includes(op) &&
        !covered.has(op) &&
        !covered.has(op.replace(/^PUT /, 'PATCH ')) &&
        !covered.has(op.replace(/^PATCH /, 'PUT ')),
    );
    expect(missing).toEqual([]);
  });

  it('a role on another organization does not count for the one in the header (spec §6)', async () => {
    const post = (headers: Record<string, string>) =>
      call(h.app, {
        method: 'POST',
        url: '/api/v1/groups',
        headers,
        payload: body('group', { name: unique() }),
      });
    expect((await post(U.providerAdmin!.as(seedOrg('school')))).statusCode).toBe(403);
    expect((await post(U.schoolAdmin!.as(seedOrg('provider')))).statusCode).toBe(403);
    // Control: the same admin with their own school selected.
    expect((await post(U.schoolAdmin!.as(seedOrg('school')))).statusCode).toBe(201);
  });
});

describe('cross-tenant probes', () => {
  let foreign: TUser;
  beforeAll(async () => {
    foreign = await userWith(
      h,
      [['admin', seedOrg('volunteer-center', 'raayland'), 'VolunteerCenter']],
      'raayland',
    );
  });
  const onRaayland = () => foreign.as();

  it('credentials of another tenant count for nothing here', async () => {
    const headers = {
      ...foreign.creds,
      'x-tenant': 'demo',
      'x-current-organization-id': seedOrg('volunteer-center', 'raayland'),
    };
    expect((await call(h.app, { url: '/api/v1/current_organizations', headers })).statusCode).toBe(401);
    const approve = await call(h.app, {
      method: 'PUT',
      url: `/api/v1/organizations/${await provider('pending')}/approve`,
      headers,
      payload: body('Provider', { status: 'approved' }),
    });
    expect(approve.statusCode).toBe(401);
    // Control: on their own tenant they are signed in.
    expect(
      (await call(h.app, { url: '/api/v1/current_organizations', headers: onRaayland() })).statusCode,
    ).toBe(200);
  });

  it('another tenant’s organizations, groups, periods and mentorships do not exist from here', async () => {
    const demoPending = await provider('pending');
    const group = await created('/api/v1/groups', 'group', { name: unique() });
    const period = await created('/api/v1/internship_periods', 'internship_period', {
      name: unique(),
      start_date: '2027-03-01',
      end_date: '2027-03-31',
    });
    const mentorship = await created('/api/v1/mentorships', 'mentorship', {
      mentor_id: U.mentor!.id,
      student_id: await studentAtSchool(),
    });
    const probes: TRequest[] = [
      { method: 'GET', url: `/api/v1/organizations/${seedOrg('school')}` },
      {
        method: 'PUT',
        url: `/api/v1/organizations/${demoPending}/approve`,
        payload: body('Provider', { status: 'approved' }),
      },
      { method: 'DELETE', url: `/api/v1/organizations/${seedOrg('provider')}` },
      { method: 'GET', url: `/api/v1/groups/${group}` },
      { method: 'GET', url: `/api/v1/internship_periods/${period}` },
      { method: 'DELETE', url: `/api/v1/mentorships/${mentorship}` },
    ];
    for (const probe of probes) {
      const res = await call(h.app, { ...probe, headers: onRaayland() } as never);
      expect(res.statusCode, `${probe.method} ${probe.url}`).toBe(404);
    }
    const list = await call(h.app, {
      url: '/api/v1/organizations?filter[status_in]=approved,pending',
      headers: onRaayland(),
    });
    expect(list.json().data.map((o: { id: string }) => o.id)).not.toContain(demoPending);
    // demo's audit log (the approval below is raayland's own) is not raayland's to read.
    const demoApproved = await provider('pending');
    const approved = await call(h.app, {
      method: 'PUT',
      url: `/api/v1/organizations/${demoApproved}/approve`,
      headers: U.centerAdmin!.as(),
      payload: body('Provider', { status: 'approved' }),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const audit = await call(h.app, {
      url: `/api/v1/audit_log_entries?filter[subject_id_eq]=${demoApproved}`,
      headers: onRaayland(),
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().meta.total).toBe(0);
    expect(
      (
        await call(h.app, {
          url: `/api/v1/audit_log_entries?filter[subject_id_eq]=${demoApproved}`,
          headers: U.centerAdmin!.as(),
        })
      ).json().meta.total,
    ).toBe(1);
    // Control: the same moderator approves a pending organization of their own tenant.
    const own = await makeOrganization(h, { type: 'Provider', status: 'pending', tenant: 'raayland' });
    const res = await call(h.app, {
      method: 'PUT',
      url: `/api/v1/organizations/${own}/approve`,
      headers: onRaayland(),
      payload: body('Provider', { status: 'approved' }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a signup on one tenant is no duplicate of an organization on another', async () => {
    const sign = (tenant: string) =>
      call(h.app, {
        method: 'POST',
        url: '/api/v1/organizations/signup',
        headers: { 'x-tenant': tenant },
        remoteAddress: `10.7.0.${tenant.length}`,
        payload: body('organization_signup', {
          organization_type: 'Provider',
          name: 'Tweelingbedrijf',
          city: 'Utrecht',
          address: 'Straat 1',
          postcode: '3511 AA',
          admin_email: `eigenaar@${tenant}.tweeling.test`,
          admin_first_name: 'Tom',
          admin_last_name: 'Tweeling',
        }),
      });
    expect((await sign('demo')).statusCode).toBe(201);
    expect((await sign('raayland')).statusCode).toBe(201);
    expect((await sign('demo')).statusCode).toBe(409);
  });

  it('no row of the schema references another tenant’s row', async () => {
    const { rows } = await sql<{ ref: string; n: number }>`
      select 'groups→school_years' as ref, count(*)::int as n from organizations.groups g join organizations.school_years y on y.id = g.school_year_id where y.tenant_id <> g.tenant_id
      union all select 'groups→levels', count(*)::int from organizations.groups g join organizations.levels l on l.id = g.level_id where l.tenant_id <> g.tenant_id
      union all select 'periods→school_years', count(*)::int from organizations.internship_periods p join organizations.school_years y on y.id = p.school_year_id where y.tenant_id <> p.tenant_id
      union all select 'periods→schools', count(*)::int from organizations.internship_periods p join organizations.organizations o on o.id = p.school_id where o.tenant_id <> p.tenant_id
      union all select 'levels→schools', count(*)::int from organizations.levels l join organizations.organizations o on o.id = l.school_id where o.tenant_id <> l.tenant_id
      union all select 'organizations→parents', count(*)::int from organizations.organizations c join organizations.organizations p on p.id = c.parent_id where p.tenant_id <> c.tenant_id
      union all select 'mentorships→schools', count(*)::int from organizations.mentorships m join organizations.organizations o on o.id = m.school_id where o.tenant_id <> m.tenant_id`.execute(
      h.owner,
    );
    expect(rows.filter((r) => r.n > 0)).toEqual([]);
    // Control: the seeds did create such references (per tenant), so the joins are not vacuous.
    const { rows: seeded } = await sql<{
      n: number;
    }>`select count(*)::int as n from organizations.internship_periods p
      join organizations.school_years y on y.id = p.school_year_id where y.tenant_id = p.tenant_id`.execute(
      h.owner,
    );
    expect(seeded[0]!.n).toBeGreaterThanOrEqual(33);
  });
});
