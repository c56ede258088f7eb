import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Issue #30 item 1: internships approved before the approval settled their period (an application
 * from the bank had none) get one where contracts' `internshipPeriodChoice` calls it unambiguous — the
 * only active period of their School in the current or next school year (spec §4, on today's Dutch
 * date) holding their start date, or, without a start date, the School's only such period. The rest
 * stay without one and are listed to the school (`filter[internship_period_id_null]`). This SQL is
 * the rule's frozen twin (a migration must not change with the rule); the test checks both agree.
 *
 * What it filled is recorded in `internship_period_backfills`, so `down` can take back exactly that
 * (a period the school changed since is theirs and stays). No events: nothing outside placements
 * reads an internship's period, and the record says what changed and when.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.internship_period_backfills (
      internship_id uuid primary key,
      tenant_id text not null,
      internship_period_id uuid not null,
      filled_at timestamptz not null
    )`.execute(db);
    await enableTenantRls(db, 'placements', 'internship_period_backfills');
    await sql`with today as (select (now() at time zone 'Europe/Amsterdam')::date as d),
      years as (
        select y.tenant_id, y.id from placements.school_years y, today
        where (y.start_date <= today.d and today.d <= y.end_date)
          or y.start_date = (select min(n.start_date) from placements.school_years n
            where n.tenant_id = y.tenant_id and n.start_date > today.d)),
      fits as (
        select i.id, i.tenant_id, p.id as period_id
        from placements.internships i
        join placements.internship_periods p on p.tenant_id = i.tenant_id and p.school_id = i.school_id
          and p.status = 'active' and not p.deleted
          and (i.start_date is null or i.start_date between p.start_date and p.end_date)
        join years y on y.tenant_id = p.tenant_id and y.id = p.school_year_id
        where i.internship_period_id is null and i.status in ('approved', 'active', 'completed')),
      unambiguous as (
        select id, tenant_id, (array_agg(period_id))[1] as period_id from fits
        group by id, tenant_id having count(distinct period_id) = 1),
      filled as (
        update placements.internships i set internship_period_id = u.period_id
        from unambiguous u where i.id = u.id and i.tenant_id = u.tenant_id
        returning i.id, i.tenant_id, i.internship_period_id)
      insert into placements.internship_period_backfills (internship_id, tenant_id, internship_period_id, filled_at)
      select id, tenant_id, internship_period_id, now() from filled`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`update placements.internships i set internship_period_id = null
      from placements.internship_period_backfills b
      where i.id = b.internship_id and i.tenant_id = b.tenant_id
        and i.internship_period_id = b.internship_period_id`.execute(db);
    await sql`drop table placements.internship_period_backfills`.execute(db);
  },
};

export default migration;
