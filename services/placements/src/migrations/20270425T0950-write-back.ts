import { sql, type Kysely, type Migration } from 'kysely';
import { enableTenantRls } from '@stageplein/kit/db/rls';

/**
 * Write-back runs and their items (issue #36 item 4, docs/decisions/write-back.md): a run snapshots the
 * period's completed internships it will write back; each item keeps its figures, its state and the
 * student number it was sent under. At most one `sent` item per internship (a partial unique index):
 * an internship is sent once, whatever runs follow.
 */
const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table placements.write_backs (
      id uuid primary key,
      tenant_id text not null,
      school_id uuid not null,
      period_id uuid not null,
      target text not null check (target in ('magister', 'file')),
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
      error text,
      requested_by uuid not null,
      created_at timestamptz not null,
      started_at timestamptz,
      finished_at timestamptz
    )`.execute(db);
    await sql`create index write_backs_school on placements.write_backs (school_id, created_at desc)`.execute(
      db,
    );
    await enableTenantRls(db, 'placements', 'write_backs');
    await sql`create table placements.write_back_items (
      write_back_id uuid not null references placements.write_backs (id) on delete cascade,
      tenant_id text not null,
      internship_id uuid not null,
      position int not null,
      student_id uuid not null,
      student_name text not null,
      organization_name text,
      start_date date,
      end_date date,
      hours_done double precision not null,
      hours_required double precision,
      grade double precision,
      state text not null default 'pending'
        check (state in ('pending', 'sent', 'already_sent', 'refused', 'exported')),
      reason text,
      student_number text,
      handled_at timestamptz,
      primary key (write_back_id, internship_id)
    )`.execute(db);
    await sql`create unique index write_back_items_sent_once on placements.write_back_items (internship_id)
      where state = 'sent'`.execute(db);
    await enableTenantRls(db, 'placements', 'write_back_items');
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table placements.write_back_items`.execute(db);
    await sql`drop table placements.write_backs`.execute(db);
  },
};

export default migration;
