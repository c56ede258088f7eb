import { CompiledQuery, sql } from 'kysely';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import type { TOrganizationType } from '@stageplein/contracts/identity/roles';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import type { TCurrentOrganizationOf } from '../auth/caller.ts';
import { GenerationMemo } from '../cache/generation-memo.ts';
import type { TDbOf } from '../db/schema-tables.ts';
import type { TContext } from '../request-context.ts';

/** A row of `<schema>.organizations` (kit migration `organizationsReadModelMigrationV1`). */
export interface TOrganizationsReadModelTable {
  id: string;
  tenant_id: string;
  organization_type: TOrganizationType;
  name: string;
  status: TOrganizationStatus;
  city: string | null;
  postcode: string | null;
  latitude: number | null;
  longitude: number | null;
  deleted: boolean;
  event_time: Date;
}

/** What authorization reads about an organization from a read model (placements' `callerOf`). */
export interface TOrganizationFacts {
  id: string;
  organization_type: TOrganizationType;
  status: TOrganizationStatus;
}

/**
 * This process's memo of organizations' facts read from the read models (keys per database and
 * organization), so a request need not read the current organization's row again and again. The
 * consumer below drops an organization's entries for every event about it, once its transaction has
 * committed (dropping them before would let a request read and keep the row being replaced);
 * elsewhere an entry lives AUTH_CACHE_SECONDS, like the memo of credential checks.
 */
export const organizationFactsMemo = new GenerationMemo<TOrganizationFacts>();

/** Every organizations event that carries the organization's snapshot. */
export const ORGANIZATION_SNAPSHOT_EVENTS = [
  'organizations.organization.created',
  'organizations.organization.signed_up',
  'organizations.organization.updated',
  'organizations.organization.approved',
  'organizations.organization.denied',
  'organizations.organization.archived',
  'organizations.organization.reopened',
  'organizations.organization.moved',
  'organizations.organization.deleted',
] as const;

/** The consumer group of a schema's organizations read model (the back-fill replays into it too). */
export const organizationsReadModelGroup = (schema: string) => `${schema}.organizations-read-model`;

/**
 * The use case of kit's organizations read model: keeps `<schema>.organizations` current from one of the
 * organizations service's events (name, type, status, city, postcode and coordinates when the event
 * carries them). An event older than the row's changes nothing. The same for every service that keeps
 * this read model (its consumer: organizations-read-model.consumer.ts).
 */
export async function applyOrganizationEvent<DB>(
  ctx: TContext<DB>,
  schema: string,
  event: TEventEnvelope,
): Promise<void> {
  const table = `${schema}.organizations`;
  // Every type above extends the snapshot of `updated`; its fields are all that is kept.
  const o = EVENT_PAYLOADS['organizations.organization.updated'].parse(event.data);
  const row = {
    id: o.organization_id,
    tenant_id: event.tenant,
    organization_type: o.organization_type,
    name: o.name,
    status: o.status,
    city: o.city,
    postcode: o.postcode ?? null,
    latitude: o.latitude ?? null,
    longitude: o.longitude ?? null,
    deleted: event.type === 'organizations.organization.deleted',
    event_time: new Date(event.time),
  };
  await sql`
    insert into ${sql.table(table)} (id, tenant_id, organization_type, name, status, city, postcode,
      latitude, longitude, deleted, event_time)
    values (${row.id}, ${row.tenant_id}, ${row.organization_type}, ${row.name}, ${row.status},
      ${row.city}, ${row.postcode}, ${row.latitude}, ${row.longitude}, ${row.deleted}, ${row.event_time})
    on conflict (id) do update set organization_type = excluded.organization_type, name = excluded.name,
      status = excluded.status, city = excluded.city, postcode = excluded.postcode,
      latitude = excluded.latitude, longitude = excluded.longitude, deleted = excluded.deleted,
      event_time = excluded.event_time
    where ${sql.table(table)}.event_time <= excluded.event_time`.execute(ctx.db);
}

/**
 * Drops this process's memo of the organizations `events` are about (the consumer calls it once their
 * transaction has ended; also after a rollback: dropping too often is harmless, and it never throws).
 */
export function forgetOrganizationFacts(events: readonly TEventEnvelope[]): void {
  for (const e of events) {
    const parsed = EVENT_PAYLOADS['organizations.organization.updated'].safeParse(e.data);
    if (parsed.success) organizationFactsMemo.invalidate(parsed.data.organization_id);
  }
}

// The memo's keys name the database: processes that serve several (tests) never mix their rows.
const databases = new WeakMap<object, number>();
let lastDatabase = 0;
const databaseKey = (db: object) => {
  if (!databases.has(db)) databases.set(db, ++lastDatabase);
  return databases.get(db)!;
};

/**
 * The current organization's facts from `<schema>.organizations` (kit's read model), for `callerOf`:
 * its status and existence come from organizations' events; a deleted one is no organization. The
 * statement is precompiled (every request of a read-model service runs it, and building it with the
 * query builder cost more CPU than the lookup: internships benchmark, docs/benchmarks.md); reads outside
 * a transaction (a tenant's read pool) reuse it from `organizationFactsMemo` for `auth.factsTtlMs`.
 */
export function readModelCurrentOrganization<DB>(db: TDbOf<DB>, schema: string): TCurrentOrganizationOf {
  return async (id, auth) => {
    const query = CompiledQuery.raw(
      `select id, organization_type, status from ${schema}.organizations where id = $1 and not deleted`,
      [id],
    ) as CompiledQuery<TOrganizationFacts>;
    const load = async () => (await db.executeQuery(query)).rows[0] ?? null;
    const row = db.isTransaction
      ? await load()
      : await organizationFactsMemo.get(`${databaseKey(db)}|${schema}|${id}`, id, auth.factsTtlMs ?? 0, load);
    return row ? { id: row.id, type: row.organization_type, status: row.status } : null;
  };
}
