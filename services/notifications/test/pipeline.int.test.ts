import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  envelope,
  expectStatus,
  harness,
  internship,
  publish,
  userWith,
  type THarness,
  type TUser,
} from './harness.ts';

/**
 * Who hears of what (docs/decisions/notifications.md "Pipeline"): each rule's recipients, including
 * those found through the read models (an internship's parties, a student's mentors, an organization's
 * admins), and nobody else.
 */
let h: THarness;
let school: string;
let provider: string;
let student: TUser;
let mentor: TUser;
let schoolAdmin: TUser;
let providerAdmin: TUser;
let contact: TUser;
let bystander: TUser;
/** An active internship of the student at the provider, with a contact person. */
let mine: ReturnType<typeof internship>;

beforeAll(async () => {
  h = await harness();
  school = randomUUID();
  provider = randomUUID();
  [student, mentor, schoolAdmin, providerAdmin, contact, bystander] = await Promise.all([
    userWith(h, 'student', school, 'School'),
    userWith(h, 'mentor', school, 'School'),
    userWith(h, 'admin', school, 'School'),
    userWith(h, 'admin', provider, 'Provider'),
    userWith(h, 'volunteer', provider, 'Provider'),
    userWith(h, 'student', school, 'School'),
  ]);
  mine = internship(randomUUID(), {
    school_id: school,
    organization_id: provider,
    contact_person_id: contact.id,
    status: 'active',
  });
  await publish(
    h,
    envelope('organizations.mentorship.added', randomUUID(), {
      mentorship_id: randomUUID(),
      school_id: school,
      mentor_id: mentor.id,
      student_id: student.id,
    }),
  );
}, 120_000);
afterAll(() => h?.close());

/** The kinds in a person's feed, newest first. */
async function kindsOf(user: TUser): Promise<string[]> {
  const res = await call(h.app, {
    method: 'GET',
    url: '/api/v1/notifications?page[size]=100',
    headers: user.headers,
  });
  expectStatus(res, 200);
  return res.json().data.map((n: { attributes: { kind: string } }) => n.attributes.kind);
}

/** The in-process transport resolves once every consumer group applied (or dead-lettered) the events. */
const deliverAll = (...events: ReturnType<typeof envelope>[]) => publish(h, ...events);

describe('the pipeline', () => {
  it('an application: the organization’s admins without a contact person, its contact person with one', async () => {
    const applied = internship(randomUUID(), { organization_id: provider, status: 'applied' });
    const withContact = internship(randomUUID(), {
      organization_id: provider,
      contact_person_id: contact.id,
      status: 'applied',
    });
    await deliverAll(
      envelope('placements.internship.created', applied.internship_id, applied),
      envelope('placements.internship.created', withContact.internship_id, withContact),
    );
    expect(await kindsOf(providerAdmin)).toEqual(['application_received']);
    expect(await kindsOf(contact)).toEqual(['application_received']);
    expect(await kindsOf(bystander)).toEqual([]);
  });

  it('a school’s assignment tells the student; a self-found submission nobody', async () => {
    const assigned = internship(student.id, { school_id: school, status: 'approved' });
    const selfFound = internship(student.id, { school_id: school, status: 'submitted', self_found: true });
    await deliverAll(
      envelope('placements.internship.created', assigned.internship_id, assigned),
      envelope('placements.internship.created', selfFound.internship_id, selfFound),
    );
    expect(await kindsOf(student)).toEqual(['internship_assigned']);
  });

  it('hours: logged to the organization’s side, confirmed and rejected to the student (through the read model)', async () => {
    const ofStudent = { ...mine, student_id: student.id };
    const figures = {
      internship_id: mine.internship_id,
      hours_logged: 4,
      hours_supervisor: 0,
      hours_pending: 4,
      updating_hours_allowed: true,
      signed_off: false,
    };
    const entry = (status: 'pending' | 'confirmed' | 'rejected') => ({
      ...figures,
      entry_id: randomUUID(),
      date: '2026-11-20',
      hours: 4,
      status,
    });
    await deliverAll(
      envelope('placements.internship.activated', mine.internship_id, {
        ...ofStudent,
        from_status: 'approved',
        reason: null,
      }),
      envelope('placements.hours.entry_logged', mine.internship_id, entry('pending')),
      envelope('placements.hours.entry_confirmed', mine.internship_id, entry('confirmed')),
      envelope('placements.hours.entry_rejected', mine.internship_id, entry('rejected')),
    );
    expect(await kindsOf(contact)).toEqual(['hours_submitted', 'application_received']);
    expect((await kindsOf(student)).slice(0, 2)).toEqual(['hours_rejected', 'hours_confirmed']);
    const [rejected] = (
      await call(h.app, { method: 'GET', url: '/api/v1/notifications', headers: student.headers })
    ).json().data;
    expect(rejected.attributes.text).toBe('Je uren van 2026-11-20 zijn afgekeurd');
  });

  it('an evaluation opened: the roles asked, the mentor found through the mentorship', async () => {
    await deliverAll(
      envelope('placements.evaluation.opened', mine.internship_id, {
        evaluation_id: randomUUID(),
        internship_id: mine.internship_id,
        template_id: randomUUID(),
        states: { student: 'open', mentor: 'open', supervisor: 'open' },
        score: null,
      }),
    );
    expect((await kindsOf(student))[0]).toBe('evaluation_requested');
    expect(await kindsOf(mentor)).toEqual(['evaluation_requested']);
  });

  it('a phase task reminded or escalated: its actor (mentor, school admin); a phase entered: the student', async () => {
    const task = {
      internship_id: mine.internship_id,
      phase_task_id: randomUUID(),
      task_id: randomUUID(),
      due_at: null,
    };
    await deliverAll(
      envelope('placements.phase_task.reminded', mine.internship_id, {
        ...task,
        actor: 'mentor',
        reminder: 1,
      }),
      envelope('placements.phase_task.escalated', mine.internship_id, {
        ...task,
        actor: 'mentor',
        level: 2,
        to: 'school_admin',
      }),
      // The seeds' history: a phase already behind the internship tells no one (only its current one).
      envelope('placements.internship_phase.entered', mine.internship_id, {
        internship_id: mine.internship_id,
        version_id: randomUUID(),
        phase_id: randomUUID(),
        internship_phase_id: randomUUID(),
        entry: 0,
        status: 'active',
        backfilled: true,
      }),
      envelope('placements.internship_phase.entered', mine.internship_id, {
        internship_id: mine.internship_id,
        version_id: randomUUID(),
        phase_id: randomUUID(),
        internship_phase_id: randomUUID(),
        entry: 1,
        status: 'active',
      }),
    );
    expect(await kindsOf(mentor)).toEqual(['phase_task_due', 'evaluation_requested']);
    expect(await kindsOf(schoolAdmin)).toEqual(['phase_task_due']);
    const studentKinds = await kindsOf(student);
    expect(studentKinds[0]).toBe('phase_entered');
    expect(studentKinds.filter((k) => k === 'phase_entered')).toHaveLength(1);
  });

  it('a contract: each signer with an account hears of their turn; signed: the student and the organization', async () => {
    const ref = {
      contract_id: randomUUID(),
      internship_id: mine.internship_id,
      school_id: school,
      organization_id: provider,
      student_id: student.id,
    };
    await deliverAll(
      envelope('placements.contract.signer_turn', ref.contract_id, {
        ...ref,
        signers: [
          { signer_id: randomUUID(), role: 'company', order: 1, mailed: true },
          { signer_id: randomUUID(), role: 'parent_guardian', order: 1, mailed: true },
        ],
      }),
      envelope('placements.contract.signer_turn', ref.contract_id, {
        ...ref,
        signers: [
          { signer_id: randomUUID(), role: 'student', order: 2, mailed: true },
          { signer_id: randomUUID(), role: 'school_representative', order: 2, mailed: true },
        ],
      }),
      envelope('placements.contract.signed', ref.contract_id, {
        ...ref,
        signed_at: new Date().toISOString(),
      }),
    );
    expect((await kindsOf(contact)).slice(0, 2)).toEqual(['contract_signed', 'contract_signer_turn']);
    expect((await kindsOf(student)).slice(0, 2)).toEqual(['contract_signed', 'contract_signer_turn']);
    expect((await kindsOf(schoolAdmin))[0]).toBe('contract_signer_turn');
    const [signed] = (
      await call(h.app, { method: 'GET', url: '/api/v1/notifications', headers: student.headers })
    ).json().data;
    expect(signed.attributes.link).toBe(`/contracts/${ref.contract_id}`);
  });

  it('an organization approved: its admins; a bulk message: the students of its internships and those chosen', async () => {
    const other = await userWith(h, 'student', school, 'School');
    await deliverAll(
      envelope('organizations.organization.approved', provider, {
        organization_id: provider,
        organization_type: 'Provider',
        name: 'Bakkerij Brood',
        status: 'approved',
        website: null,
        city: null,
        parent_id: null,
        from_status: 'pending',
        reason: null,
      }),
      envelope('placements.bulk_message.sent', randomUUID(), {
        bulk_message_id: randomUUID(),
        school_id: school,
        subject: 'Stagemarkt donderdag',
        internship_ids: [mine.internship_id],
        student_ids: [other.id],
        recipient_count: 2,
      }),
    );
    expect((await kindsOf(providerAdmin))[0]).toBe('organization_approved');
    expect(await kindsOf(contact)).not.toContain('organization_approved');
    expect((await kindsOf(student))[0]).toBe('bulk_message');
    expect(await kindsOf(other)).toEqual(['bulk_message']);
    const [message] = (
      await call(h.app, {
        method: 'GET',
        url: '/api/v1/notifications',
        headers: { ...other.headers, 'accept-language': 'en' },
      })
    ).json().data;
    expect(message.attributes.text).toBe('New message: Stagemarkt donderdag');
    expect(await kindsOf(bystander)).toEqual([]);
  });
});
