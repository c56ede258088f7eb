import { sql } from 'kysely';
import { SEED_NAMESPACE, seedOrganizationId, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { ASSIGNMENT_INTERNSHIP_STATUSES } from '@stageplein/contracts/placements/assignment-policy';
import { latestPublishedForms } from '../read-models/index.ts';
import { demoUserId, seedInternshipId, approveSupervisorAddress } from '../internships/index.ts';
import { record } from '../shared/events.ts';
import { SYSTEM, type TCtx } from '../shared/request.ts';
import { insertAssignment, insertTasks } from './assignments.repository.ts';

/** Stable id of a tenant's seeded assignment. */
export const seedAssignmentId = (tenant: string) => uuidV5(`${tenant}:assignment:0`, SEED_NAMESPACE);

/** The demo student's running internship (seed-internships.ts, n = 0) and its supervisor, `bedrijf@`. */
const RUNNING = 0;
const SUPERVISOR = 'bedrijf';

const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/**
 * Seeds run before any event is delivered: content's seeded assignment form is in content's outbox
 * (`content.form.version_published`), not yet in placements' read model. This applies those events to
 * `placements.form_versions` exactly as the consumer does (frozen rows, `on conflict do nothing`, so
 * the consumer's later delivery changes nothing). Nothing where content is not installed.
 */
async function applyContentFormVersions(ctx: TCtx): Promise<void> {
  const db = ctx.db;
  const { rows: exists } = await sql<{ t: string | null }>`
    select to_regclass('content.outbox')::text as t`.execute(db);
  if (!exists[0]?.t) return;
  await sql`
    insert into placements.form_versions (tenant_id, form_id, version, purpose, definition, published_at)
    select tenant_id, (envelope->'data'->>'form_id')::uuid, (envelope->'data'->>'version')::int,
      envelope->'data'->>'purpose', envelope->'data'->'definition', (envelope->'data'->>'published_at')::timestamptz
    from content.outbox
    where tenant_id = ${ctx.tenant.id} and type = 'content.form.version_published'
      and envelope->'data'->>'purpose' = 'assignment'
    on conflict do nothing`.execute(db);
}

/** The demo supervisor's name as identity published it (seeds run before the read model has it). */
async function supervisorName(ctx: TCtx, email: string): Promise<string | null> {
  const db = ctx.db;
  const { rows: exists } = await sql<{ t: string | null }>`
    select to_regclass('identity.outbox')::text as t`.execute(db);
  if (!exists[0]?.t) return null;
  const { rows } = await sql<{ name: string | null }>`
    select nullif(concat_ws(' ', envelope->'data'->>'first_name', envelope->'data'->>'last_name'), '') as name
    from identity.outbox where type = 'identity.user.created' and envelope->'data'->>'email' = ${email}
    order by seq limit 1`.execute(db);
  return rows[0]?.name ?? null;
}

/**
 * One published assignment per tenant (docs/decisions/assignments.md "Seeds"): "Opdracht
 * praktijkbegeleider" for the demo student's running internship, whose supervisor is the demo company's
 * admin (`bedrijf@`; the hours seeds already make them so on hours tenants, this does on the others).
 * Its task is open, so `/opdrachten/beheer` shows it and "Herinnering sturen" mails the supervisor a
 * link (seeds have no configuration to seal and mail one themselves). Idempotent (fixed id).
 */
export async function seedAssignments(ctx: TCtx, tenant: TTenant, today: Date): Promise<void> {
  const id = seedAssignmentId(tenant.id);
  const taken = await ctx.db
    .selectFrom('placements.assignments')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (taken) return;
  await applyContentFormVersions(ctx);
  const form = (await latestPublishedForms(ctx.db, tenant.id, 'assignment'))[0];
  const supervisorId = await demoUserId(ctx, SUPERVISOR);
  const internshipId = seedInternshipId(tenant.id, RUNNING);
  const internship = await ctx.db
    .selectFrom('placements.internships')
    .select(['id', 'school_id', 'status', 'supervisor_id'])
    .where('id', '=', internshipId)
    .executeTakeFirst();
  if (!form || !supervisorId || !internship || !ASSIGNMENT_INTERNSHIP_STATUSES.includes(internship.status))
    return;
  if (!internship.supervisor_id) {
    await ctx.db
      .updateTable('placements.internships')
      .set({ supervisor_id: supervisorId })
      .where('id', '=', internshipId)
      .execute();
    // The seeded school has approved the seeded supervisor (issue #31).
    await approveSupervisorAddress(ctx.db, internshipId, SYSTEM, ctx.now, `${SUPERVISOR}@${tenant.id}.test`);
  }
  const email = `${SUPERVISOR}@${tenant.id}.test`;
  const schoolId = seedOrganizationId(tenant.id, 'school');
  const created = addDays(today, -2);
  await insertAssignment(ctx.db, {
    id,
    tenant_id: tenant.id,
    school_id: schoolId,
    title: { nl: 'Observatie op de werkvloer', en: 'Observation at the workplace' },
    instructions: {
      nl: 'Bespreek met de student hoe de eerste weken zijn gegaan en vul daarna het formulier in. Het kost ongeveer vijf minuten.',
      en: 'Discuss with the student how the first weeks went, then fill in the form. It takes about five minutes.',
    },
    form_id: form.form_id,
    form_version: form.version,
    due_on: addDays(today, 14).toISOString().slice(0, 10),
    selection: { internship_period_ids: [], group_ids: [], internship_ids: [internshipId] },
    status: 'published',
    published_at: created,
    created_by: null,
    created_at: created,
    updated_at: created,
  });
  await insertTasks(ctx.db, [
    {
      id: uuidV5(`${tenant.id}:assignment:0:task:0`, SEED_NAMESPACE),
      tenant_id: tenant.id,
      assignment_id: id,
      internship_id: internshipId,
      supervisor_key: email,
      supervisor_name: await supervisorName(ctx, email),
      status: 'open',
      answers: null,
      completed_at: null,
      link_sent_at: null,
      created_at: created,
      updated_at: created,
    },
  ]);
  const subject = { type: 'assignment', id };
  await record(ctx, SYSTEM, 'placements.assignment.created', subject, {
    assignment_id: id,
    school_id: schoolId,
    form_id: form.form_id,
    form_version: form.version,
    due_on: addDays(today, 14).toISOString().slice(0, 10),
  });
  await record(ctx, SYSTEM, 'placements.assignment.published', subject, {
    assignment_id: id,
    school_id: schoolId,
    internship_ids: [internshipId],
    supervisor_count: 1,
  });
}
