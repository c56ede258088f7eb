import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { EVENT_PAYLOADS, type TEventPayload, type TEventType } from '@stageplein/contracts/events/payloads';
import type { TPhaseTaskActor } from '@stageplein/contracts/workflows/names';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TNotificationsDb } from '../database.ts';
import type { TNotificationsConfig, TNotificationsDeps } from '../notifications.config.ts';
import { actorsOf, organizationSide } from '../pipeline/notices.ts';
import { findInternship } from '../pipeline/recipients.repository.ts';
import type { TCtx } from '../shared/request.ts';
import { removeOpenTask, removePhaseTasksOf, upsertOpenTasks } from './open-tasks.repository.ts';

/** Hours events: each carries the sheet's figures after the change, `hours_pending` among them. */
const HOURS_FIGURE_EVENTS = [
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

const OPEN_TASK_EVENTS = [
  'placements.phase_task.reminded',
  'placements.phase_task.escalated',
  'placements.phase_task.completed',
  'placements.internship_phase.left',
  'placements.phase_run.ended',
  ...HOURS_FIGURE_EVENTS,
] as const satisfies readonly TEventType[];

const phaseTaskKey = (id: string) => `phase_task:${id}`;
const hoursKey = (internshipId: string) => `hours:${internshipId}`;

async function taskOpen(
  ctx: TCtx,
  d: TEventPayload<'placements.phase_task.reminded'>,
  actor: TPhaseTaskActor,
): Promise<void> {
  const internship = await findInternship(ctx.db, d.internship_id);
  if (!internship) return;
  const users = [...new Set(await actorsOf(ctx, internship, actor))];
  await upsertOpenTasks(
    ctx.db,
    users.map((user_id) => ({
      tenant_id: ctx.tenant.id,
      user_id,
      key: phaseTaskKey(d.phase_task_id),
      kind: 'phase_task' as const,
      internship_id: internship.id,
      title: internship.title,
      due_at: d.due_at ? new Date(d.due_at) : null,
      count: 1,
      updated_at: ctx.now,
    })),
  );
}

/** The organization's side (its contact person, else its admins) has hours to confirm while any are pending. */
async function hoursWaiting(ctx: TCtx, d: TEventPayload<'placements.hours.locked'>): Promise<void> {
  const key = hoursKey(d.internship_id);
  await removeOpenTask(ctx.db, key);
  if (d.hours_pending <= 0 || d.signed_off) return;
  const internship = await findInternship(ctx.db, d.internship_id);
  if (!internship) return;
  const users = [...new Set(await organizationSide(ctx, internship))];
  await upsertOpenTasks(
    ctx.db,
    users.map((user_id) => ({
      tenant_id: ctx.tenant.id,
      user_id,
      key,
      kind: 'hours_to_confirm' as const,
      internship_id: internship.id,
      title: internship.title,
      due_at: null,
      count: Math.ceil(d.hours_pending),
      updated_at: ctx.now,
    })),
  );
}

/** Keeps `notifications.open_tasks` from one event (docs/decisions/notifications.md "Digest"). */
export async function applyOpenTaskEvent(ctx: TCtx, event: TEventEnvelope): Promise<void> {
  const type = event.type as (typeof OPEN_TASK_EVENTS)[number];
  switch (type) {
    case 'placements.phase_task.reminded': {
      const d = EVENT_PAYLOADS[type].parse(event.data);
      return taskOpen(ctx, d, d.actor);
    }
    case 'placements.phase_task.escalated': {
      const d = EVENT_PAYLOADS[type].parse(event.data);
      return taskOpen(ctx, { ...d, reminder: 1 }, d.to);
    }
    case 'placements.phase_task.completed':
      return removeOpenTask(ctx.db, phaseTaskKey(EVENT_PAYLOADS[type].parse(event.data).phase_task_id));
    case 'placements.internship_phase.left':
    case 'placements.phase_run.ended':
      return removePhaseTasksOf(ctx.db, EVENT_PAYLOADS[type].parse(event.data).internship_id);
    default:
      return hoursWaiting(ctx, EVENT_PAYLOADS[type].parse(event.data));
  }
}

/**
 * What waits for whom, for the digest: its own group, once per event id. It finds an internship's
 * parties in the read model the feed group keeps (`notifications.internships`); an event about an
 * internship that group has not seen yet changes nothing.
 */
export const openTasksConsumer = (deps: TNotificationsDeps): TConsumer =>
  useCaseConsumer<TNotificationsDb, TNotificationsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.open-tasks`,
    types: OPEN_TASK_EVENTS,
    run: applyOpenTaskEvent,
  });
