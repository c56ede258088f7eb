import { sql, type Kysely } from 'kysely';
import { APP_ROLE, READER_ROLE, RELAY_ROLE } from './database.ts';

/**
 * Creates the two login roles the services use. The app role owns nothing and cannot bypass RLS;
 * the relay role may bypass RLS but is granted only the outbox tables (see `grantOutbox`). The reader
 * role cannot log in: it owns tenant-filtering read views (`tenantReadView` in rls.ts).
 */
export async function ensureRoles(owner: Kysely<unknown>, password: string): Promise<void> {
  const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
  for (const [role, bypass] of [
    [APP_ROLE, false],
    [RELAY_ROLE, true],
  ] as const) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_roles where rolname = ${role}`.execute(owner);
    const verb = rows[0]?.n ? 'alter' : 'create';
    await sql
      .raw(
        `${verb} role ${role} login nosuperuser nocreatedb nocreaterole noinherit ${bypass ? 'bypassrls' : 'nobypassrls'} password ${literal(password)}`,
      )
      .execute(owner);
  }
  // Roles are the cluster's: databases prepared side by side (tests) may both try to create it.
  await sql
    .raw(
      `do $$ begin create role ${READER_ROLE} nologin nosuperuser nocreatedb nocreaterole noinherit bypassrls;
        exception when duplicate_object or unique_violation then null; end $$`,
    )
    .execute(owner);
}

/** Schema-wide grants for the app role, for existing and future tables of `schema`. */
export async function grantSchema(owner: Kysely<unknown>, schema: string): Promise<void> {
  await sql.raw(`grant usage on schema ${schema} to ${APP_ROLE}, ${RELAY_ROLE}`).execute(owner);
  await sql
    .raw(`grant select, insert, update, delete on all tables in schema ${schema} to ${APP_ROLE}`)
    .execute(owner);
  await sql.raw(`grant usage, select on all sequences in schema ${schema} to ${APP_ROLE}`).execute(owner);
  await sql
    .raw(
      `alter default privileges in schema ${schema} grant select, insert, update, delete on tables to ${APP_ROLE}`,
    )
    .execute(owner);
  await sql
    .raw(`alter default privileges in schema ${schema} grant usage, select on sequences to ${APP_ROLE}`)
    .execute(owner);
  // The migrator's own bookkeeping is not the app's business.
  await sql
    .raw(`revoke all on ${schema}.kysely_migration, ${schema}.kysely_migration_lock from ${APP_ROLE}`)
    .execute(owner);
  // The relay reads the log and empties the queue (kit outbox.v2); it never writes the log.
  await sql.raw(`revoke all on ${schema}.outbox from ${RELAY_ROLE}`).execute(owner);
  await sql.raw(`grant select on ${schema}.outbox to ${RELAY_ROLE}`).execute(owner);
  await sql.raw(`grant select, update, delete on ${schema}.outbox_pending to ${RELAY_ROLE}`).execute(owner);
}
