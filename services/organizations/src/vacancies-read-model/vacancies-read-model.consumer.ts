import { sql } from 'kysely';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { idempotentConsumer } from '@stageplein/kit/outbox/idempotent-consumer';
import type { TConsumer } from '@stageplein/kit/outbox/transport';
import type { TServiceDeps } from '@stageplein/kit/service';
import { SCHEMA } from '../database.ts';

const VACANCY_EVENTS = [
  'placements.vacancy.created',
  'placements.vacancy.updated',
  'placements.vacancy.published',
  'placements.vacancy.closed',
  'placements.vacancy.archived',
  'placements.vacancy.hidden',
  'placements.vacancy.unhidden',
  'placements.vacancy.deleted',
] as const;

/**
 * `include=vacancies` without a call to placements: every vacancy event carries its snapshot, kept
 * here with `public` = published and not hidden. Idempotent per event id; an event older than the
 * row's (by the vacancy's `updated_at`) changes nothing.
 */
export function vacanciesReadModelConsumer(deps: TServiceDeps): TConsumer {
  return idempotentConsumer({
    db: deps.db,
    schema: SCHEMA,
    group: `${SCHEMA}.vacancies-read-model`,
    types: VACANCY_EVENTS,
    async apply(trx, event) {
      const v = EVENT_PAYLOADS['placements.vacancy.updated'].parse(event.data);
      const isPublic = event.type !== 'placements.vacancy.deleted' && v.status === 'published' && !v.hidden;
      const time = new Date(v.updated_at);
      await sql`
        insert into organizations.vacancies (id, tenant_id, organization_id, title, kind, city, latitude,
          longitude, places, hours_per_week, starts_on, ends_on, published_at, closes_at, public, event_time)
        values (${v.vacancy_id}, ${event.tenant}, ${v.organization_id}, ${v.title}, ${v.kind}, ${v.city},
          ${v.latitude}, ${v.longitude}, ${v.places}, ${v.hours_per_week}, ${v.starts_on}, ${v.ends_on},
          ${v.published_at}, ${v.closes_at}, ${isPublic}, ${time})
        on conflict (id) do update set organization_id = excluded.organization_id, title = excluded.title,
          kind = excluded.kind, city = excluded.city, latitude = excluded.latitude,
          longitude = excluded.longitude, places = excluded.places, hours_per_week = excluded.hours_per_week,
          starts_on = excluded.starts_on, ends_on = excluded.ends_on, published_at = excluded.published_at,
          closes_at = excluded.closes_at, public = excluded.public, event_time = excluded.event_time
        where organizations.vacancies.event_time <= excluded.event_time`.execute(trx);
    },
  });
}
