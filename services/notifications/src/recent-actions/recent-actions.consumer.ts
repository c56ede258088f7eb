import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { EVENT_PAYLOADS, type TEventPayload, type TEventType } from '@stageplein/contracts/events/payloads';
import {
  RECENT_ACTION_KINDS,
  type TRecentActionKind,
} from '@stageplein/contracts/notifications/recent-actions';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import { useCaseConsumer } from '@stageplein/kit/outbox/use-case-consumer';
import { SCHEMA, type TNotificationsDb } from '../database.ts';
import type { TNotificationsConfig, TNotificationsDeps } from '../notifications.config.ts';
import { findInternship, type TInternshipParties } from '../pipeline/recipients.repository.ts';
import type { TCtx } from '../shared/request.ts';
import { insertRecentAction, studentName } from './recent-actions.repository.ts';
import '../mail/users.table.ts';

type TParties = Pick<TInternshipParties, 'student_id' | 'school_id' | 'organization_id' | 'title'> & {
  id: string;
};

/** The internship events that are actions, by the kind they are (`updated` is none). */
const INTERNSHIP_KINDS = {
  'placements.internship.accepted': 'application_accepted',
  'placements.internship.declined': 'application_declined',
  'placements.internship.approved': 'internship_approved',
  'placements.internship.rejected': 'internship_rejected',
  'placements.internship.activated': 'internship_started',
  'placements.internship.completed': 'internship_completed',
  'placements.internship.withdrawn': 'internship_withdrawn',
  'placements.internship.cancelled': 'internship_cancelled',
} as const satisfies Partial<Record<TEventType, TRecentActionKind>>;

const HOURS_KINDS = {
  'placements.hours.entry_logged': 'hours_logged',
  'placements.hours.entry_confirmed': 'hours_confirmed',
  'placements.hours.entry_rejected': 'hours_rejected',
} as const satisfies Partial<Record<TEventType, TRecentActionKind>>;

const RECENT_ACTION_EVENTS = [
  'placements.internship.created',
  ...(Object.keys(INTERNSHIP_KINDS) as (keyof typeof INTERNSHIP_KINDS)[]),
  ...(Object.keys(HOURS_KINDS) as (keyof typeof HOURS_KINDS)[]),
  'placements.internship_phase.entered',
  'placements.phase_task.completed',
  'placements.evaluation.opened',
  'placements.contract.signed',
] as const satisfies readonly TEventType[];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function record(
  ctx: TCtx,
  event: TEventEnvelope,
  kind: TRecentActionKind,
  on: TParties,
  extra: { params?: Record<string, string>; subject?: { type: string; id: string }; link?: string } = {},
): Promise<void> {
  await insertRecentAction(ctx.db, {
    tenant_id: ctx.tenant.id,
    event_id: event.id,
    kind,
    action_group: RECENT_ACTION_KINDS[kind],
    params: { title: on.title, student: await studentName(ctx.db, on.student_id), ...extra.params },
    subject_type: extra.subject?.type ?? 'internship',
    subject_id: extra.subject?.id ?? on.id,
    link: extra.link ?? `/internships/${on.id}`,
    student_id: on.student_id,
    school_id: on.school_id,
    organization_id: on.organization_id,
    actor_id: UUID.test(event.actor) ? event.actor : null,
    occurred_at: new Date(event.time),
  });
}

const snapshot = (d: TEventPayload<'placements.internship.created'>): TParties => ({
  id: d.internship_id,
  student_id: d.student_id,
  school_id: d.school_id,
  organization_id: d.organization_id,
  title: d.title,
});

/** One event as a recent action, when it is one (docs/decisions/notifications.md "Recent actions"). */
export async function applyRecentActionEvent(ctx: TCtx, event: TEventEnvelope): Promise<void> {
  const type = event.type as (typeof RECENT_ACTION_EVENTS)[number];
  const about = async (internshipId: string, then: (i: TInternshipParties) => Promise<void>) => {
    const internship = await findInternship(ctx.db, internshipId);
    if (internship) await then(internship);
  };
  if (type === 'placements.internship.created') {
    const d = EVENT_PAYLOADS[type].parse(event.data);
    return record(
      ctx,
      event,
      d.status === 'applied' ? 'application_submitted' : 'internship_created',
      snapshot(d),
    );
  }
  if (type in INTERNSHIP_KINDS) {
    const d = EVENT_PAYLOADS['placements.internship.created'].parse(event.data);
    return record(ctx, event, INTERNSHIP_KINDS[type as keyof typeof INTERNSHIP_KINDS], snapshot(d));
  }
  if (type in HOURS_KINDS) {
    const d = EVENT_PAYLOADS['placements.hours.entry_logged'].parse(event.data);
    return about(d.internship_id, (i) =>
      record(ctx, event, HOURS_KINDS[type as keyof typeof HOURS_KINDS], i, {
        params: { date: d.date, hours: String(d.hours) },
      }),
    );
  }
  switch (type) {
    case 'placements.internship_phase.entered':
      return about(EVENT_PAYLOADS[type].parse(event.data).internship_id, (i) =>
        record(ctx, event, 'phase_entered', i),
      );
    case 'placements.phase_task.completed':
      return about(EVENT_PAYLOADS[type].parse(event.data).internship_id, (i) =>
        record(ctx, event, 'phase_task_completed', i),
      );
    case 'placements.evaluation.opened':
      return about(EVENT_PAYLOADS[type].parse(event.data).internship_id, (i) =>
        record(ctx, event, 'evaluation_opened', i),
      );
    case 'placements.contract.signed': {
      const d = EVENT_PAYLOADS[type].parse(event.data);
      const internship = await findInternship(ctx.db, d.internship_id);
      return record(
        ctx,
        event,
        'contract_signed',
        {
          id: d.internship_id,
          student_id: d.student_id,
          school_id: d.school_id,
          organization_id: d.organization_id,
          title: internship?.title ?? '',
        },
        { subject: { type: 'contract', id: d.contract_id }, link: `/contracts/${d.contract_id}` },
      );
    }
  }
}

/**
 * Recent actions' read model: its own group, once per event id (and the row is unique per event, so a
 * replay adds nothing). Events that name only the internship find its parties in the read model the
 * feed group keeps; one about an internship that group has not seen yet is left out.
 */
export const recentActionsConsumer = (deps: TNotificationsDeps): TConsumer =>
  useCaseConsumer<TNotificationsDb, TNotificationsConfig>(deps, {
    schema: SCHEMA,
    group: `${SCHEMA}.recent-actions`,
    types: RECENT_ACTION_EVENTS,
    run: applyRecentActionEvent,
  });
