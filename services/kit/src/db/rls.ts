import { sql, type Kysely } from 'kysely';

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
export async function setTenant<DB>(db: Kysely<DB>, tenant: string): Promise<void> {
  await sql`select set_config('app.tenant_id', ${tenant}, true)`.execute(db);
}
