import { sql } from 'kysely';
import { EVENT_PAYLOADS, type TEventPayload } from '@stageplein/contracts/events/payloads';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import {
  PLACED_STATUSES,
  UNSIGNED_CONTRACT_STATUSES,
} from '@stageplein/contracts/placements/analytics-policy';
import type { TDb } from '../database.ts';

/**
 * How each of placements' events changes analytics' read models (docs/decisions/analytics.md). The
 * live consumer and the rebuild apply the same function, so a rebuilt model is the consumed one. Every
 * change sets facts the event carries (never adds to a count), so an event applied twice changes
 * nothing; an event about an internship the model does not hold yet is skipped.
 */
const INTERNSHIP_TYPES = [
  'placements.internship.created',
  'placements.internship.updated',
  'placements.internship.accepted',
  'placements.internship.declined',
  'placements.internship.approved',
  'placements.internship.rejected',
  'placements.internship.activated',
  'placements.internship.completed',
  'placements.internship.withdrawn',
  'placements.internship.cancelled',
] as const;
const HOURS_TYPES = [
  'placements.hours.entry_logged',
  'placements.hours.entry_updated',
  'placements.hours.entry_deleted',
  'placements.hours.entry_confirmed',
  'placements.hours.entry_rejected',
  'placements.hours.entry_corrected',
  'placements.hours.locked',
  'placements.hours.unlocked',
  'placements.hours.signed_off',
  'placements.hours.paper_recorded',
] as const;
const VACANCY_TYPES = [
  'placements.vacancy.created',
  'placements.vacancy.updated',
  'placements.vacancy.published',
  'placements.vacancy.closed',
  'placements.vacancy.archived',
  'placements.vacancy.hidden',
  'placements.vacancy.unhidden',
] as const;
const CONTRACT_TYPES = [
  'placements.contract.generated',
  'placements.contract.released',
  'placements.contract.ready_for_signing',
  'placements.contract.signed',
  'placements.contract.sealed',
  'placements.contract.voided',
] as const;
const EVALUATION_TYPES = ['placements.evaluation.opened', 'placements.evaluation.submitted'] as const;
const PHASE_TYPES = [
  'placements.internship_phase.entered',
  'placements.internship_phase.left',
  'placements.phase_run.ended',
  'placements.phase_task.escalated',
  'placements.phase_task.completed',
] as const;

export const ANALYTICS_EVENT_TYPES: readonly string[] = [
  ...INTERNSHIP_TYPES,
  ...HOURS_TYPES,
  'placements.hours.period_default_set',
  ...VACANCY_TYPES,
  'placements.vacancy.deleted',
  ...CONTRACT_TYPES,
  ...EVALUATION_TYPES,
  ...PHASE_TYPES,
];

const parse = <K extends keyof typeof EVENT_PAYLOADS>(type: K, event: TEventEnvelope): TEventPayload<K> =>
  EVENT_PAYLOADS[type].parse(event.data) as TEventPayload<K>;

const has = <T extends string>(list: readonly T[], type: string): type is T =>
  (list as readonly string[]).includes(type);

const PLACED = sql.join(PLACED_STATUSES.map((s) => sql.lit(s)));

async function internship(db: TDb, event: TEventEnvelope, type: (typeof INTERNSHIP_TYPES)[number]) {
  const i = parse(type, event);
  const time = new Date(event.time);
  const hours = i.hours === undefined ? null : i.hours;
  const keepHours = i.hours === undefined;
  await sql`insert into placements.analytics_internships as a (id, tenant_id, school_id, student_id,
      organization_id, organization_name, vacancy_id, period_id, status, start_date, end_date, applied_at,
      placed_at, required_hours)
    values (${i.internship_id}, ${event.tenant}, ${i.school_id}, ${i.student_id}, ${i.organization_id},
      ${i.organization_name}, ${i.vacancy_id}, ${i.internship_period_id}, ${i.status}, ${i.start_date},
      ${i.end_date}, ${time}, case when ${i.status} in (${PLACED}) then ${time}::timestamptz end, ${hours})
    on conflict (id) do update set school_id = excluded.school_id, student_id = excluded.student_id,
      organization_id = excluded.organization_id, organization_name = excluded.organization_name,
      vacancy_id = excluded.vacancy_id, period_id = excluded.period_id, status = excluded.status,
      start_date = excluded.start_date, end_date = excluded.end_date,
      applied_at = least(a.applied_at, excluded.applied_at),
      placed_at = coalesce(a.placed_at, excluded.placed_at),
      required_hours = case when ${keepHours} then a.required_hours else excluded.required_hours end`.execute(
    db,
  );
}

async function hoursFigures(db: TDb, event: TEventEnvelope, type: (typeof HOURS_TYPES)[number]) {
  const h = parse(type, event);
  await sql`update placements.analytics_internships set hours_logged = ${h.hours_logged},
      hours_confirmed = ${h.hours_supervisor}, hours_pending = ${h.hours_pending},
      updating_allowed = ${h.updating_hours_allowed}, signed_off = ${h.signed_off}
    where id = ${h.internship_id}`.execute(db);
}

async function vacancy(db: TDb, event: TEventEnvelope, type: (typeof VACANCY_TYPES)[number]) {
  const v = parse(type, event);
  await sql`insert into placements.analytics_vacancies (id, tenant_id, organization_id, title, status, hidden,
      places, published_at)
    values (${v.vacancy_id}, ${event.tenant}, ${v.organization_id}, ${v.title}, ${v.status}, ${v.hidden},
      ${v.places}, ${v.published_at})
    on conflict (id) do update set organization_id = excluded.organization_id, title = excluded.title,
      status = excluded.status, hidden = excluded.hidden, places = excluded.places,
      published_at = excluded.published_at`.execute(db);
}

const CONTRACT_STATUS_OF = {
  'placements.contract.generated': 'draft',
  'placements.contract.ready_for_signing': 'signing',
  'placements.contract.signed': 'signed',
  'placements.contract.sealed': 'sealed',
  'placements.contract.voided': 'voided',
} as const;
const OUT = sql.join(UNSIGNED_CONTRACT_STATUSES.map((s) => sql.lit(s)));

async function contract(db: TDb, event: TEventEnvelope, type: (typeof CONTRACT_TYPES)[number]) {
  const c = parse(type, event);
  const time = new Date(event.time);
  if (type === 'placements.contract.generated') {
    // A new contract of the internship replaces the one the model followed (the open one, else the newest).
    await sql`update placements.analytics_internships set contract_id = ${c.contract_id}, contract_status = 'draft',
        contract_out_since = null where id = ${c.internship_id}`.execute(db);
    return;
  }
  const status =
    type === 'placements.contract.released'
      ? parse('placements.contract.released', event).status
      : CONTRACT_STATUS_OF[type];
  await sql`update placements.analytics_internships set contract_status = ${status},
      contract_out_since = case when ${status} in (${OUT}) then coalesce(contract_out_since, ${time}::timestamptz) end
    where id = ${c.internship_id} and contract_id = ${c.contract_id}`.execute(db);
}

async function evaluation(db: TDb, event: TEventEnvelope, type: (typeof EVALUATION_TYPES)[number]) {
  const e = parse(type, event);
  const outstanding = Object.values(e.states).some((s) => s !== 'submitted');
  if (type === 'placements.evaluation.opened')
    await sql`update placements.analytics_internships set evaluation_id = ${e.evaluation_id},
        evaluation_outstanding = ${outstanding} where id = ${e.internship_id}`.execute(db);
  else
    await sql`update placements.analytics_internships set evaluation_outstanding = ${outstanding}
      where id = ${e.internship_id} and evaluation_id = ${e.evaluation_id}`.execute(db);
}

async function phase(db: TDb, event: TEventEnvelope, type: (typeof PHASE_TYPES)[number]) {
  switch (type) {
    case 'placements.internship_phase.entered': {
      const p = parse(type, event);
      // The phase's name as the run froze it (phase-runs' row, written with this event).
      await sql`update placements.analytics_internships a set phase_id = ${p.phase_id},
          phase_name = (select ph.name from placements.internship_phases ph where ph.id = ${p.internship_phase_id})
        where a.id = ${p.internship_id}`.execute(db);
      return;
    }
    case 'placements.internship_phase.left': {
      const p = parse(type, event);
      await sql`update placements.analytics_internships set phase_id = null, phase_name = null
        where id = ${p.internship_id} and phase_id = ${p.phase_id}`.execute(db);
      await sql`delete from placements.analytics_overdue_tasks where internship_id = ${p.internship_id}`.execute(
        db,
      );
      return;
    }
    case 'placements.phase_run.ended': {
      const p = parse(type, event);
      await sql`update placements.analytics_internships set phase_id = null, phase_name = null
        where id = ${p.internship_id}`.execute(db);
      await sql`delete from placements.analytics_overdue_tasks where internship_id = ${p.internship_id}`.execute(
        db,
      );
      return;
    }
    case 'placements.phase_task.escalated': {
      const t = parse(type, event);
      await sql`insert into placements.analytics_overdue_tasks (phase_task_id, tenant_id, internship_id, due_at)
        values (${t.phase_task_id}, ${event.tenant}, ${t.internship_id}, ${t.due_at})
        on conflict (phase_task_id) do nothing`.execute(db);
      return;
    }
    case 'placements.phase_task.completed': {
      const t = parse(type, event);
      await sql`delete from placements.analytics_overdue_tasks where phase_task_id = ${t.phase_task_id}`.execute(
        db,
      );
      return;
    }
  }
}

/** The version row every school's numbers also depend on: tenant-wide facts (vacancies, period defaults). */
export const TENANT_WIDE = '00000000-0000-0000-0000-000000000000';

/**
 * Raises the version of what the event changed (docs/decisions/analytics.md "Cached numbers"): the
 * internship's school, or for tenant-wide facts the tenant's row. An internship of a vacancy also
 * raises the tenant's: every school counts the tenant's vacancies filled. Raising twice only costs a
 * cache miss.
 */
async function raiseVersion(db: TDb, event: TEventEnvelope): Promise<void> {
  const internshipId = typeof event.data['internship_id'] === 'string' ? event.data['internship_id'] : null;
  const tenantWide = sql`select ${TENANT_WIDE}::uuid, ${event.tenant}::text, 1`;
  const ofVacancy = has(INTERNSHIP_TYPES, event.type) && typeof event.data['vacancy_id'] === 'string';
  const schools = internshipId
    ? sql`select school_id, tenant_id, 1 from placements.analytics_internships where id = ${internshipId}
        ${ofVacancy ? sql`union all ${tenantWide}` : sql``}`
    : tenantWide;
  await sql`insert into placements.analytics_school_versions as v (school_id, tenant_id, version)
    ${schools}
    on conflict (tenant_id, school_id) do update set version = v.version + 1`.execute(db);
}

/**
 * Applies one event to the read models and raises the version of what it changed, in the caller's
 * transaction under the event's tenant.
 */
export async function projectAnalyticsEvent(db: TDb, event: TEventEnvelope): Promise<void> {
  await applyEvent(db, event);
  await raiseVersion(db, event);
}

async function applyEvent(db: TDb, event: TEventEnvelope): Promise<void> {
  const type = event.type;
  if (has(INTERNSHIP_TYPES, type)) return internship(db, event, type);
  if (has(HOURS_TYPES, type)) return hoursFigures(db, event, type);
  if (has(VACANCY_TYPES, type)) return vacancy(db, event, type);
  if (has(CONTRACT_TYPES, type)) return contract(db, event, type);
  if (has(EVALUATION_TYPES, type)) return evaluation(db, event, type);
  if (has(PHASE_TYPES, type)) return phase(db, event, type);
  if (type === 'placements.vacancy.deleted') {
    const v = parse(type, event);
    await sql`delete from placements.analytics_vacancies where id = ${v.vacancy_id}`.execute(db);
    return;
  }
  if (type === 'placements.hours.period_default_set') {
    const d = parse(type, event);
    await sql`insert into placements.analytics_period_defaults (period_id, tenant_id, required_hours)
      values (${d.internship_period_id}, ${event.tenant}, ${d.required_hours})
      on conflict (period_id) do update set required_hours = excluded.required_hours`.execute(db);
  }
}
