import { sql, type Kysely } from 'kysely';
import { APP_ROLE, READER_ROLE } from './database.ts';
import type { TDbOf } from './schema-tables.ts';

/** The tenant of the current transaction; NULLIF makes "no tenant set" match no row at all. */
export const CURRENT_TENANT = `nullif(current_setting('app.tenant_id', true), '')`;

/** Enables and forces row-level security on a tenant-scoped table (used by every migration). */
export async function enableTenantRls(db: Kysely<unknown>, schema: string, table: string): Promise<void> {
  const t = `${schema}.${table}`;
  await sql.raw(`alter table ${t} enable row level security`).execute(db);
  await sql.raw(`alter table ${t} force row level security`).execute(db);
  await sql
    .raw(
      `create policy tenant_isolation on ${t} using (tenant_id = ${CURRENT_TENANT}) with check (tenant_id = ${CURRENT_TENANT})`,
    )
    .execute(db);
}

/** Sets the tenant for the rest of the current transaction. */
export async function setTenant<DB>(db: TDbOf<DB>, tenant: string): Promise<void> {
  await sql`select set_config('app.tenant_id', ${tenant}, true)`.execute(db);
}

/**
 * A read-only view of `table`'s rows of the current tenant, owned by the reader role: the same
 * predicate as the tenant policy, but as a plain condition, so the planner may use any index for the
 * caller's other conditions. The app role may only select from it. Its columns are the table's at
 * creation: a migration that adds columns the view should show creates it again.
 */
export async function tenantReadView(db: Kysely<unknown>, view: string, table: string): Promise<void> {
  const [schema] = table.split('.');
  await sql
    .raw(
      `create or replace view ${view} as select * from ${table}
        where tenant_id = ${CURRENT_TENANT}`,
    )
    .execute(db);
  await sql.raw(`grant usage on schema ${schema} to ${READER_ROLE}`).execute(db);
  await sql.raw(`grant select on ${table} to ${READER_ROLE}`).execute(db);
  await sql.raw(`alter view ${view} owner to ${READER_ROLE}`).execute(db);
  await sql.raw(`revoke all on ${view} from ${APP_ROLE}`).execute(db);
  await sql.raw(`grant select on ${view} to ${APP_ROLE}`).execute(db);
}
