import { sql } from 'kysely';
import { sameMailbox } from '@stageplein/contracts/placements/organization-contacts';
import { ApiError } from '@stageplein/kit/errors/api-error';
import type { TDb } from '../database.ts';
import type { TChangeActor } from '../shared/request.ts';

/**
 * Who an internship's workplace supervisor is, and whether the school approved them (issue #31;
 * docs/decisions/internships.md "The supervisor"). The links of hours, evaluations and assignments go to
 * one address: the supervisor's account's, else the supervisor named without an account (#30), else
 * the contact's (a self-found internship's). They go only once the school approved that address.
 */

/** The address links go to, lower-cased; null when the internship names nobody. */
export const supervisorAddress = (i: {
  account_email: string | null;
  supervisor_email: string | null;
  contact_email: string | null;
}): string | null => (i.account_email ?? i.supervisor_email ?? i.contact_email)?.toLowerCase() ?? null;

/** What decides an internship's supervisor: its columns and its supervisor's account (null: none, or deleted). */
export interface TSupervisorColumns {
  account: { email: string | null; first_name: string | null; last_name: string | null } | null;
  supervisor_email: string | null;
  supervisor_name: string | null;
  contact_email: string | null;
  contact_name: string | null;
}

/**
 * The internship's supervisor, the one rule for where links go and to whom (hours sheet, evaluations,
 * assignments, a changed address): the account's address and name, else the supervisor named without an
 * account, else the contact (a self-found internship's).
 */
export function supervisorOf(i: TSupervisorColumns): { address: string | null; name: string | null } {
  const account = i.account?.email ? i.account : null;
  const address = supervisorAddress({
    account_email: account?.email ?? null,
    supervisor_email: i.supervisor_email,
    contact_email: i.contact_email,
  });
  const name = account
    ? [account.first_name, account.last_name].filter(Boolean).join(' ') || null
    : i.supervisor_email
      ? i.supervisor_name
      : i.contact_name;
  return { address, name };
}

/** The school approved exactly this address (a changed address needs a new approval). */
export const isSupervisorApproved = (address: string | null, approved: string | null): boolean =>
  address !== null && address === approved;

const ownSupervisor = (field: string) =>
  new ApiError('own_supervisor', {}, { pointer: `/data/attributes/${field}` });

/** Holds a student role at the school: another account of a student there is no supervisor either. */
async function isStudentAt(db: TDb, schoolId: string, where: { userId?: string; email?: string }) {
  let q = db
    .selectFrom('placements.auth_roles as r')
    .innerJoin('placements.users as u', 'u.id', 'r.user_id')
    .select('u.id')
    .where('r.resource_id', '=', schoolId)
    .where('r.name', '=', 'student')
    .where('u.deleted', '=', false);
  if (where.userId) q = q.where('u.id', '=', where.userId);
  if (where.email) q = q.where(sql<string>`lower(u.email)`, '=', where.email.toLowerCase());
  return !!(await q.limit(1).executeTakeFirst());
}

/**
 * 422 `own_supervisor` at `field` when the person or the address is the student's: the student
 * themselves, an account or address reaching the student's mailbox (case, `+tag`, Gmail's dots), or an
 * account holding a student role at the school. A private alias elsewhere is not recognisable: the
 * school's approval of the address is the check for that (docs/security.md).
 */
export async function refuseOwnSupervisor(
  db: TDb,
  internship: { student_id: string; school_id: string },
  field: string,
  choice: { personId?: string | null; email?: string | null },
): Promise<void> {
  const { personId, email } = choice;
  if (!personId && !email) return;
  if (personId === internship.student_id) throw ownSupervisor(field);
  const student = await db
    .selectFrom('placements.users')
    .select('email')
    .where('id', '=', internship.student_id)
    .executeTakeFirst();
  const address = personId
    ? (await db.selectFrom('placements.users').select('email').where('id', '=', personId).executeTakeFirst())
        ?.email
    : email;
  if (sameMailbox(address, student?.email)) throw ownSupervisor(field);
  if (personId && (await isStudentAt(db, internship.school_id, { userId: personId })))
    throw ownSupervisor(field);
  if (address && (await isStudentAt(db, internship.school_id, { email: address })))
    throw ownSupervisor(field);
}

/** Where the internship's supervisor links go now and the name they go to (`supervisorOf`). */
export async function currentSupervisor(
  db: TDb,
  internshipId: string,
): Promise<{ address: string | null; name: string | null }> {
  const row = await db
    .selectFrom('placements.internships as i')
    .leftJoin('placements.users as sup', (j) =>
      j.onRef('sup.id', '=', 'i.supervisor_id').on('sup.deleted', '=', false),
    )
    .select([
      'sup.email as account_email',
      'sup.first_name',
      'sup.last_name',
      'i.supervisor_email',
      'i.supervisor_name',
      'i.contact_email',
      'i.contact_name',
    ])
    .where('i.id', '=', internshipId)
    .executeTakeFirst();
  if (!row) return { address: null, name: null };
  return supervisorOf({
    ...row,
    account: { email: row.account_email, first_name: row.first_name, last_name: row.last_name },
  });
}

/**
 * Records the school's approval of the internship's current supervisor address; returns it. Seeds
 * pass the demo account's `address`: they run before the users read model knows it.
 */
export async function approveSupervisorAddress(
  db: TDb,
  internshipId: string,
  actor: TChangeActor,
  now: Date,
  address: string | null = null,
): Promise<string | null> {
  address = address?.toLowerCase() ?? (await currentSupervisor(db, internshipId)).address;
  await db
    .updateTable('placements.internships')
    .set({
      supervisor_approved_email: address,
      supervisor_approved_by: address ? actor.userId : null,
      supervisor_approved_at: address ? now : null,
    })
    .where('id', '=', internshipId)
    .execute();
  return address;
}
