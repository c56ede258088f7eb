import { describe, expect, it } from 'vitest';
import type { TSchoolInternship } from './bulk-messages.repository.ts';
import { resolveRecipients } from './bulk-messages.recipients.ts';

const internship = (id: string, over: Partial<TSchoolInternship> = {}): TSchoolInternship => ({
  id,
  student_id: `student-${id}`,
  student_email: `Student.${id}@School.test`,
  student_first_name: 'Sam',
  student_last_name: id,
  contact_person_id: null,
  contact_person_email: null,
  contact_person_first_name: null,
  contact_person_last_name: null,
  contact_name: null,
  contact_email: null,
  supervisor_id: null,
  supervisor_email: null,
  supervisor_first_name: null,
  supervisor_last_name: null,
  ...over,
});

describe('resolveRecipients', () => {
  it('students only unless asked, addresses in lower case', () => {
    const rs = resolveRecipients([internship('a', { contact_email: 'c@x.test', supervisor_id: 'v' })], {
      toContacts: false,
      toSupervisors: false,
    });
    expect(rs).toEqual([
      {
        internshipId: 'a',
        kind: 'student',
        userId: 'student-a',
        email: 'student.a@school.test',
        name: 'Sam a',
      },
    ]);
  });

  it('contacts: the contact person’s account first, else the address the internship names', () => {
    const rs = resolveRecipients(
      [
        internship('a', {
          contact_person_id: 'p',
          contact_person_email: 'p@org.test',
          contact_person_first_name: 'Piet',
          contact_person_last_name: 'Jansen',
          contact_email: 'other@org.test',
        }),
        internship('b', { contact_name: 'Anna', contact_email: 'Anna@Asiel.test' }),
        internship('c'),
      ],
      { toContacts: true, toSupervisors: false },
    );
    expect(rs.filter((r) => r.kind === 'contact')).toEqual([
      { internshipId: 'a', kind: 'contact', userId: 'p', email: 'p@org.test', name: 'Piet Jansen' },
      { internshipId: 'b', kind: 'contact', userId: null, email: 'anna@asiel.test', name: 'Anna' },
    ]);
  });

  it('supervisors known to placements; one mail per address across internships and roles', () => {
    const shared = { supervisor_id: 'v', supervisor_email: 'v@org.test', supervisor_first_name: 'Vera' };
    const rs = resolveRecipients(
      [
        internship('a', shared),
        internship('b', { ...shared, student_email: 'STUDENT.a@school.test' }),
        internship('c', { supervisor_id: 'unknown', supervisor_email: null }),
      ],
      { toContacts: false, toSupervisors: true },
    );
    expect(rs.map((r) => [r.kind, r.email])).toEqual([
      ['student', 'student.a@school.test'],
      ['supervisor', 'v@org.test'],
      ['student', 'student.c@school.test'],
    ]);
  });

  it('adds students chosen without an internship once, after the internships’ people', () => {
    const rs = resolveRecipients([internship('a')], { toContacts: false, toSupervisors: false }, [
      { id: 'student-a', email: 'STUDENT.a@school.test', first_name: 'Sam', last_name: 'a' },
      { id: 'free', email: 'Free@School.test', first_name: 'Fien', last_name: null },
      { id: 'unknown', email: null, first_name: null, last_name: null },
    ]);
    expect(rs.map((r) => [r.internshipId, r.kind, r.email, r.name])).toEqual([
      ['a', 'student', 'student.a@school.test', 'Sam a'],
      [null, 'student', 'free@school.test', 'Fien'],
    ]);
  });
});
