import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import {
  adminOf,
  call,
  deliver,
  eventually,
  expectStatus,
  harness,
  outboxEvents,
  userWith,
  type THarness,
  type TUser,
} from '../../test/harness.ts';

/**
 * Bulk messages: recipients per internship, one mail request each through the shared mail module in
 * the same transaction, a repeated request that mails no one again, the status from notifications'
 * reports, and only the school's own internships (ownership, cross-tenant).
 */
let h: THarness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  await h?.close();
});

/** A user placements knows (identity's `user.created`), with a role. */
async function person(
  role: 'student' | 'admin',
  organizationId: string,
  type: 'School' | 'Provider',
  tenant: TTenantId = 'demo',
) {
  const user = await userWith(h, role, organizationId, type, tenant);
  const email = `${role}.${user.id.slice(0, 8)}@${tenant}.test`;
  await deliver(
    h,
    'identity.user.created',
    user.id,
    {
      user_id: user.id,
      email,
      first_name: 'Sam',
      last_name: user.id.slice(0, 4),
      gender: null,
      status: 'active',
      locale: 'nl',
      periodic_mail_frequency: 'never',
    },
    tenant,
  );
  await eventually(async () => {
    const { rows } = await sql`select 1 from placements.users where id = ${user.id}`.execute(h.owner);
    expect(rows).toHaveLength(1);
  });
  return { ...user, email };
}

/** A self-found internship of the student (the quickest way to an internship of their school). */
async function internshipOf(student: TUser, contactEmail = `contact.${randomUUID().slice(0, 6)}@org.test`) {
  const res = await call(h.app, {
    method: 'POST',
    url: '/api/v1/internships/self_found',
    headers: student.headers,
    payload: {
      data: {
        type: 'self_found_internship',
        attributes: {
          title: 'Stage',
          start_date: '2027-02-01',
          end_date: '2027-06-30',
          organization_name: 'Dierenasiel',
          organization_address: 'Kerkstraat 1',
          organization_postcode: '3811 AB',
          organization_city: 'Amersfoort',
          contact_name: 'Anna Contact',
          contact_email: contactEmail,
        },
      },
    },
  });
  expectStatus(res, 201);
  return res.json().data.id as string;
}

async function school(tenant: TTenantId = 'demo') {
  const admin = await adminOf(h, 'School', 'approved', tenant);
  return { admin, schoolId: admin.organizationId };
}

const send = (user: TUser, attributes: Record<string, unknown>, id?: string) =>
  call(h.app, {
    method: 'POST',
    url: '/api/v1/internships/bulk_messages',
    headers: user.headers,
    payload: {
      data: {
        type: 'bulk_message',
        ...(id ? { id } : {}),
        attributes: {
          subject: 'Inleverdatum verslag',
          body: 'Lever je verslag vóór 1 juni in.',
          ...attributes,
        },
      },
    },
  });

const mailRequests = async (messageId: string) => {
  const { rows } = await sql<{
    data: { delivery_id: string; recipient: Record<string, unknown>; vars: { subject: string } };
  }>`
    select envelope->'data' as data from placements.outbox where type = 'placements.mail.requested'
      and envelope->'data'->'delivery_id' is not null
      and aggregate_id in (select delivery_id::text from placements.bulk_message_deliveries where bulk_message_id = ${messageId})
    order by seq`.execute(h.owner);
  return rows.map((r) => r.data);
};

describe('bulk messages', () => {
  it('reaches each student once, and the contacts and supervisors when asked; one mail request each', async () => {
    const { admin, schoolId } = await school();
    const [anna, bram] = [
      await person('student', schoolId, 'School'),
      await person('student', schoolId, 'School'),
    ];
    const company = await adminOf(h, 'Provider');
    const supervisor = await person('admin', company.organizationId, 'Provider');
    const a1 = await internshipOf(anna, 'shared@org.test');
    const a2 = await internshipOf(anna, 'SHARED@org.test');
    const b1 = await internshipOf(bram);
    await sql`update placements.internships set supervisor_id = ${supervisor.id} where id = ${b1}`.execute(
      h.owner,
    );

    const studentsOnly = await send(admin, { internship_ids: [a1, a2, b1] });
    expectStatus(studentsOnly, 201);
    const deliveries = (r: typeof studentsOnly) =>
      (r.json().included as { attributes: { recipient_kind: string; email: string; status: string } }[])
        .map((d) => `${d.attributes.recipient_kind}:${d.attributes.email}:${d.attributes.status}`)
        .sort();
    expect(deliveries(studentsOnly)).toEqual(
      [`student:${anna.email}:requested`, `student:${bram.email}:requested`].sort(),
    );

    const everyone = await send(admin, {
      internship_ids: [a1, a2, b1],
      to_contacts: true,
      to_supervisors: true,
    });
    expectStatus(everyone, 201);
    expect(deliveries(everyone)).toEqual(
      [
        `student:${anna.email}:requested`,
        `student:${bram.email}:requested`,
        'contact:shared@org.test:requested',
        expect.stringMatching(/^contact:contact\..+@org\.test:requested$/),
        `supervisor:${supervisor.email}:requested`,
      ].sort(),
    );
    const message = everyone.json().data;
    expect(message.attributes).toMatchObject({
      school_id: schoolId,
      internship_count: 3,
      recipient_count: 5,
      delivery_counts: { requested: 5, delivered: 0, failed: 0 },
    });
    // One request per recipient in the same transaction: users by id (identity knows their address and
    // language), a contact without an account by address.
    const requests = await mailRequests(message.id);
    expect(requests).toHaveLength(5);
    expect(requests.map((r) => r.recipient)).toEqual(
      expect.arrayContaining([
        { user_id: anna.id },
        { user_id: supervisor.id },
        { email: 'shared@org.test', name: 'Anna Contact', language: 'nl' },
      ]),
    );
    expect(requests.every((r) => r.vars.subject === 'Inleverdatum verslag')).toBe(true);
    expect(await outboxEvents(h, 'placements.bulk_message.sent', message.id)).toHaveLength(1);
  });

  it('a repeated request (same client id) answers the first message and mails no one again', async () => {
    const { admin, schoolId } = await school();
    const student = await person('student', schoolId, 'School');
    const id = await internshipOf(student);
    const messageId = randomUUID();
    expectStatus(await send(admin, { internship_ids: [id] }, messageId), 201);
    const again = await send(admin, { internship_ids: [id] }, messageId);
    expectStatus(again, 200);
    expect(again.json().data.id).toBe(messageId);
    expect(await mailRequests(messageId)).toHaveLength(1);
    // Another school cannot take (or read) that id.
    const other = await school();
    const otherStudent = await person('student', other.schoolId, 'School');
    expectStatus(
      await send(other.admin, { internship_ids: [await internshipOf(otherStudent)] }, messageId),
      409,
    );
  });

  it('shows each recipient’s status from notifications’ reports; a resend to a corrected address counts', async () => {
    const { admin, schoolId } = await school();
    const [s1, s2] = [
      await person('student', schoolId, 'School'),
      await person('student', schoolId, 'School'),
    ];
    const sent = await send(admin, { internship_ids: [await internshipOf(s1), await internshipOf(s2)] });
    const messageId = sent.json().data.id as string;
    const [r1, r2] = await mailRequests(messageId);
    const counts = async () => {
      const res = await call(h.app, {
        method: 'GET',
        url: `/api/v1/internships/bulk_messages/${messageId}`,
        headers: admin.headers,
      });
      expectStatus(res, 200);
      return res.json();
    };
    await deliver(h, 'notifications.mail.delivered', r1!.delivery_id, {
      delivery_id: r1!.delivery_id,
      service: 'placements',
    });
    await deliver(h, 'notifications.mail.failed', r2!.delivery_id, {
      delivery_id: r2!.delivery_id,
      service: 'placements',
      reason: 'recipient_inactive',
    });
    // A late "failed" for the delivered one (a redelivery, or out of order) does not change it.
    await deliver(h, 'notifications.mail.failed', r1!.delivery_id, {
      delivery_id: r1!.delivery_id,
      service: 'placements',
      reason: 'hard_bounce',
    });
    await eventually(async () => {
      const doc = await counts();
      expect(doc.data.attributes.delivery_counts).toEqual({ requested: 0, delivered: 1, failed: 1 });
      const failed = doc.included.find(
        (d: { attributes: { status: string } }) => d.attributes.status === 'failed',
      );
      expect(failed.attributes.failure_reason).toBe('recipient_inactive');
    });
    // Notifications resent the failed one to a corrected address (mail-requests.ts): now delivered.
    await deliver(h, 'notifications.mail.delivered', r2!.delivery_id, {
      delivery_id: r2!.delivery_id,
      service: 'placements',
    });
    await eventually(async () => {
      expect((await counts()).data.attributes.delivery_counts).toEqual({
        requested: 0,
        delivered: 2,
        failed: 0,
      });
    });
    const list = await call(h.app, {
      method: 'GET',
      url: '/api/v1/internships/bulk_messages',
      headers: admin.headers,
    });
    expectStatus(list, 200);
    expect(list.json().data.map((m: { id: string }) => m.id)).toContain(messageId);
  });

  it('only the school’s own internships, only its admins; another school’s messages are not found', async () => {
    const { admin, schoolId } = await school();
    const other = await school();
    const ours = await internshipOf(await person('student', schoolId, 'School'));
    const theirs = await internshipOf(await person('student', other.schoolId, 'School'));
    const refused = await send(admin, { internship_ids: [ours, theirs] });
    expectStatus(refused, 422, 'validation_failed');
    expect(refused.json().errors[0].source.pointer).toBe('/data/attributes/internship_ids/1');
    expect(await outboxEvents(h, 'placements.bulk_message.sent')).not.toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ internship_ids: [ours, theirs] }) }),
    );

    const student = await person('student', schoolId, 'School');
    const company = await adminOf(h, 'Provider');
    expectStatus(await send(student, { internship_ids: [ours] }), 403, 'forbidden');
    expectStatus(await send(company, { internship_ids: [ours] }), 403, 'forbidden');

    const sent = (await send(admin, { internship_ids: [ours] })).json().data.id;
    expectStatus(
      await call(h.app, {
        method: 'GET',
        url: `/api/v1/internships/bulk_messages/${sent}`,
        headers: other.admin.headers,
      }),
      404,
    );
    const theirList = await call(h.app, {
      method: 'GET',
      url: '/api/v1/internships/bulk_messages',
      headers: other.admin.headers,
    });
    expect(theirList.json().data.map((m: { id: string }) => m.id)).not.toContain(sent);
  });

  it('cross-tenant: another tenant’s school admin neither sends to nor reads this tenant’s', async () => {
    const { admin, schoolId } = await school();
    const ours = await internshipOf(await person('student', schoolId, 'School'));
    const sent = (await send(admin, { internship_ids: [ours] })).json().data.id;
    const foreign = await school('oldebroek');
    expectStatus(await send(foreign.admin, { internship_ids: [ours] }), 422, 'validation_failed');
    expectStatus(
      await call(h.app, {
        method: 'GET',
        url: `/api/v1/internships/bulk_messages/${sent}`,
        headers: foreign.admin.headers,
      }),
      404,
    );
  });
});

describe('bulk messages: students without an internship yet, and the count before sending', () => {
  const preview = (user: TUser, attributes: Record<string, unknown>) =>
    call(h.app, {
      method: 'POST',
      url: '/api/v1/internships/bulk_messages/recipients',
      headers: user.headers,
      payload: { data: { type: 'bulk_message_recipients', attributes } },
    });
  const without = async (user: TUser, query = '') => {
    const res = await call(h.app, {
      method: 'GET',
      url: `/api/v1/internships/bulk_messages/students${query}`,
      headers: user.headers,
    });
    expectStatus(res, 200);
    return (res.json().data as { id: string }[]).map((s) => s.id).sort();
  };

  it('lists the school’s students without an internship by group and period, and writes to them', async () => {
    const { admin, schoolId } = await school();
    const [placed, applicant, free] = [
      await person('student', schoolId, 'School'),
      await person('student', schoolId, 'School'),
      await person('student', schoolId, 'School'),
    ];
    const internship = await internshipOf(placed); // submitted: they found one
    const groupId = randomUUID();
    const periodId = randomUUID();
    await deliver(h, 'organizations.group.created', groupId, {
      school_id: schoolId,
      group_id: groupId,
      name: 'Klas 3B',
      school_year_id: null,
      level_id: null,
    });
    for (const s of [placed, free])
      await deliver(h, 'organizations.group_membership.changed', s.id, {
        school_id: schoolId,
        student_id: s.id,
        group_id: groupId,
        previous_group_id: null,
      });
    await deliver(h, 'organizations.internship_period.created', periodId, {
      school_id: schoolId,
      internship_period_id: periodId,
      school_year_id: randomUUID(),
      name: 'Voorjaar',
      start_date: '2027-02-01',
      end_date: '2027-06-30',
      status: 'active',
    });
    await eventually(async () => {
      const { rows } =
        await sql`select 1 from placements.group_memberships where group_id = ${groupId}`.execute(h.owner);
      expect(rows).toHaveLength(2);
      const periods = await sql`select 1 from placements.internship_periods where id = ${periodId}`.execute(
        h.owner,
      );
      expect(periods.rows).toHaveLength(1);
    });
    // An application alone is not an internship yet.
    const application = await internshipOf(applicant);
    await sql`update placements.internships set status = 'applied' where id = ${application}`.execute(
      h.owner,
    );

    expect(await without(admin)).toEqual([applicant.id, free.id].sort());
    expect(await without(admin, `?filter[group_id_in]=${groupId}`)).toEqual([free.id]);
    // In the period, the self-found internship (no period) does not count: all three need one there.
    expect(await without(admin, `?filter[internship_period_id_eq]=${periodId}`)).toEqual(
      [placed.id, applicant.id, free.id].sort(),
    );
    await sql`update placements.internships set internship_period_id = ${periodId} where id = ${internship}`.execute(
      h.owner,
    );
    expect(await without(admin, `?filter[internship_period_id_eq]=${periodId}`)).toEqual(
      [applicant.id, free.id].sort(),
    );

    // The count before sending: one per address (the placed student twice is one person).
    const selection = { internship_ids: [internship], student_ids: [free.id, placed.id] };
    const count = await preview(admin, selection);
    expectStatus(count, 200);
    expect(count.json().data.attributes).toEqual({
      recipient_count: 2,
      internship_count: 1,
      student_count: 2,
    });
    expect(
      (await preview(admin, { ...selection, to_contacts: true })).json().data.attributes.recipient_count,
    ).toBe(3);
    expectStatus(await preview(admin, { internship_ids: [], student_ids: [] }), 422, 'validation_failed');

    const sent = await send(admin, { student_ids: [free.id] });
    expectStatus(sent, 201);
    expect(sent.json().data.attributes).toMatchObject({
      internship_count: 0,
      student_count: 1,
      recipient_count: 1,
    });
    expect(sent.json().included[0].attributes).toMatchObject({
      internship_id: null,
      recipient_kind: 'student',
      email: free.email,
    });
    expect((await mailRequests(sent.json().data.id)).map((r) => r.recipient)).toEqual([{ user_id: free.id }]);
    const [event] = await outboxEvents(h, 'placements.bulk_message.sent', sent.json().data.id);
    expect(event?.data).toMatchObject({ internship_ids: [], student_ids: [free.id], recipient_count: 1 });
  });

  it('another school’s student is unknown, and only school admins list or count', async () => {
    const { admin, schoolId } = await school();
    const mine = await person('student', schoolId, 'School');
    const other = await school();
    const theirs = await person('student', other.schoolId, 'School');
    const refused = await send(admin, { student_ids: [mine.id, theirs.id] });
    expectStatus(refused, 422, 'validation_failed');
    expect(refused.json().errors[0].source).toEqual({ pointer: '/data/attributes/student_ids/1' });
    expectStatus(await preview(admin, { student_ids: [theirs.id] }), 422, 'validation_failed');
    expect(await without(admin)).not.toContain(theirs.id);
    for (const user of [mine, theirs]) {
      expectStatus(await preview(user, { student_ids: [mine.id] }), 403);
      expectStatus(
        await call(h.app, {
          method: 'GET',
          url: '/api/v1/internships/bulk_messages/students',
          headers: user.headers,
        }),
        403,
      );
    }
    const foreign = await school('stageplein');
    expectStatus(await preview(foreign.admin, { student_ids: [mine.id] }), 422, 'validation_failed');
    expect(await without(foreign.admin)).toEqual([]);
  });
});
