import { sql, type Kysely } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { EVENT_PAYLOADS, type TEventType } from '@stageplein/contracts/events/payloads';
import { setTenant } from '@stageplein/kit/db/rls';
import { serviceDb } from '@stageplein/kit/db/schema-tables';
import type { TPlacementsDb } from '../database.ts';
import { ANALYTICS_GROUP } from './analytics.consumer.ts';
import { ANALYTICS_EVENT_TYPES, projectAnalyticsEvent } from './analytics.projection.ts';

const BATCH = 1000;

/**
 * Rebuilds one tenant's analytics read models from placements' event history (its outbox, oldest first)
 * in one transaction: the models are emptied and every event is applied again by the consumer's own
 * projection, and marked processed for the consumer's group, so a delivery still on its way after the
 * rebuild does not apply it twice. The models' rows are locked meanwhile (a live event waits).
 */
export async function rebuildAnalytics(db: Kysely<unknown>, tenant: string): Promise<{ events: number }> {
  return serviceDb<TPlacementsDb>(db)
    .transaction()
    .execute(async (trx) => {
      await setTenant(trx, tenant);
      await sql`lock table placements.analytics_internships, placements.analytics_overdue_tasks,
        placements.analytics_vacancies, placements.analytics_period_defaults in exclusive mode`.execute(trx);
      for (const table of [
        'analytics_overdue_tasks',
        'analytics_internships',
        'analytics_vacancies',
        'analytics_period_defaults',
      ])
        await sql`delete from ${sql.table(`placements.${table}`)} where tenant_id = ${tenant}`.execute(trx);
      let after = 0;
      let events = 0;
      for (;;) {
        const { rows } = await sql<{ seq: string | number; envelope: TEventEnvelope }>`
          select seq, envelope from placements.outbox
          where tenant_id = ${tenant} and seq > ${after} and type = any(${ANALYTICS_EVENT_TYPES})
          order by seq limit ${BATCH}`.execute(trx);
        if (rows.length === 0) break;
        after = Number(rows.at(-1)!.seq);
        // As the transports: only events that follow their contract (a bad one is skipped).
        const valid = rows
          .map((r) => r.envelope)
          .filter((e) => EVENT_PAYLOADS[e.type as TEventType]?.safeParse(e.data).success);
        for (const event of valid) await projectAnalyticsEvent(trx, event);
        await sql`insert into placements.processed_events (tenant_id, consumer, event_id)
          select ${tenant}, ${ANALYTICS_GROUP}, id from unnest(${valid.map((e) => e.id)}::uuid[]) as id
          on conflict do nothing`.execute(trx);
        events += valid.length;
      }
      return { events };
    });
}
