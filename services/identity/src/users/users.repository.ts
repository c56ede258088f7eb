import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import { applyFiltersAndSort, applyPage } from '@stageplein/kit/jsonapi/apply-query';
import type { TDb } from '../database.ts';
import type { TUsersTable } from './users.table.ts';

export type TUserRow = Selectable<TUsersTable>;

export function findUserById(db: TDb, id: string) {
  return db.selectFrom('identity.users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: TDb, email: string) {
  return db
    .selectFrom('identity.users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** The user a (hashed) single-use token belongs to. */
export function findUserByTokenHash(
  db: TDb,
  column: 'confirmation_token_hash' | 'reset_password_token_hash' | 'deletion_token_hash',
  hash: string,
) {
  return db.selectFrom('identity.users').selectAll().where(column, '=', hash).executeTakeFirst();
}

/** Home tenant and password hash of an email registered with another tenant (see users.table.ts). */
export async function findForeignAccount(db: TDb, email: string) {
  const { rows } = await sql<{ tenant_id: string; encrypted_password: string | null }>`
    select tenant_id, encrypted_password from identity.foreign_account(${email.trim()})`.execute(db);
  return rows[0];
}

/** Inserts a user; undefined when the email is taken (in this or any other tenant). */
export async function insertUser(db: TDb, row: Insertable<TUsersTable>) {
  return db
    .insertInto('identity.users')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function updateUser(db: TDb, id: string, changes: Updateable<TUsersTable>) {
  return db.updateTable('identity.users').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

export function deleteUser(db: TDb, id: string) {
  return db.deleteFrom('identity.users').where('id', '=', id).executeTakeFirst();
}

export interface TUserListScope {
  /** Only users with a role on this organization (with `roleName`: that role there). */
  organizationId?: string;
  roleName?: string;
  search?: string;
}

const COLUMNS = {
  id: 'u.id',
  email: 'u.email',
  first_name: 'u.first_name',
  last_name: 'u.last_name',
  status: 'u.status',
  created_at: 'u.created_at',
};

const likeLiteral = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of users plus the total, for the JSON:API list. */
export async function listUsers(db: TDb, query: TJsonApiQuery, scope: TUserListScope) {
  let base = db.selectFrom('identity.users as u');
  if (scope.organizationId || scope.roleName) {
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('identity.roles as r')
          .select(sql`1`.as('one'))
          .whereRef('r.user_id', '=', 'u.id')
          .$if(!!scope.organizationId, (q) => q.where('r.resource_id', '=', scope.organizationId!))
          .$if(!!scope.roleName, (q) => q.where('r.name', '=', scope.roleName as never)),
      ),
    );
  }
  if (scope.search?.trim()) {
    const term = likeLiteral(scope.search.trim());
    base = base.where(
      sql<boolean>`(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') ilike ${term} or u.email ilike ${term})`,
    );
  }
  const filtered = applyFiltersAndSort(base.selectAll('u'), { ...query, sort: [] }, COLUMNS);
  const counted = applyFiltersAndSort(
    base.select(sql<number>`count(*)`.as('n')),
    { ...query, sort: [] },
    COLUMNS,
  );
  const sorted = applyFiltersAndSort(filtered, { ...query, filters: [] }, COLUMNS).orderBy('u.id');
  const [rows, total] = await Promise.all([
    applyPage(sorted, query).execute(),
    counted.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
