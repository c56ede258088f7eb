import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import {
  call,
  envelope,
  eventually,
  expectStatus,
  getAs,
  hoursEntry,
  internship,
  mentorship,
  named,
  NOW,
  partiesOfFile,
  publish,
  untilRow,
  userWith,
  type TUser,
} from './fixtures.ts';

/**
 * Recent actions (docs/decisions/notifications.md "Recent actions"): each person's scope — a student their
 * own, a school admin their school's, a mentor their mentored students', an organization's admin or
 * volunteer its internships' — filtered by
 * group and period, in nl and en, each linking to its subject; another organization or tenant refused.
 * The school's classmate is the parties' bystander, the provider's volunteer their contact.
 */
const otherSchool = randomUUID();
const otherProvider = randomUUID();
let otherSchoolAdmin: TUser;
let elsewhereTenant: TUser;
let otherSchoolMentor: TUser;
let elsewhereTenantMentor: TUser;
/** The student's application at the provider; the classmate's at another provider; another school's student at the provider. */
let mine: ReturnType<typeof internship>;
let theirs: ReturnType<typeof internship>;
let elsewhere: ReturnType<typeof internship>;

const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** An event that happened at `time` (the service's clock is NOW). */
const at = (e: TEventEnvelope, time: string): TEventEnvelope => ({ ...e, time });

const list = (user: TUser, query = '', lang = 'nl') =>
  getAs(p.h, user, `/api/v1/recent_actions${query}`, lang);
/** The list as `user` sees it acting for `organizationId`. */
const actingFor = (user: TUser, organizationId: string) =>
  call(p.h.app, {
    method: 'GET',
    url: '/api/v1/recent_actions',
    headers: { ...user.headers, 'x-current-organization-id': organizationId },
  });
const kinds = async (user: TUser, query = '') => {
  const res = await list(user, query);
  expectStatus(res, 200);
  return res
    .json()
    .data.map(
      (a: { attributes: { kind: string; subject_id: string } }) =>
        `${a.attributes.kind}:${a.attributes.subject_id}`,
    );
};

const p = partiesOfFile(async () => {
  [otherSchoolAdmin, elsewhereTenant, otherSchoolMentor, elsewhereTenantMentor] = await Promise.all([
    userWith(p.h, 'admin', otherSchool, 'School'),
    // The same school's id in another tenant: nothing of demo's is theirs.
    userWith(p.h, 'admin', p.school, 'School', 'stageplein'),
    userWith(p.h, 'mentor', otherSchool, 'School'),
    userWith(p.h, 'mentor', p.school, 'School', 'stageplein'),
  ]);
  await publish(
    p.h,
    named(p.student, 'Sam', 'Jansen', { periodic_mail_frequency: 'weekly' }, 'identity.user.updated'),
  );
  mine = internship(p.student.id, { school_id: p.school, organization_id: p.provider, title: 'Bakker' });
  theirs = internship(p.bystander.id, {
    school_id: p.school,
    organization_id: otherProvider,
    title: 'Slager',
  });
  elsewhere = internship(randomUUID(), {
    school_id: otherSchool,
    organization_id: p.provider,
    title: 'Kapper',
  });
  await publish(
    p.h,
    // The mentor mentors the student (not the classmate); the other school's mentor that school's
    // student; in another tenant a mentor of the same school id mentors the same student id.
    mentorship(p.school, p.mentor.id, p.student.id),
    mentorship(otherSchool, otherSchoolMentor.id, elsewhere.student_id),
    mentorship(p.school, elsewhereTenantMentor.id, p.student.id, 'stageplein'),
  );
  const applied = at(envelope('placements.internship.created', mine.internship_id, mine), ago(2 * HOUR));
  const last = at(
    envelope('placements.internship.created', elsewhere.internship_id, elsewhere),
    ago(1 * HOUR),
  );
  await publish(
    p.h,
    applied,
    // A replay of the same event adds nothing.
    applied,
    at(
      envelope(
        'placements.hours.entry_logged',
        mine.internship_id,
        hoursEntry(mine.internship_id, { hours: 6, hours_logged: 6, hours_pending: 6 }),
      ),
      ago(3 * DAY),
    ),
    at(
      envelope('placements.internship.accepted', theirs.internship_id, {
        ...theirs,
        status: 'accepted',
        from_status: 'applied',
        reason: null,
      }),
      ago(20 * DAY),
    ),
    // Too long ago for any period.
    at(
      envelope('placements.internship.created', theirs.internship_id, { ...theirs, status: 'applied' }),
      ago(40 * DAY),
    ),
    last,
  );
  await untilRow(p.h, 'recent_actions', 'event_id', last.id);
});

describe('recent actions', () => {
  it('a student sees their own internship’s actions, newest first, each with its text and link', async () => {
    const res = await list(p.student);
    expectStatus(res, 200);
    expect(res.json().meta).toEqual({ total: 2, scope: 'own', period: 'week' });
    const [first, second] = res.json().data;
    expect(first.attributes).toMatchObject({
      kind: 'application_submitted',
      group: 'applications',
      text: 'Sam solliciteerde op ‘Bakker’',
      subject_type: 'internship',
      subject_id: mine.internship_id,
      link: `/internships/${mine.internship_id}`,
    });
    expect(second.attributes).toMatchObject({
      kind: 'hours_logged',
      text: 'Sam schreef 6 uur op 2026-11-18 bij ‘Bakker’',
    });
    expect((await list(p.student, '', 'en')).json().data[0].attributes.text).toBe('Sam applied for ‘Bakker’');
    // The classmate's accepted application is 20 days old: a month shows it, a week does not.
    expect(await kinds(p.bystander)).toEqual([]);
    expect(await kinds(p.bystander, '?filter[period]=month')).toEqual([
      `application_accepted:${theirs.internship_id}`,
    ]);
  });

  it('a mentor sees their mentored students’ internships’, not the school’s, another school’s or tenant’s', async () => {
    const res = await list(p.mentor, '?filter[period]=month');
    expectStatus(res, 200);
    expect(res.json().meta.scope).toBe('mentor');
    // Not the classmate's accepted application (not mentored), not the other school's.
    expect(await kinds(p.mentor, '?filter[period]=month')).toEqual([
      `application_submitted:${mine.internship_id}`,
      `hours_logged:${mine.internship_id}`,
    ]);
    // A mentor of another school sees only that school's mentored student's, none of this school's.
    expect(await kinds(otherSchoolMentor, '?filter[period]=month')).toEqual([
      `application_submitted:${elsewhere.internship_id}`,
    ]);
    // The same school and student ids mentored in another tenant: none of demo's.
    expect(await kinds(elsewhereTenantMentor, '?filter[period]=month')).toEqual([]);
    // Acting for a school they are no mentor at.
    expectStatus(await actingFor(p.mentor, otherSchool), 403, 'forbidden');
  });

  it('a school admin sees the school’s, an organization’s admin and volunteer its internships’', async () => {
    expect(await kinds(p.schoolAdmin, '?filter[period]=month')).toEqual([
      `application_submitted:${mine.internship_id}`,
      `hours_logged:${mine.internship_id}`,
      `application_accepted:${theirs.internship_id}`,
    ]);
    const providers = [
      `application_submitted:${elsewhere.internship_id}`,
      `application_submitted:${mine.internship_id}`,
      `hours_logged:${mine.internship_id}`,
    ];
    expect(await kinds(p.providerAdmin, '?filter[period]=month')).toEqual(providers);
    expect(await kinds(p.contact, '?filter[period]=month')).toEqual(providers);
    expect(await kinds(otherSchoolAdmin, '?filter[period]=month')).toEqual([
      `application_submitted:${elsewhere.internship_id}`,
    ]);
    expect((await list(p.schoolAdmin)).json().meta.scope).toBe('school');
    expect((await list(p.providerAdmin)).json().meta.scope).toBe('organization');
  });

  it('filters by group and period', async () => {
    expect(await kinds(p.schoolAdmin, '?filter[group]=hours&filter[period]=month')).toEqual([
      `hours_logged:${mine.internship_id}`,
    ]);
    expect(await kinds(p.schoolAdmin, '?filter[period]=day')).toEqual([
      `application_submitted:${mine.internship_id}`,
    ]);
    const page = await list(p.schoolAdmin, '?filter[period]=month&page[size]=1&page[number]=2');
    expectStatus(page, 200);
    expect(page.json().data).toHaveLength(1);
    expect(page.json().meta.total).toBe(3);
  });

  it('refuses unknown filters in nl and en, another organization and another tenant', async () => {
    const bad = await list(p.schoolAdmin, '?filter[group]=everything');
    expectStatus(bad, 400, 'bad_request');
    expect(bad.json().errors[0].source).toEqual({ parameter: 'filter[group]' });
    expectStatus(await list(p.schoolAdmin, '?filter[period]=year', 'en'), 400, 'bad_request');
    expect((await list(p.schoolAdmin, '?filter[period]=year', 'en')).json().errors[0].detail).not.toBe(
      bad.json().errors[0].detail,
    );
    expectStatus(await list(p.schoolAdmin, '?filter[author]=x'), 400, 'bad_request');
    // Acting for an organization they hold no role at.
    expectStatus(await actingFor(p.schoolAdmin, p.provider), 403, 'forbidden');
    // The same school id in another tenant sees none of demo's; their token does not open demo.
    expect(await kinds(elsewhereTenant, '?filter[period]=month')).toEqual([]);
    expectStatus(
      await call(p.h.app, {
        method: 'GET',
        url: '/api/v1/recent_actions',
        headers: { ...elsewhereTenant.headers, 'x-tenant': 'demo' },
      }),
      401,
    );
    expectStatus(
      await call(p.h.app, { method: 'GET', url: '/api/v1/recent_actions', headers: { 'x-tenant': 'demo' } }),
      401,
    );
  });

  // Last: it adds an action the lists above would show.
  it('a mentor also sees what they did themselves, at an internship of a student they do not mentor', async () => {
    const confirmed = envelope('placements.internship.accepted', theirs.internship_id, {
      ...theirs,
      status: 'accepted',
      from_status: 'applied',
      reason: null,
    });
    await publish(p.h, { ...at(confirmed, ago(HOUR / 2)), actor: p.mentor.id });
    await eventually(async () =>
      expect(await kinds(p.mentor)).toEqual([
        `application_accepted:${theirs.internship_id}`,
        `application_submitted:${mine.internship_id}`,
        `hours_logged:${mine.internship_id}`,
      ]),
    );
    expect(await kinds(otherSchoolMentor)).toEqual([`application_submitted:${elsewhere.internship_id}`]);
  });
});
