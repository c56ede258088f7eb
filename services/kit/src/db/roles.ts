import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { APP_ROLE, READER_ROLE, RELAY_ROLE, type TDbUrls } from './database.ts';

/**
 * Creates the two login roles the services use. The app role owns nothing and cannot bypass RLS;
 * the relay role may bypass RLS but is granted only the outbox tables (see `grantOutbox`). The reader
 * role cannot log in: it owns tenant-filtering read views (`tenantReadView` in rls.ts).
 *
 * Roles are the cluster's, not a database's, and `prepareDatabase`'s advisory lock is per database:
 * databases prepared side by side (test files; a reseed beside another file's setup; two deployments on
 * one server) provision the same roles at once, and PostgreSQL refuses the second writer of a catalog
 * row ("tuple concurrently updated") rather than waiting. So a role already as wanted — its attributes,
 * and a sign-in with the password — is left alone: after the first provisioning nothing is written.
 */
export async function ensureRoles(owner: Kysely<unknown>, urls: TDbUrls, password: string): Promise<void> {
  const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
  for (const [role, url, bypass] of [
    [APP_ROLE, urls.app, false],
    [RELAY_ROLE, urls.relay, true],
  ] as const) {
    const { rows } = await sql<{ wanted: boolean }>`
      select rolcanlogin and not rolsuper and not rolcreatedb and not rolcreaterole and not rolinherit
        and rolbypassrls = ${bypass} as wanted
      from pg_roles where rolname = ${role}`.execute(owner);
    if (rows[0]?.wanted && (await logsIn(url))) continue;
    const verb = rows.length ? 'alter' : 'create';
    await onSharedCatalog(() =>
      sql
        .raw(
          `${verb} role ${role} login nosuperuser nocreatedb nocreaterole noinherit ${bypass ? 'bypassrls' : 'nobypassrls'} password ${literal(password)}`,
        )
        .execute(owner),
    );
  }
  await onSharedCatalog(() =>
    sql
      .raw(
        `do $$ begin create role ${READER_ROLE} nologin nosuperuser nocreatedb nocreaterole noinherit bypassrls;
        exception when duplicate_object or unique_violation then null; end $$`,
      )
      .execute(owner),
  );
}

/** Whether the role of `url` signs in with its password (one connection, closed at once). */
async function logsIn(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The first provisioning's race (see ensureRoles): two sessions creating or altering a role at once.
 * Running the statement again is correct, since it sets the whole state.
 */
async function onSharedCatalog(statement: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await statement();
      return;
    } catch (error) {
      const { code, message } = error as { code?: string; message?: string };
      const raced =
        (code === 'XX000' && message === 'tuple concurrently updated') ||
        code === '23505' || // unique_violation: both created the role
        code === '42710'; // duplicate_object
      if (!raced || attempt === 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
    }
  }
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
