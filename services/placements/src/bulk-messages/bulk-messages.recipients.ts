import type { TBulkMessageRecipientKind } from '@stageplein/contracts/placements/bulk-messages';
import type { TSchoolInternship, TSchoolStudent } from './bulk-messages.repository.ts';

export interface TRecipient {
  /** Null: a student chosen without an internship. */
  internshipId: string | null;
  kind: TBulkMessageRecipientKind;
  /** A user of the platform (identity reads their address and language), or null: an address only. */
  userId: string | null;
  /** Lower case; one mail per address and message. */
  email: string;
  name: string | null;
}

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || null;

/**
 * Who a message reaches: each internship's student, and when asked its contact (the contact person's
 * account, else the contact address the internship names) and its supervisor. One recipient per
 * address (the first role it appears in wins: a student with two internships gets one mail); then the
 * students chosen without an internship. People
 * placements does not know (no read-model row yet) and internships without a contact are skipped.
 */
export function resolveRecipients(
  internships: readonly TSchoolInternship[],
  options: { toContacts: boolean; toSupervisors: boolean },
  students: readonly TSchoolStudent[] = [],
): TRecipient[] {
  const byEmail = new Map<string, TRecipient>();
  const add = (r: Omit<TRecipient, 'email'> & { email: string | null }) => {
    const email = r.email?.trim().toLowerCase();
    if (email && !byEmail.has(email)) byEmail.set(email, { ...r, email });
  };
  for (const i of internships) {
    add({
      internshipId: i.id,
      kind: 'student',
      userId: i.student_id,
      email: i.student_email,
      name: fullName(i.student_first_name, i.student_last_name),
    });
    if (options.toContacts) {
      if (i.contact_person_id && i.contact_person_email)
        add({
          internshipId: i.id,
          kind: 'contact',
          userId: i.contact_person_id,
          email: i.contact_person_email,
          name: fullName(i.contact_person_first_name, i.contact_person_last_name),
        });
      else
        add({
          internshipId: i.id,
          kind: 'contact',
          userId: null,
          email: i.contact_email,
          name: i.contact_name,
        });
    }
    if (options.toSupervisors && i.supervisor_id)
      add({
        internshipId: i.id,
        kind: 'supervisor',
        userId: i.supervisor_id,
        email: i.supervisor_email,
        name: fullName(i.supervisor_first_name, i.supervisor_last_name),
      });
  }
  // Students chosen without an internship (by group, level or period): themselves only.
  for (const s of students)
    add({
      internshipId: null,
      kind: 'student',
      userId: s.id,
      email: s.email,
      name: fullName(s.first_name, s.last_name),
    });
  return [...byEmail.values()];
}
