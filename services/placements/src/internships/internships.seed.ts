import { sql } from 'kysely';
import { demoUserId as kitDemoUserId } from '@stageplein/kit/runtime/demo-users';
import { SEED_NAMESPACE, seedOrganizationId, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import { contractTypeFor, type TInternshipStatus } from '@stageplein/contracts/placements/internships';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { insertInternships, insertStatusChanges } from './internships.repository.ts';
import { snapshotOf } from './internships.service.ts';
import { record } from '../shared/events.ts';
import { findVacancy, seedVacancyId } from '../vacancies/index.ts';
import { SYSTEM, type TCtx } from '../shared/request.ts';

/** An organization's name from organizations' published created event (kit's seeds read it so too). */
async function publishedOrganizationName(ctx: TCtx, organizationId: string): Promise<string | null> {
  const table = await sql<{
    t: string | null;
  }>`select to_regclass('organizations.outbox')::text as t`.execute(ctx.db);
  if (!table.rows[0]?.t) return null;
  const { rows } = await sql<{ name: string }>`
    select envelope->'data'->>'name' as name from organizations.outbox
    where type = 'organizations.organization.created' and envelope->'data'->>'organization_id' = ${organizationId}
    order by seq limit 1`.execute(ctx.db);
  return rows[0]?.name ?? null;
}

/** The demo student's internships: which seeded vacancy (by its index), how far along, and when. */
interface TSeedInternship {
  vacancy: number | null;
  path: readonly TInternshipStatus[];
  /** Start relative to today, in days; the internship runs `weeks` weeks. */
  startsIn: number;
  weeks: number;
  reason?: string;
}

// Provider vacancies (the demo company `bedrijf@` sees these) and two of the buurthuis.
const SEEDS: readonly TSeedInternship[] = [
  { vacancy: 2, path: ['applied', 'accepted', 'approved', 'active'], startsIn: -21, weeks: 12 },
  { vacancy: 3, path: ['applied'], startsIn: 35, weeks: 20 },
  { vacancy: 5, path: ['applied', 'accepted'], startsIn: 28, weeks: 10 },
  { vacancy: 0, path: ['applied', 'accepted', 'approved', 'active', 'completed'], startsIn: -200, weeks: 12 },
  {
    vacancy: 1,
    path: ['applied', 'declined'],
    startsIn: 14,
    weeks: 8,
    reason: 'Alle plekken zijn al vergeven.',
  },
  // Self-found, where the tenant allows it.
  { vacancy: null, path: ['submitted'], startsIn: 42, weeks: 16 },
];

const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Stable id of a tenant's n-th seeded internship. */
export const seedInternshipId = (tenant: string, n: number) =>
  uuidV5(`${tenant}:internship:${n}`, SEED_NAMESPACE);

/** A demo account's id (kit's demoUserId: identity's published event). */
export const demoUserId = (ctx: TCtx, local: string): Promise<string | undefined> =>
  kitDemoUserId(ctx.db, ctx.tenant.id, local);

/**
 * The demo School's seeded internship periods (organizations' published events, read from its outbox
 * like `demoUserId`: seeds run before any event is delivered); none where organizations is absent.
 */
async function seededPeriods(ctx: TCtx, schoolId: string) {
  const db = ctx.db;
  const { rows: exists } = await sql<{ t: string | null }>`
    select to_regclass('organizations.outbox')::text as t`.execute(db);
  if (!exists[0]?.t) return [];
  const { rows } = await sql<{ id: string; start_date: string; end_date: string }>`
    select envelope->'data'->>'internship_period_id' as id, envelope->'data'->>'start_date' as start_date,
      envelope->'data'->>'end_date' as end_date
    from organizations.outbox
    where tenant_id = ${ctx.tenant.id} and type = 'organizations.internship_period.created'
      and envelope->'data'->>'school_id' = ${schoolId}`.execute(db);
  return rows;
}

/**
 * Internships in several states for every tenant's demo student at the demo School, with the demo
 * company's vacancies (docs/decisions/internships.md), so `npm start` shows them on every dashboard.
 * Idempotent (fixed ids); the status history walks the life cycle to the seeded state.
 */
export async function seedInternships(ctx: TCtx, tenant: TTenant, today: Date): Promise<void> {
  const studentId = await demoUserId(ctx, 'student');
  if (!studentId) return;
  const schoolId = seedOrganizationId(tenant.id, 'school');
  const periods = await seededPeriods(ctx, schoolId);
  // The period an internship starts in (else the nearest one: the summer lies between two), so
  // progress (stagevoortgang) shows the seeded students.
  const days = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b));
  const periodOf = (date: string) =>
    periods
      .map((p) => ({
        id: p.id,
        off: date < p.start_date ? days(date, p.start_date) : date > p.end_date ? days(date, p.end_date) : 0,
      }))
      .sort((a, b) => a.off - b.off)[0]?.id ?? null;
  for (const [n, s] of SEEDS.entries()) {
    if (s.vacancy === null && !tenant.features.selfFoundInternships) continue;
    const id = seedInternshipId(tenant.id, n);
    const taken = await ctx.db
      .selectFrom('placements.internships')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (taken) continue;
    const vacancy =
      s.vacancy === null ? undefined : await findVacancy(ctx.db, seedVacancyId(tenant.id, s.vacancy));
    if (s.vacancy !== null && !vacancy) continue;
    // The read model is empty while seeding (no event delivered yet): the name from organizations' event.
    const organizationName = vacancy
      ? (vacancy.organization_name ?? (await publishedOrganizationName(ctx, vacancy.organization_id)))
      : 'Bakkerij Jansen';
    const status = s.path.at(-1)!;
    const start = addDays(today, s.startsIn);
    const created = addDays(today, Math.min(s.startsIn, 0) - 30);
    const row = {
      id,
      tenant_id: tenant.id,
      student_id: studentId,
      school_id: schoolId,
      organization_id: vacancy?.organization_id ?? null,
      vacancy_id: vacancy?.id ?? null,
      internship_period_id: periodOf(isoDate(start)),
      contact_person_id: null,
      supervisor_id: null,
      supervisor_name: null,
      supervisor_email: null,
      supervisor_approved_email: null,
      supervisor_approved_by: null,
      supervisor_approved_at: null,
      current_phase_id: null,
      title: vacancy?.title ?? 'Stage bij Bakkerij Jansen',
      description: vacancy ? null : 'Meewerken in de bakkerij en de winkel.',
      motivation:
        tenant.features.motivationField && vacancy
          ? 'Ik werk graag met mensen en wil ervaring opdoen in de zorg.'
          : null,
      start_date: isoDate(start),
      end_date: isoDate(addDays(start, s.weeks * 7)),
      contract_type: contractTypeFor(tenant.features),
      self_found: !vacancy,
      organization_name: organizationName,
      contact_name: vacancy ? null : 'Piet Jansen',
      contact_email: vacancy ? null : 'piet@bakkerij-jansen.example',
      contact_phone_number: vacancy ? null : '0612345678',
      hours: null,
      hours_supervisor: null,
      updating_hours_allowed: tenant.features.usesHours,
      status,
      status_reason: s.reason ?? null,
      created_by: studentId,
      created_at: created,
      updated_at: created,
    };
    await insertInternships(ctx.db, [row]);
    await record(ctx, SYSTEM, 'placements.internship.created', { type: 'internship', id }, snapshotOf(row));
    // The walk through the life cycle to the seeded state, a day apart.
    await insertStatusChanges(
      ctx.db,
      s.path.map((to, step) => ({
        tenant_id: tenant.id,
        internship_id: id,
        from_status: step === 0 ? null : s.path[step - 1]!,
        to_status: to,
        reason: to === status ? (s.reason ?? null) : null,
        actor_id: null,
        impersonator_id: null,
        at: addDays(created, step),
      })),
    );
  }
}
