import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { organizationsService } from '@stageplein/organizations';
import { TENANT_IDS, type TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import {
  adminOf,
  call,
  eventually,
  expectStatus,
  harness,
  organization,
  outboxEvents,
  userWith,
  type THarness,
  type TUser,
} from '../../../test/harness.ts';

/**
 * Self-found internships through placements and organizations: the switch per tenant, who may submit
 * and review, and the approval that has organizations sign the organization up as pending, after
 * which the internship links to it.
 */
let h: THarness;
beforeAll(async () => {
  h = await harness([organizationsService]);
});
afterAll(async () => {
  await h?.close();
});

const attributes = (over: Record<string, unknown> = {}) => ({
  title: 'Stage bij het dierenasiel',
  description: 'Dieren verzorgen en bezoekers ontvangen.',
  start_date: '2027-02-01',
  end_date: '2027-06-30',
  organization_name: `Dierenasiel ${Math.random().toString(36).slice(2, 8)}`,
  organization_address: 'Kerkstraat 1',
  organization_postcode: '3811 AB',
  organization_city: 'Amersfoort',
  organization_website: '',
  contact_name: 'Anna van der Berg',
  contact_email: `anna.${Math.random().toString(36).slice(2, 8)}@asiel.test`,
  contact_phone: '033-1234567',
  ...over,
});

const submit = (user: { headers: Record<string, string> }, over: Record<string, unknown> = {}) =>
  call(h.app, {
    method: 'POST',
    url: '/api/v1/internships/self_found',
    headers: user.headers,
    payload: { data: { type: 'self_found_internship', attributes: attributes(over) } },
  });

async function schoolWithStudent(tenant: TTenantId = 'demo') {
  const admin = await adminOf(h, 'School', 'approved', tenant);
  const student = await userWith(h, 'student', admin.organizationId, 'School', tenant);
  return { admin, student, schoolId: admin.organizationId };
}

const action = (user: TUser, id: string, name: string, reason?: string) =>
  call(h.app, {
    method: 'POST',
    url: `/api/v1/internships/${id}/${name}`,
    headers: user.headers,
    payload: { data: { type: 'internship', attributes: reason ? { reason } : {} } },
  });

describe('the tenant switch "Students may submit self-found internships" (spec §1)', () => {
  it.each(TENANT_IDS)('%s', async (tenant) => {
    const { student } = await schoolWithStudent(tenant);
    const res = await submit(student);
    if (tenant === 'match2gether') expectStatus(res, 403, 'self_found_unavailable');
    else expectStatus(res, 201);
  });
});

describe('submitting', () => {
  it('a student of the school: a submitted, self-found internship without an organization yet', async () => {
    const { student, schoolId } = await schoolWithStudent();
    const res = await submit(student, { organization_website: 'https://www.asiel.test' });
    expectStatus(res, 201);
    const a = res.json().data.attributes;
    expect(a).toMatchObject({
      status: 'submitted',
      organization_id: null,
      organization_city: 'Amersfoort',
      organization_postcode: '3811 AB',
      organization_website: 'https://www.asiel.test',
      organization_state: 'unresolved',
      contact_phone_number: '033-1234567',
    });
    const { rows } = await sql<{ self_found: boolean; school_id: string; student_id: string }>`
      select self_found, school_id, student_id from placements.internships where id = ${a.internship_id}`.execute(
      h.owner,
    );
    expect(rows).toEqual([{ self_found: true, school_id: schoolId, student_id: student.id }]);
    expect(await outboxEvents(h, 'placements.internship.created', a.internship_id)).toHaveLength(1);
  });

  it('refuses invalid fields with a pointer each (the form checks the same rules on blur)', async () => {
    const { student } = await schoolWithStudent();
    const res = await submit(student, {
      organization_postcode: '12',
      contact_email: 'nope',
      end_date: '2027-01-01',
    });
    expectStatus(res, 422);
    const pointers = res.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/data/attributes/organization_postcode',
        '/data/attributes/contact_email',
        '/data/attributes/end_date',
      ]),
    );
  });

  it('only students acting for their School: school admins, mentors, companies and visitors may not', async () => {
    const { admin, schoolId } = await schoolWithStudent();
    const mentor = await userWith(h, 'mentor', schoolId, 'School');
    const company = await adminOf(h, 'Provider');
    expectStatus(await submit(admin), 403, 'forbidden');
    expectStatus(await submit(mentor), 403, 'forbidden');
    expectStatus(await submit(company), 403, 'forbidden');
    const anonymous = await call(h.app, {
      method: 'POST',
      url: '/api/v1/internships/self_found',
      headers: { 'x-tenant': 'demo' },
      payload: { data: { type: 'self_found_internship', attributes: attributes() } },
    });
    expectStatus(anonymous, 401);
  });
});

describe('the school reviews', () => {
  it('approval: organizations signs the organization up as pending and the internship links to it', async () => {
    const { admin, student } = await schoolWithStudent();
    const submitted = (await submit(student)).json().data.attributes;
    const id = submitted.internship_id as string;

    // Another school's admin neither sees nor approves it; the student cannot approve their own.
    const other = await schoolWithStudent();
    expectStatus(await action(other.admin, id, 'approve'), 404);
    expectStatus(await action(student, id, 'approve'), 403);

    expectStatus(await action(admin, id, 'approve'), 200);
    await eventually(async () => {
      const res = await call(h.app, {
        method: 'GET',
        url: `/api/v1/internships/${id}/self_found`,
        headers: student.headers,
      });
      expectStatus(res, 200);
      expect(res.json().data.attributes).toMatchObject({ status: 'approved', organization_state: 'created' });
      expect(res.json().data.attributes.organization_id).toEqual(expect.any(String));
    }, 15_000);
    const organizationId = (
      await call(h.app, {
        method: 'GET',
        url: `/api/v1/internships/${id}/self_found`,
        headers: admin.headers,
      })
    ).json().data.attributes.organization_id;
    // Pending, through organizations' signup: its applicant is the contact, who identity invites.
    const { rows } = await sql<{ status: string; name: string; admin_email: string }>`
      select o.status, o.name, s.admin_email from organizations.organizations o
      join organizations.signups s on s.organization_id = o.id where o.id = ${organizationId}`.execute(
      h.owner,
    );
    expect(rows).toEqual([
      { status: 'pending', name: submitted.organization_name, admin_email: submitted.contact_email },
    ]);
    // Placements' read model has it too, and the link is an `updated` event of the internship.
    await eventually(async () => {
      const r = await sql<{
        status: string;
      }>`select status from placements.organizations where id = ${organizationId}`.execute(h.owner);
      expect(r.rows).toEqual([{ status: 'pending' }]);
    });
    const updated = await outboxEvents(h, 'placements.internship.updated', id);
    expect(updated.at(-1)!.data).toMatchObject({ organization_id: organizationId, self_found: true });
    // Asked once, however often the approval is delivered.
    expect(await outboxEvents(h, 'placements.internship.self_found_approved', id)).toHaveLength(1);
  });

  it('rejection needs a reason, which the student reads; nothing is asked of organizations', async () => {
    const { admin, student } = await schoolWithStudent();
    const id = (await submit(student)).json().data.attributes.internship_id as string;
    expectStatus(await action(admin, id, 'reject'), 422, 'reason_required');
    expectStatus(await action(admin, id, 'reject', 'Geen erkend leerbedrijf.'), 200);
    const res = await call(h.app, {
      method: 'GET',
      url: `/api/v1/internships/${id}/self_found`,
      headers: student.headers,
    });
    expect(res.json().data.attributes).toMatchObject({
      status: 'rejected',
      status_reason: 'Geen erkend leerbedrijf.',
      organization_state: 'unresolved',
    });
    expect(await outboxEvents(h, 'placements.internship.self_found_approved', id)).toEqual([]);
  });

  it('without a contact address (the student cleared it) nobody is asked to sign the organization up', async () => {
    const { admin, student } = await schoolWithStudent();
    const id = (await submit(student)).json().data.attributes.internship_id as string;
    const cleared = await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/internships/${id}`,
      headers: student.headers,
      payload: { data: { type: 'internship', attributes: { contact_email: null } } },
    });
    expectStatus(cleared, 200);
    expectStatus(await action(admin, id, 'approve'), 200);
    await eventually(async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from placements.processed_events e join placements.outbox o on o.id = e.event_id
        where o.type = 'placements.internship.approved' and o.aggregate_id = ${id}
          and e.consumer = 'placements.self-found-approvals'`.execute(h.owner);
      expect(rows[0]!.n).toBe(1);
    });
    expect(await outboxEvents(h, 'placements.internship.self_found_approved', id)).toEqual([]);
    const res = await call(h.app, {
      method: 'GET',
      url: `/api/v1/internships/${id}/self_found`,
      headers: admin.headers,
    });
    expect(res.json().data.attributes).toMatchObject({
      status: 'approved',
      organization_state: 'unresolved',
    });
  });

  it('an internship the school itself linked to a known organization keeps it', async () => {
    const { admin, student } = await schoolWithStudent();
    const id = (await submit(student)).json().data.attributes.internship_id as string;
    const known = await organization(h, 'NonProfit', 'approved');
    await sql`update placements.internships set organization_id = ${known} where id = ${id}`.execute(h.owner);
    expectStatus(await action(admin, id, 'approve'), 200);
    await eventually(async () => {
      const res = await call(h.app, {
        method: 'GET',
        url: `/api/v1/internships/${id}/self_found`,
        headers: admin.headers,
      });
      expect(res.json().data.attributes).toMatchObject({
        organization_state: 'matched',
        organization_id: known,
      });
    }, 15_000);
  });

  it('cross-tenant: another tenant’s school admin gets 404 for the internship and its details', async () => {
    const { student } = await schoolWithStudent();
    const id = (await submit(student)).json().data.attributes.internship_id as string;
    const foreign = await schoolWithStudent('oldebroek');
    const headers = { ...foreign.admin.headers };
    expectStatus(
      await call(h.app, { method: 'GET', url: `/api/v1/internships/${id}/self_found`, headers }),
      404,
    );
    expectStatus(await action(foreign.admin, id, 'approve'), 404);
  });
});
