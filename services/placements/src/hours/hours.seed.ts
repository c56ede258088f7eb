import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { hoursOf } from '@stageplein/contracts/placements/hours-policy';
import { demoUserId, seedInternshipId, approveSupervisorAddress } from '../internships/index.ts';
import { SYSTEM, type TCtx } from '../shared/request.ts';
import type { THoursEntriesTable } from './hours.table.ts';
import type { Insertable } from 'kysely';

/** Seeded internships with hours: the running one (n = 0) and the completed one (n = 3) of the demo student. */
const RUNNING = 0;
const COMPLETED = 3;
const REQUIRED_HOURS = 40;

const WORK = [
  'Koffie geschonken en een praatje gemaakt met de bewoners',
  'Spelletjesmiddag begeleid',
  'Meegeholpen bij de boodschappenronde',
  'Wandeling met twee bewoners in het park',
  'Activiteitenruimte opgeruimd en versierd',
  'Voorgelezen uit de krant',
];

const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Hours for the demo student's seeded internships on hours tenants (docs/decisions/hours.md), so
 * `npm start` shows a sheet with confirmed, rejected and pending entries, and a signed-off one: the
 * demo company's admin (`bedrijf@`) is the running internship's supervisor (the confirmation link goes
 * there, readable in the dev mailbox). Idempotent: an internship that has entries is left alone.
 */
export async function seedHours(ctx: TCtx, tenant: TTenant, today: Date): Promise<void> {
  if (!tenant.features.usesHours) return;
  const supervisorId = await demoUserId(ctx, 'bedrijf');
  const schoolAdminId = await demoUserId(ctx, 'admin');
  for (const [n, statuses] of [
    [RUNNING, ['confirmed', 'confirmed', 'rejected', 'confirmed', 'pending', 'pending']],
    [
      COMPLETED,
      [
        'confirmed',
        'confirmed',
        'confirmed',
        'confirmed',
        'confirmed',
        'confirmed',
        'confirmed',
        'confirmed',
      ],
    ],
  ] as const) {
    const id = seedInternshipId(tenant.id, n);
    const internship = await ctx.db
      .selectFrom('placements.internships')
      .select(['id', 'start_date'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!internship?.start_date) continue;
    const taken = await ctx.db
      .selectFrom('placements.hours_entries')
      .select('id')
      .where('internship_id', '=', id)
      .executeTakeFirst();
    if (taken) continue;
    const start = new Date(`${internship.start_date}T12:00:00Z`);
    // An afternoon every few days (3 to 4.5 hours), from the start on, never after today.
    const every = n === RUNNING ? 3 : 7;
    const rows: Insertable<THoursEntriesTable>[] = statuses
      .map((status, i) => ({ status, date: addDays(start, every * i + 1), quarters: 12 + (i % 3) * 3 }))
      .filter((e) => e.date <= today)
      .map((e, i) => ({
        tenant_id: tenant.id,
        internship_id: id,
        date: isoDate(e.date),
        quarters: e.quarters,
        description: WORK[i % WORK.length]!,
        status: e.status,
        supervisor_note: e.status === 'rejected' ? 'Deze middag was je er niet.' : null,
        decided_at: e.status === 'pending' ? null : addDays(e.date, 2),
        correction_reason: null,
        corrected_by: null,
        corrected_at: null,
        created_by: null,
        created_at: e.date,
        updated_at: e.date,
      }));
    if (rows.length) await ctx.db.insertInto('placements.hours_entries').values(rows).execute();
    const confirmed = rows.filter((r) => r.status === 'confirmed').reduce((q, r) => q + r.quarters, 0);
    const completed = n === COMPLETED;
    await ctx.db
      .updateTable('placements.internships')
      .set({
        hours: REQUIRED_HOURS,
        hours_supervisor: hoursOf(confirmed),
        updating_hours_allowed: !completed,
        ...(n === RUNNING && supervisorId ? { supervisor_id: supervisorId } : {}),
      })
      .where('id', '=', id)
      .execute();
    // The seeded school has approved the seeded supervisor (issue #31: links go only to an approved one).
    if (n === RUNNING && supervisorId)
      await approveSupervisorAddress(ctx.db, id, SYSTEM, today, `bedrijf@${tenant.id}.test`);
    if (completed && schoolAdminId)
      await ctx.db
        .insertInto('placements.hours_sheets')
        .values({
          internship_id: id,
          tenant_id: tenant.id,
          signed_off_at: addDays(today, -60),
          signed_off_by: schoolAdminId,
          sign_off_note: 'Afgetekend bij de eindevaluatie.',
          paper_quarters: null,
          paper_scan_url: null,
          paper_recorded_by: null,
          paper_recorded_at: null,
          link_sent_at: null,
          updated_at: addDays(today, -60),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
}
