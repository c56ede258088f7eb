import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createDb, createPool, dbUrls, APP_ROLE, READER_ROLE } from '@stageplein/kit/db/database';
import { setTenant } from '@stageplein/kit/db/rls';
import { freshDatabase } from '@stageplein/testing/harness';
import { SERVICES } from '../src/services.ts';

let owner: Kysely<unknown>;
let app: Kysely<unknown>;

beforeAll(async () => {
  const { ownerUrl, config } = await freshDatabase(SERVICES, { seed: true });
  owner = createDb(createPool(ownerUrl, 2));
  app = createDb(createPool(dbUrls(ownerUrl, config.DATABASE_APP_PASSWORD).app, 2));
});
afterAll(async () => {
  await app?.destroy();
  await owner?.destroy();
});

const tenantsOf = (rows: { tenant_id: string }[]) => [...new Set(rows.map((r) => r.tenant_id))];

describe('row-level security as the application role', () => {
  it('with tenant A set, only A’s rows are visible', async () => {
    const rows = await app.transaction().execute(async (trx) => {
      await setTenant(trx, 'demo');
      return (await sql<{ tenant_id: string }>`select tenant_id from organizations.school_years`.execute(trx))
        .rows;
    });
    expect(rows.length).toBe(3);
    expect(tenantsOf(rows)).toEqual(['demo']);
    // Control: the owner sees every tenant's rows, so the filter above is RLS, not missing data.
    const all = await sql<{ tenant_id: string }>`select tenant_id from organizations.school_years`.execute(
      owner,
    );
    expect(tenantsOf(all.rows).length).toBe(11);
  });

  it('with no tenant set, no rows at all', async () => {
    const { rows } = await sql`select * from organizations.school_years`.execute(app);
    expect(rows).toEqual([]);
    const empty = await app.transaction().execute(async (trx) => {
      await setTenant(trx, '');
      return (await sql`select * from organizations.school_years`.execute(trx)).rows;
    });
    expect(empty).toEqual([]);
  });

  it('cannot write another tenant’s rows', async () => {
    const raayland = (
      await sql<{
        id: string;
      }>`select id from organizations.school_years where tenant_id = 'raayland' limit 1`.execute(owner)
    ).rows[0]!.id;
    const result = await app.transaction().execute(async (trx) => {
      await setTenant(trx, 'demo');
      const updated =
        await sql`update organizations.school_years set name = 'hijacked' where id = ${raayland}`.execute(
          trx,
        );
      const deleted = await sql`delete from organizations.school_years where id = ${raayland}`.execute(trx);
      return { updated: Number(updated.numAffectedRows), deleted: Number(deleted.numAffectedRows) };
    });
    expect(result).toEqual({ updated: 0, deleted: 0 });
    await expect(
      app.transaction().execute(async (trx) => {
        await setTenant(trx, 'demo');
        await sql`insert into organizations.school_years (tenant_id, name, start_date, end_date)
          values ('raayland', 'sneaky', '2040-08-01', '2041-07-31')`.execute(trx);
      }),
    ).rejects.toThrow(/row-level security/);
    // Control: the same insert for the tenant that is set succeeds.
    await app
      .transaction()
      .execute(async (trx) => {
        await setTenant(trx, 'demo');
        await sql`insert into organizations.school_years (tenant_id, name, start_date, end_date)
        values ('demo', 'own', '2040-08-01', '2041-07-31')`.execute(trx);
        throw new RollbackSignal();
      })
      .catch((e) => {
        if (!(e instanceof RollbackSignal)) throw e;
      });
    const name = (
      await sql<{ name: string }>`select name from organizations.school_years where id = ${raayland}`.execute(
        owner,
      )
    ).rows[0]!.name;
    expect(name).not.toBe('hijacked');
  });
});

class RollbackSignal extends Error {}

describe('tenant-filtering read views (owned by the reader role, which bypasses RLS)', () => {
  it('placements.tenant_vacancies shows the set tenant’s rows only, none without a tenant', async () => {
    const seen = await app.transaction().execute(async (trx) => {
      await setTenant(trx, 'demo');
      return (
        await sql<{ tenant_id: string }>`select tenant_id from placements.tenant_vacancies`.execute(trx)
      ).rows;
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(tenantsOf(seen)).toEqual(['demo']);
    const all = await sql<{ tenant_id: string }>`select tenant_id from placements.vacancies`.execute(owner);
    expect(tenantsOf(all.rows).length).toBeGreaterThan(1);
    expect((await sql`select * from placements.tenant_vacancies`.execute(app)).rows).toEqual([]);
  });

  it('cannot be written through', async () => {
    const other = (
      await sql<{
        id: string;
      }>`select id from placements.vacancies where tenant_id = 'raayland' limit 1`.execute(owner)
    ).rows[0]!.id;
    for (const statement of [
      sql`update placements.tenant_vacancies set title = 'hijacked' where id = ${other}`,
      sql`delete from placements.tenant_vacancies where id = ${other}`,
    ])
      await expect(
        app.transaction().execute(async (trx) => {
          await setTenant(trx, 'raayland');
          await statement.execute(trx);
        }),
      ).rejects.toThrow(/permission denied/);
  });

  it('every view the application role can read with tenant_id is the reader role’s and filters on the tenant', async () => {
    const { rows } = await sql<{ view: string; owner: string; definition: string }>`
      select n.nspname || '.' || c.relname as view, r.rolname as owner, pg_get_viewdef(c.oid) as definition
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_roles r on r.oid = c.relowner
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
      where c.relkind = 'v' and n.nspname not in ('pg_catalog', 'information_schema')
        and has_table_privilege(${APP_ROLE}, c.oid, 'select')`.execute(owner);
    expect(rows.map((r) => r.view)).toContain('placements.tenant_vacancies');
    for (const row of rows) {
      expect(row.owner, row.view).toBe(READER_ROLE);
      expect(row.definition.replace(/\s+/g, ' '), row.view).toMatch(
        /WHERE \((\w+\.)?tenant_id = NULLIF\(current_setting\('app\.tenant_id'::text, true\), ''::text\)\);$/,
      );
    }
  });
});

describe('catalogue', () => {
  it('every table with tenant_id has RLS enabled and forced, with a policy', async () => {
    const { rows } = await sql<{ table: string; enabled: boolean; forced: boolean; policies: number }>`
      select n.nspname || '.' || c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')`.execute(owner);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows)
      expect(row, row.table).toMatchObject({ enabled: true, forced: true, policies: 1 });
  });

  it('the reader role cannot log in and owns only views', async () => {
    const role = (
      await sql<{ rolcanlogin: boolean; rolsuper: boolean }>`
      select rolcanlogin, rolsuper from pg_roles where rolname = ${READER_ROLE}`.execute(owner)
    ).rows[0];
    expect(role).toEqual({ rolcanlogin: false, rolsuper: false });
    const kinds = await sql<{ relkind: string }>`select distinct c.relkind from pg_class c
      join pg_roles r on r.oid = c.relowner where r.rolname = ${READER_ROLE}`.execute(owner);
    expect(kinds.rows).toEqual([{ relkind: 'v' }]);
  });

  it('the application role owns nothing and is neither superuser nor BYPASSRLS', async () => {
    const role = (
      await sql<{ rolsuper: boolean; rolbypassrls: boolean }>`
      select rolsuper, rolbypassrls from pg_roles where rolname = ${APP_ROLE}`.execute(owner)
    ).rows[0];
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const owned = await sql`select c.relname from pg_class c join pg_roles r on r.oid = c.relowner
      where r.rolname = ${APP_ROLE}`.execute(owner);
    expect(owned.rows).toEqual([]);
    const schemas =
      await sql`select nspname from pg_namespace n join pg_roles r on r.oid = n.nspowner where r.rolname = ${APP_ROLE}`.execute(
        owner,
      );
    expect(schemas.rows).toEqual([]);
  });
});
