import { sql, type Insertable, type Selectable, type SqlBool, type Updateable } from 'kysely';
import type { TInternshipScope } from '@stageplein/contracts/placements/internship-policy';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';
import {
  SIGNER_ROLES,
  type TContractSealState,
  type TContractStatus,
} from '@stageplein/contracts/internship-contracts/contract-rules';
import type { TDb } from '../../database.ts';
import { scopeCondition } from '../../internships/index.ts';
import type { TContractSignersTable, TContractsTable } from './contracts.table.ts';

export type TContractRow = Selectable<TContractsTable>;
export type TSignerRow = Selectable<TContractSignersTable>;

/** A contract with what its screens show beside it. */
export interface TContractView extends TContractRow {
  student_name: string;
  organization_name: string | null;
  internship_title: string;
  template_version: number;
  internship_status: TInternshipStatus;
  internship_self_found: boolean;
  signers: TSignerRow[];
}

const json = <T>(value: T) => sql<T>`${JSON.stringify(value)}::jsonb`;

export async function insertContract(
  db: TDb,
  row: Omit<Insertable<TContractsTable>, 'variables' | 'company_fields' | 'company_values'> &
    Pick<TContractRow, 'variables' | 'company_fields' | 'company_values'>,
): Promise<TContractRow> {
  return db
    .insertInto('placements.contracts')
    .values({
      ...row,
      variables: json(row.variables),
      company_fields: json(row.company_fields),
      company_values: json(row.company_values),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateContract(
  db: TDb,
  id: string,
  changes: Omit<Updateable<TContractsTable>, 'variables' | 'company_values'> &
    Partial<Pick<TContractRow, 'variables' | 'company_values'>>,
): Promise<TContractRow> {
  const { variables, company_values, ...rest } = changes;
  return db
    .updateTable('placements.contracts')
    .set({
      ...rest,
      ...(variables ? { variables: json(variables) } : {}),
      ...(company_values ? { company_values: json(company_values) } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findContract(db: TDb, id: string, lock = false): Promise<TContractRow | undefined> {
  const q = db.selectFrom('placements.contracts').selectAll().where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

/** The internship's contract that is not voided (at most one: a partial unique index). */
export async function openContractOf(db: TDb, internshipId: string): Promise<TContractRow | undefined> {
  return db
    .selectFrom('placements.contracts')
    .selectAll()
    .where('internship_id', '=', internshipId)
    .where('status', '<>', 'voided')
    .executeTakeFirst();
}

export async function insertSigners(
  db: TDb,
  rows: Insertable<TContractSignersTable>[],
): Promise<TSignerRow[]> {
  if (rows.length === 0) return [];
  return db.insertInto('placements.contract_signers').values(rows).returningAll().execute();
}

export async function deleteSigners(db: TDb, contractId: string): Promise<void> {
  await db.deleteFrom('placements.contract_signers').where('contract_id', '=', contractId).execute();
}

export async function signersOf(db: TDb, contractIds: string[]): Promise<Map<string, TSignerRow[]>> {
  const out = new Map<string, TSignerRow[]>(contractIds.map((id) => [id, []]));
  if (contractIds.length === 0) return out;
  const rows = await db
    .selectFrom('placements.contract_signers')
    .selectAll()
    .where('contract_id', 'in', contractIds)
    .execute();
  // By order group, then in the roles' order (student before the parent or guardian, …).
  rows.sort((a, b) => a.position - b.position || SIGNER_ROLES.indexOf(a.role) - SIGNER_ROLES.indexOf(b.role));
  for (const row of rows) out.get(row.contract_id)?.push(row);
  return out;
}

/** What the contracts' list and read view show beside a contract, from the internship and the users. */
function viewQuery(db: TDb) {
  return db
    .selectFrom('placements.contracts as c')
    .innerJoin('placements.internships as i', 'i.id', 'c.internship_id')
    .leftJoin('placements.users as u', 'u.id', 'c.student_id')
    .leftJoin('placements.organizations as o', 'o.id', 'c.organization_id')
    .innerJoin('placements.contract_template_versions as v', 'v.id', 'c.template_version_id')
    .selectAll('c')
    .select([
      sql<string>`coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), '—')`.as(
        'student_name',
      ),
      sql<string | null>`coalesce(o.name, i.organization_name)`.as('organization_name'),
      'i.title as internship_title',
      'v.version as template_version',
      'i.status as internship_status',
      'i.self_found as internship_self_found',
    ]);
}

async function withSigners(db: TDb, rows: Omit<TContractView, 'signers'>[]): Promise<TContractView[]> {
  const signers = await signersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, signers: signers.get(r.id) ?? [] }));
}

export async function findContractView(db: TDb, id: string): Promise<TContractView | undefined> {
  const row = await viewQuery(db).where('c.id', '=', id).executeTakeFirst();
  return row ? (await withSigners(db, [row]))[0] : undefined;
}

/**
 * The contracts of the internships the viewer's parties see (contracts' `internshipScopes`, the
 * internships' own SQL), plus those whose company fields wait for the viewer as contact person.
 */
export async function listContracts(
  db: TDb,
  scopes: readonly TInternshipScope[],
  contactPersonId: string | null,
  filters: { internshipId?: string; status?: TContractStatus; sealState?: TContractSealState },
): Promise<TContractView[]> {
  let q = viewQuery(db).where((eb) =>
    eb.or([
      sql<SqlBool>`false`,
      // A student's scope: contracts' studentSeesContract (no drafts; voided only once sent out).
      ...scopes.map((scope) =>
        scope.kind === 'student'
          ? eb.and([
              scopeCondition(scope),
              eb('c.status', '<>', 'draft'),
              eb.or([eb('c.status', '<>', 'voided'), eb('c.released_at', 'is not', null)]),
            ])
          : scopeCondition(scope),
      ),
      ...(contactPersonId ? [eb('c.contact_person_id', '=', contactPersonId)] : []),
    ]),
  );
  if (filters.internshipId) q = q.where('c.internship_id', '=', filters.internshipId);
  if (filters.status) q = q.where('c.status', '=', filters.status);
  if (filters.sealState) q = q.where('c.seal_state', '=', filters.sealState);
  const rows = await q.orderBy('c.created_at', 'desc').orderBy('c.id').limit(500).execute();
  return withSigners(db, rows);
}

/** The newest contract per internship (not voided first): the internship page and progress show it. */
export async function contractStatusOf(
  db: TDb,
  internshipIds: string[],
): Promise<Map<string, { id: string; status: TContractStatus }>> {
  const out = new Map<string, { id: string; status: TContractStatus }>();
  if (internshipIds.length === 0) return out;
  const rows = await db
    .selectFrom('placements.contracts')
    .select(['id', 'internship_id', 'status'])
    .where('internship_id', 'in', internshipIds)
    .orderBy(sql`status = 'voided'`)
    .orderBy('created_at', 'desc')
    .execute();
  for (const r of rows)
    if (!out.has(r.internship_id)) out.set(r.internship_id, { id: r.id, status: r.status });
  return out;
}

/** The student's mentor at the school (the first by name), for `{{mentor.name}}` and the mentor signer. */
export async function mentorOf(db: TDb, schoolId: string, studentId: string) {
  return db
    .selectFrom('placements.mentorships as m')
    .innerJoin('placements.users as u', 'u.id', 'm.mentor_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('m.school_id', '=', schoolId)
    .where('m.student_id', '=', studentId)
    .where('m.removed', '=', false)
    .orderBy('u.last_name')
    .orderBy('u.id')
    .executeTakeFirst();
}

export async function userOf(db: TDb, id: string | null) {
  if (!id) return undefined;
  return db
    .selectFrom('placements.users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function organizationOf(db: TDb, id: string | null) {
  if (!id) return undefined;
  return db
    .selectFrom('placements.organizations')
    .select(['id', 'name', 'postcode', 'city'])
    .where('id', '=', id)
    .executeTakeFirst();
}
