import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  call,
  eventually,
  expectError,
  harness,
  makeOrganization,
  outboxEvents,
  revoke,
  seedOrg,
  userWith,
  type THarness,
  type TUser,
} from './harness.ts';

let h: THarness;
let admin: TUser;
let mentor: TUser;
let student: TUser;
let classmate: TUser;
let otherSchoolAdmin: TUser;
let provider: TUser;
const SCHOOL = () => seedOrg('school');

beforeAll(async () => {
  h = await harness();
  admin = await userWith(h, [['admin', SCHOOL(), 'School']]);
  mentor = await userWith(h, [['mentor', SCHOOL(), 'School']]);
  student = await userWith(h, [['student', SCHOOL(), 'School']]);
  classmate = await userWith(h, [['student', SCHOOL(), 'School']]);
  const otherSchool = await makeOrganization(h, { type: 'School', status: 'approved' });
  otherSchoolAdmin = await userWith(h, [['admin', otherSchool, 'School']]);
  provider = await userWith(h, [['admin', seedOrg('provider'), 'Provider']]);
});
afterAll(async () => h?.close());

const names = (res: { json(): { data: { attributes: { name: string } }[] } }) =>
  res.json().data.map((d) => d.attributes.name);

describe('levels and tags', () => {
  it('every signed-in user reads a school’s levels and tags (the seeds: five levels, six tags)', async () => {
    expect(names(await call(h.app, { url: '/api/v1/levels', headers: mentor.as() }))).toEqual([
      'vmbo-bb',
      'vmbo-kb',
      'vmbo-t',
      'havo',
      'vwo',
    ]);
    const tags = await call(h.app, {
      url: `/api/v1/tags?filter[school_id_eq]=${SCHOOL()}`,
      headers: provider.as(),
    });
    expect(names(tags)).toEqual(['Cultuur', 'Dieren', 'Natuur', 'Sport', 'Techniek', 'Zorg']);
    expectError(
      await call(h.app, { url: '/api/v1/tags', headers: { 'x-tenant': 'demo' } }),
      401,
      'unauthorized',
    );
  });

  it('a school’s admin manages its own; a duplicate name is a 409', async () => {
    const post = (user: TUser, name: string) =>
      call(h.app, {
        method: 'POST',
        url: '/api/v1/tags',
        headers: user.as(),
        payload: { data: { type: 'tag', attributes: { name } } },
      });
    expectError(await post(mentor, 'Muziek'), 403, 'forbidden');
    const created = await post(admin, 'Muziek');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.attributes.school_id).toBe(SCHOOL());
    expectError(await post(admin, 'Muziek'), 409, 'name_taken');
    const id = created.json().data.id;
    const rename = (user: TUser) =>
      call(h.app, {
        method: 'PATCH',
        url: `/api/v1/tags/${id}`,
        headers: user.as(),
        payload: { data: { type: 'tag', id, attributes: { name: 'Muziek & dans' } } },
      });
    expectError(await rename(otherSchoolAdmin), 403, 'forbidden');
    expect((await rename(admin)).json().data.attributes.name).toBe('Muziek & dans');
    expect(
      (await call(h.app, { method: 'DELETE', url: `/api/v1/tags/${id}`, headers: admin.as() })).statusCode,
    ).toBe(200);
    expect((await outboxEvents(h, 'organizations.tag.updated', id))[0]?.data).toMatchObject({
      name: 'Muziek & dans',
    });
    expect(await outboxEvents(h, 'organizations.tag.deleted', id)).toHaveLength(1);

    const level = await call(h.app, {
      method: 'POST',
      url: '/api/v1/levels',
      headers: admin.as(),
      payload: { data: { type: 'level', attributes: { name: 'mbo', position: 9 } } },
    });
    expect(level.json().data.attributes).toMatchObject({ name: 'mbo', position: 9 });
  });
});

describe('groups', () => {
  let groupA: string;
  let groupB: string;

  it('a school’s admin creates groups with a level and school year of that school', async () => {
    const level = (await call(h.app, { url: '/api/v1/levels', headers: admin.as() })).json().data[3].id;
    const year = (await call(h.app, { url: '/api/v1/school_years', headers: admin.as() }))
      .json()
      .data.find((y: { attributes: { is_current: boolean } }) => y.attributes.is_current).id;
    const post = (attributes: Record<string, unknown>, user = admin) =>
      call(h.app, {
        method: 'POST',
        url: '/api/v1/groups',
        headers: user.as(),
        payload: { data: { type: 'group', attributes } },
      });
    const a = await post({ name: '5H', level_id: level, school_year_id: year });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().data).toMatchObject({
      attributes: { name: '5H', students_count: 0 },
      relationships: { level: { data: { type: 'level', id: level } } },
    });
    groupA = a.json().data.id;
    groupB = (await post({ name: '5V' })).json().data.id;
    expectError(await post({ name: '5H', school_year_id: year }), 409, 'name_taken');
    const foreignLevel = (
      await call(h.app, {
        method: 'POST',
        url: '/api/v1/levels',
        headers: otherSchoolAdmin.as(),
        payload: { data: { type: 'level', attributes: { name: 'havo' } } },
      })
    ).json().data.id;
    expectError(await post({ name: '6H', level_id: foreignLevel }), 422, 'validation_failed');
    expectError(await post({ name: '6H' }, mentor), 403, 'forbidden');
    expectError(await post({ name: '6H', school_id: seedOrg('school', 'raayland') }), 403, 'forbidden');
  });

  it('assigns students of the school to one group at a time (/students/{id}/assign_group)', async () => {
    const assign = (who: string, group_id: string | null, user = admin) =>
      call(h.app, {
        method: 'PUT',
        url: `/api/v1/students/${who}/assign_group`,
        headers: user.as(),
        payload: { data: { type: 'group_membership', attributes: { group_id } } },
      });
    const first = await assign(student.id, groupA);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      type: 'group_membership',
      attributes: { student_id: student.id, group_id: groupA },
    });
    expect((await assign(classmate.id, groupA)).statusCode).toBe(200);
    // Moving to another group: one membership, and the event says where from.
    expect((await assign(student.id, groupB)).json().data.attributes.group_id).toBe(groupB);
    const moved = (await outboxEvents(h, 'organizations.group_membership.changed', student.id)).at(-1);
    expect(moved?.data).toEqual({
      school_id: SCHOOL(),
      student_id: student.id,
      group_id: groupB,
      previous_group_id: groupA,
    });
    expectError(await assign(mentor.id, groupA), 422, 'not_a_student');
    expectError(await assign(student.id, groupA, mentor), 403, 'forbidden');
    const foreignGroup = (
      await call(h.app, {
        method: 'POST',
        url: '/api/v1/groups',
        headers: otherSchoolAdmin.as(),
        payload: { data: { type: 'group', attributes: { name: 'X' } } },
      })
    ).json().data.id;
    expectError(await assign(student.id, foreignGroup), 422, 'validation_failed');
    // The bare form of the body works too.
    const bare = await call(h.app, {
      method: 'PUT',
      url: `/api/v1/students/${classmate.id}/assign_group`,
      headers: admin.as(),
      payload: { group_id: groupB },
    });
    expect(bare.json().data.attributes.group_id).toBe(groupB);
    const out = await assign(classmate.id, null);
    expect(out.json()).toEqual({ data: null });
  });

  it('admins and mentors see every group with its students; a student only their own, without classmates', async () => {
    const list = async (user: TUser) =>
      names(await call(h.app, { url: '/api/v1/groups', headers: user.as() }));
    expect(await list(admin)).toEqual(expect.arrayContaining(['3A', '3B', '4V', '5H', '5V']));
    expect(await list(mentor)).toEqual(await list(admin));
    expect(await list(student)).toEqual(['5V']);
    expect(await list(classmate)).toEqual([]);
    const show = (user: TUser, id: string) =>
      call(h.app, { url: `/api/v1/groups/${id}`, headers: user.as() });
    expect((await show(admin, groupB)).json().data.relationships.students.data).toEqual([
      { type: 'user', id: student.id },
    ]);
    const own = await show(student, groupB);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.relationships.students).toBeUndefined();
    expectError(await show(student, groupA), 403, 'forbidden');
    expectError(await show(provider, groupA), 403, 'forbidden');
  });
});

describe('mentorships', () => {
  it('a school’s admin links any mentor and student of the school; a mentor only themselves', async () => {
    const add = (user: TUser, mentor_id: string, student_id: string) =>
      call(h.app, {
        method: 'POST',
        url: '/api/v1/mentorships',
        headers: user.as(),
        payload: { data: { type: 'mentorship', attributes: { mentor_id, student_id } } },
      });
    const m1 = await add(admin, mentor.id, student.id);
    expect(m1.statusCode, m1.body).toBe(201);
    expect(m1.json().data.relationships.mentor.data).toEqual({ type: 'user', id: mentor.id });
    expectError(await add(admin, mentor.id, student.id), 409, 'conflict');
    expectError(await add(admin, student.id, classmate.id), 422, 'not_a_mentor');
    expectError(await add(admin, mentor.id, mentor.id), 422, 'not_a_student');
    const otherMentor = await userWith(h, [['mentor', SCHOOL(), 'School']]);
    expectError(await add(mentor, otherMentor.id, classmate.id), 403, 'forbidden');
    expect((await add(mentor, mentor.id, classmate.id)).statusCode).toBe(201);
    expectError(await add(student, mentor.id, student.id), 403, 'forbidden');

    const list = async (user: TUser) =>
      (await call(h.app, { url: '/api/v1/mentorships', headers: user.as() }))
        .json()
        .data.map((m: { attributes: { student_id: string } }) => m.attributes.student_id);
    expect((await list(admin)).sort()).toEqual([student.id, classmate.id].sort());
    expect((await list(mentor)).sort()).toEqual([student.id, classmate.id].sort());
    expect(await list(student)).toEqual([student.id]);
    expect(await list(otherMentor)).toEqual([]);
    expectError(await call(h.app, { url: '/api/v1/mentorships', headers: provider.as() }), 403, 'forbidden');

    const del = (user: TUser) =>
      call(h.app, { method: 'DELETE', url: `/api/v1/mentorships/${m1.json().data.id}`, headers: user.as() });
    expectError(await del(otherMentor), 403, 'forbidden');
    expect((await del(mentor)).statusCode).toBe(200);
    expect(await outboxEvents(h, 'organizations.mentorship.removed', m1.json().data.id)).toHaveLength(1);
  });

  it('when identity takes a student’s role away, their group membership and mentorships go too', async () => {
    const leaver = await userWith(h, [['student', SCHOOL(), 'School']]);
    const group = (await call(h.app, { url: '/api/v1/groups', headers: admin.as() })).json().data[0].id;
    await call(h.app, {
      method: 'PUT',
      url: `/api/v1/students/${leaver.id}/assign_group`,
      headers: admin.as(),
      payload: { group_id: group },
    });
    await call(h.app, {
      method: 'POST',
      url: '/api/v1/mentorships',
      headers: admin.as(),
      payload: { data: { type: 'mentorship', attributes: { mentor_id: mentor.id, student_id: leaver.id } } },
    });
    const count = async () => {
      const { rows } = await sql<{ n: number }>`select
        (select count(*) from organizations.group_memberships where student_id = ${leaver.id})
        + (select count(*) from organizations.mentorships where student_id = ${leaver.id}) as n`.execute(
        h.owner,
      );
      return Number(rows[0]!.n);
    };
    expect(await count()).toBe(2);
    await revoke(h, leaver, 'student', SCHOOL());
    await eventually(async () => expect(await count()).toBe(0));
    expect(
      (await outboxEvents(h, 'organizations.group_membership.changed', leaver.id)).at(-1)?.data,
    ).toMatchObject({ group_id: null, previous_group_id: group });
    // Control: the other students keep theirs.
    const remaining = await sql<{
      n: number;
    }>`select count(*)::int as n from organizations.group_memberships where student_id = ${student.id}`.execute(
      h.owner,
    );
    expect(remaining.rows[0]!.n).toBe(1);
  });
});
