import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * How many internships each school has with each organization, so the unfiltered total of
 * `GET /api/v1/internships` for school and organization scopes adds up a few tally rows instead of
 * counting every index entry of the scope (2–3 ms of the list's 4.3 ms statement over 20,000
 * internships, on every page: docs/benchmarks.md). A pair of scopes (a School admin is also an
 * admin of the School as an organization) still counts each internship once: a tally row is one
 * pair, so the same "earlier scope is not true" condition applies to it (internships.sql.ts).
 *
 * Kept by triggers on `placements.internships` in the writing transaction, so a total is never
 * behind the list beside it. Writers of the same pair wait for each other's commit on its row: the
 * statement triggers add a statement's rows per pair in key order, so two bulk writers never lock
 * pairs in opposite orders. Filtered lists still count the internships themselves.
 */
const apply = (deltas: string) => `
  insert into placements.internship_tallies as t (tenant_id, school_id, organization_id, internships)
  select tenant_id, school_id, organization_id, sum(n)::int from (${deltas}) d
  group by tenant_id, school_id, organization_id having sum(n) <> 0
  order by tenant_id, school_id, organization_id
  on conflict (tenant_id, school_id, organization_id) do update set internships = t.internships + excluded.internships`;

const rowsOf = (table: string, n: 1 | -1) =>
  `select tenant_id, school_id, organization_id, ${n} as n from ${table}`;

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.internship_tallies (
      tenant_id text not null,
      school_id uuid not null,
      organization_id uuid,
      internships int not null,
      unique nulls not distinct (tenant_id, school_id, organization_id)
    )`.execute(db);
    await sql`create index internship_tallies_organization on placements.internship_tallies (tenant_id, organization_id)`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'internship_tallies');
    // An update moves a tally only when it changes the pair (row trigger: its condition costs nothing
    // on the status and hours updates that make up most writes).
    await sql
      .raw(
        `create function placements.internship_tallies_inserted() returns trigger language plpgsql as $$
          begin ${apply(rowsOf('new_rows', 1))}; return null; end $$;
        create function placements.internship_tallies_deleted() returns trigger language plpgsql as $$
          begin ${apply(rowsOf('old_rows', -1))}; return null; end $$;
        create function placements.internship_tallies_moved() returns trigger language plpgsql as $$
          begin ${apply(`select old.tenant_id, old.school_id, old.organization_id, -1 as n
            union all select new.tenant_id, new.school_id, new.organization_id, 1`)}; return null; end $$;
        create function placements.internship_tallies_truncated() returns trigger language plpgsql as $$
          begin delete from placements.internship_tallies; return null; end $$;
        create trigger internship_tallies_inserted after insert on placements.internships
          referencing new table as new_rows for each statement execute function placements.internship_tallies_inserted();
        create trigger internship_tallies_deleted after delete on placements.internships
          referencing old table as old_rows for each statement execute function placements.internship_tallies_deleted();
        create trigger internship_tallies_moved after update of tenant_id, school_id, organization_id on placements.internships
          for each row when ((old.tenant_id, old.school_id, old.organization_id) is distinct from (new.tenant_id, new.school_id, new.organization_id))
          execute function placements.internship_tallies_moved();
        create trigger internship_tallies_truncated after truncate on placements.internships
          for each statement execute function placements.internship_tallies_truncated();`,
      )
      .execute(db);
    // The triggers' lock on the internships keeps writers out until this migration commits.
    await sql.raw(apply(rowsOf('placements.internships', 1))).execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql
      .raw(
        `drop trigger internship_tallies_inserted on placements.internships;
        drop trigger internship_tallies_deleted on placements.internships;
        drop trigger internship_tallies_moved on placements.internships;
        drop trigger internship_tallies_truncated on placements.internships;
        drop function placements.internship_tallies_inserted();
        drop function placements.internship_tallies_deleted();
        drop function placements.internship_tallies_moved();
        drop function placements.internship_tallies_truncated();
        drop table placements.internship_tallies;`,
      )
      .execute(db);
  },
};

export default migration;
