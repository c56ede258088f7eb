import type { TRoleName } from '../identity/roles.ts';

/**
 * Who may be named as an organization's contact: an internship's contact person and supervisor, a
 * vacancy's contact person (docs/decisions/internships.md). One rule for both, so the server's refusal
 * (422 `person_not_in_organization`) and the editors' pickers agree everywhere. No zod here: the
 * editors import it (the people list's wire schema is organization-people.ts).
 */

/** A role a person holds (identity's roles as the read models keep them). */
export interface TPersonRole {
  name: TRoleName;
  resourceId: string;
}

/**
 * A person works for the organization: a role there other than the learner's (student, volunteer).
 * Without an organization (a self-found internship the platform does not know yet) nobody can be
 * chosen; the contact fields describe the person instead.
 */
export const mayBeOrganizationContact = (
  roles: readonly TPersonRole[],
  organizationId: string | null,
): boolean =>
  organizationId !== null &&
  roles.some((r) => r.resourceId === organizationId && r.name !== 'student' && r.name !== 'volunteer');

/**
 * The editors' picker data (portal and back office, internships and vacancies alike): the people the
 * rule allows, and the current choice first when it is no longer offered, so opening an editor and
 * saving it changes nothing.
 */
export function contactChoices<T extends { id: string; roles?: readonly TPersonRole[] }>(
  people: readonly T[],
  organizationId: string | null,
  current: T | null | undefined,
): T[] {
  const allowed = people.filter((p) => mayBeOrganizationContact(p.roles ?? [], organizationId));
  return current && !allowed.some((p) => p.id === current.id) ? [current, ...allowed] : allowed;
}

/**
 * The mailbox an address reaches, for telling whether a contact or supervisor address is the
 * student's own (issue #31): case ignored, a `+tag` sub-address dropped, and Gmail's dots, which Gmail
 * ignores. A private alias on another domain reaches the student too and is not recognisable; the
 * school approves the supervisor's address before any link goes out (docs/security.md).
 */
export function mailboxOf(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  let local = email.slice(0, at).split('+')[0]!;
  const domain = email.slice(at + 1);
  if (domain === 'gmail.com' || domain === 'googlemail.com') local = local.replaceAll('.', '');
  return `${local}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}

export const sameMailbox = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && mailboxOf(a) === mailboxOf(b);
