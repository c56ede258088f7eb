import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  call,
  envelope,
  expectStatus,
  hoursEntry,
  internship,
  mentorship,
  partiesOfFile,
  publish,
  userWith,
  type TUser,
} from './fixtures.ts';

/**
 * Who hears of what (docs/decisions/notifications.md "Pipeline"): each rule's recipients, including
 * those found through the read models (an internship's parties, a student's mentors, an organization's
 * admins), and nobody else.
 */

const p = partiesOfFile(async () => {
  await publish(p.h, mentorship(p.school, p.mentor.id, p.student.id));
});

/** The kinds in a person's feed, newest first. */
async function kindsOf(user: TUser): Promise<string[]> {
  const res = await call(p.h.app, {
    method: 'GET',
    url: '/api/v1/notifications?page[size]=100',
    headers: user.headers,
  });
  expectStatus(res, 200);
  return res.json().data.map((n: { attributes: { kind: string } }) => n.attributes.kind);
}

/** The in-process transport resolves once every consumer group applied (or dead-lettered) the events. */
const deliverAll = (...events: ReturnType<typeof envelope>[]) => publish(p.h, ...events);

describe('the pipeline', () => {
  it('an application: the organization’s admins without a contact person, its contact person with one', async () => {
    const applied = internship(randomUUID(), { organization_id: p.provider, status: 'applied' });
    const withContact = internship(randomUUID(), {
      organization_id: p.provider,
      contact_person_id: p.contact.id,
      status: 'applied',
    });
    await deliverAll(
      envelope('placements.internship.created', applied.internship_id, applied),
      envelope('placements.internship.created', withContact.internship_id, withContact),
    );
    expect(await kindsOf(p.providerAdmin)).toEqual(['application_received']);
    expect(await kindsOf(p.contact)).toEqual(['application_received']);
    expect(await kindsOf(p.bystander)).toEqual([]);
  });

  it('a school’s assignment tells the student; a self-found submission nobody', async () => {
    const assigned = internship(p.student.id, { school_id: p.school, status: 'approved' });
    const selfFound = internship(p.student.id, {
      school_id: p.school,
      status: 'submitted',
      self_found: true,
    });
    await deliverAll(
      envelope('placements.internship.created', assigned.internship_id, assigned),
      envelope('placements.internship.created', selfFound.internship_id, selfFound),
    );
    expect(await kindsOf(p.student)).toEqual(['internship_assigned']);
  });

  it('hours: logged to the organization’s side, confirmed and rejected to the student (through the read model)', async () => {
    const entry = (status: 'pending' | 'confirmed' | 'rejected') =>
      hoursEntry(p.mine.internship_id, { date: '2026-11-20', status });
    await deliverAll(
      envelope('placements.internship.activated', p.mine.internship_id, {
        ...p.mine,
        from_status: 'approved',
        reason: null,
      }),
      envelope('placements.hours.entry_logged', p.mine.internship_id, entry('pending')),
      envelope('placements.hours.entry_confirmed', p.mine.internship_id, entry('confirmed')),
      envelope('placements.hours.entry_rejected', p.mine.internship_id, entry('rejected')),
    );
    expect(await kindsOf(p.contact)).toEqual(['hours_submitted', 'application_received']);
    expect((await kindsOf(p.student)).slice(0, 2)).toEqual(['hours_rejected', 'hours_confirmed']);
    const [rejected] = (
      await call(p.h.app, { method: 'GET', url: '/api/v1/notifications', headers: p.student.headers })
    ).json().data;
    expect(rejected.attributes.text).toBe('Je uren van 2026-11-20 zijn afgekeurd');
  });

  it('an evaluation opened: the roles asked, the mentor found through the mentorship', async () => {
    await deliverAll(
      envelope('placements.evaluation.opened', p.mine.internship_id, {
        evaluation_id: randomUUID(),
        internship_id: p.mine.internship_id,
        template_id: randomUUID(),
        states: { student: 'open', mentor: 'open', supervisor: 'open' },
        score: null,
      }),
    );
    expect((await kindsOf(p.student))[0]).toBe('evaluation_requested');
    expect(await kindsOf(p.mentor)).toEqual(['evaluation_requested']);
  });

  it('a phase task reminded or escalated: its actor (mentor, school admin); a phase entered: the student', async () => {
    const task = {
      internship_id: p.mine.internship_id,
      phase_task_id: randomUUID(),
      task_id: randomUUID(),
      due_at: null,
    };
    await deliverAll(
      envelope('placements.phase_task.reminded', p.mine.internship_id, {
        ...task,
        actor: 'mentor',
        reminder: 1,
      }),
      envelope('placements.phase_task.escalated', p.mine.internship_id, {
        ...task,
        actor: 'mentor',
        level: 2,
        to: 'school_admin',
      }),
      // The seeds' history: a phase already behind the internship tells no one (only its current one).
      envelope('placements.internship_phase.entered', p.mine.internship_id, {
        internship_id: p.mine.internship_id,
        version_id: randomUUID(),
        phase_id: randomUUID(),
        internship_phase_id: randomUUID(),
        entry: 0,
        status: 'active',
        backfilled: true,
      }),
      envelope('placements.internship_phase.entered', p.mine.internship_id, {
        internship_id: p.mine.internship_id,
        version_id: randomUUID(),
        phase_id: randomUUID(),
        internship_phase_id: randomUUID(),
        entry: 1,
        status: 'active',
      }),
    );
    expect(await kindsOf(p.mentor)).toEqual(['phase_task_due', 'evaluation_requested']);
    expect(await kindsOf(p.schoolAdmin)).toEqual(['phase_task_due']);
    const studentKinds = await kindsOf(p.student);
    expect(studentKinds[0]).toBe('phase_entered');
    expect(studentKinds.filter((k) => k === 'phase_entered')).toHaveLength(1);
  });

  it('a contract: each signer with an account hears of their turn; signed: the student and the organization', async () => {
    const ref = {
      contract_id: randomUUID(),
      internship_id: p.mine.internship_id,
      school_id: p.school,
      organization_id: p.provider,
      student_id: p.student.id,
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
    expect((await kindsOf(p.contact)).slice(0, 2)).toEqual(['contract_signed', 'contract_signer_turn']);
    expect((await kindsOf(p.student)).slice(0, 2)).toEqual(['contract_signed', 'contract_signer_turn']);
    expect((await kindsOf(p.schoolAdmin))[0]).toBe('contract_signer_turn');
    const [signed] = (
      await call(p.h.app, { method: 'GET', url: '/api/v1/notifications', headers: p.student.headers })
    ).json().data;
    expect(signed.attributes.link).toBe(`/contracts/${ref.contract_id}`);
  });

  it('an organization approved: its admins; a bulk message: the students of its internships and those chosen', async () => {
    const other = await userWith(p.h, 'student', p.school, 'School');
    await deliverAll(
      envelope('organizations.organization.approved', p.provider, {
        organization_id: p.provider,
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
        school_id: p.school,
        subject: 'Stagemarkt donderdag',
        internship_ids: [p.mine.internship_id],
        student_ids: [other.id],
        recipient_count: 2,
      }),
    );
    expect((await kindsOf(p.providerAdmin))[0]).toBe('organization_approved');
    expect(await kindsOf(p.contact)).not.toContain('organization_approved');
    expect((await kindsOf(p.student))[0]).toBe('bulk_message');
    expect(await kindsOf(other)).toEqual(['bulk_message']);
    const [message] = (
      await call(p.h.app, {
        method: 'GET',
        url: '/api/v1/notifications',
        headers: { ...other.headers, 'accept-language': 'en' },
      })
    ).json().data;
    expect(message.attributes.text).toBe('New message: Stagemarkt donderdag');
    expect(await kindsOf(p.bystander)).toEqual([]);
  });
});
