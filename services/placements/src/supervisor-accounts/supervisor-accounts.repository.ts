import type { Insertable, Selectable } from 'kysely';
import type { TSupervisorAccountRequestStatus } from '@stageplein/contracts/placements/supervisor-accounts';
import type { TDb } from '../database.ts';
import type { TSupervisorAccountRequestsTable } from './supervisor-accounts.table.ts';

export type TRequestRow = Selectable<TSupervisorAccountRequestsTable>;
export type TRequestView = TRequestRow & { internship_title: string | null };

const TABLE = 'placements.supervisor_account_requests';

/** A new request; undefined when the organization already has one for the address (that one stands). */
export const insertRequest = (db: TDb, row: Insertable<TSupervisorAccountRequestsTable>) =>
  db
    .insertInto(TABLE)
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'organization_id', 'email']).doNothing())
    .returningAll()
    .executeTakeFirst();

export const findRequestByAddress = (db: TDb, organizationId: string, email: string) =>
  db
    .selectFrom(TABLE)
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('email', '=', email)
    .executeTakeFirst();

export const lockRequest = (db: TDb, id: string) =>
  db.selectFrom(TABLE).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const answerRequest = (
  db: TDb,
  id: string,
  answer: {
    status: TSupervisorAccountRequestStatus;
    answered_at: Date;
    answered_by: string;
    user_id: string | null;
  },
) => db.updateTable(TABLE).set(answer).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** The organization's requests, newest first, with the internship's title and student; and their number. */
export async function listRequests(
  db: TDb,
  organizationId: string,
  filter: { status?: TSupervisorAccountRequestStatus; limit: number },
): Promise<{ rows: TRequestView[]; total: number }> {
  let q = db.selectFrom(`${TABLE} as r`).where('r.organization_id', '=', organizationId);
  if (filter.status) q = q.where('r.status', '=', filter.status);
  const [rows, count] = await Promise.all([
    q
      .innerJoin('placements.internships as i', 'i.id', 'r.internship_id')
      .leftJoin('placements.users as s', 's.id', 'i.student_id')
      .selectAll('r')
      .select(['i.title', 's.first_name', 's.last_name'])
      .orderBy('r.requested_at', 'desc')
      .orderBy('r.id')
      .limit(filter.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map(({ title, first_name, last_name, ...r }) => ({
      ...r,
      internship_title: [title, [first_name, last_name].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(' · '),
    })),
    total: Number(count.n),
  };
}

/** The internship's supervisor account, if any, and whether the address already has an account here. */
export async function accountFacts(
  db: TDb,
  internshipId: string,
  email: string,
): Promise<{ supervisor_id: string | null; address_has_account: boolean }> {
  const [internship, user] = await Promise.all([
    db
      .selectFrom('placements.internships')
      .select('supervisor_id')
      .where('id', '=', internshipId)
      .executeTakeFirst(),
    db
      .selectFrom('placements.users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .where('deleted', '=', false)
      .executeTakeFirst(),
  ]);
  return { supervisor_id: internship?.supervisor_id ?? null, address_has_account: !!user };
}
