import type { Generated } from 'kysely';
import type { TEventPayload, TEventType } from '@stageplein/contracts/events/payloads';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { eventActorOf, type TChangeActor } from '../auth/caller.ts';
import { schemaTables, type TDbOf } from '../db/schema-tables.ts';
import { writeEvent } from '../outbox/outbox-writer.ts';

/** A service's append-only audit log (`<schema>.audit_log`): who changed what, when. */
export interface TAuditLogTable {
  id: Generated<number>;
  tenant_id: string;
  /** Null for system actions (seeds). */
  actor_id: string | null;
  /** Set when the actor was signed in as another user ("sign in as user"). */
  impersonator_id: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/** Who made a change (kit's caller, `auth/caller.ts`). */
export type { TChangeActor } from '../auth/caller.ts';

/**
 * Every change leaves two traces in the use case's transaction: its event in the service's outbox and
 * a row in its audit log (who, what, when), so both exist exactly when the change does. The action is
 * the event type without the service's prefix (`placements.vacancy.published` → `vacancy.published`).
 */
export async function recordChange<T extends TEventType, DB>(
  db: TDbOf<DB>,
  schema: string,
  ctx: { tenant: { id: TTenantId }; now: Date },
  actor: TChangeActor,
  type: T,
  subject: { type: string; id: string },
  data: TEventPayload<T>,
): Promise<void> {
  await writeEvent(db, schema, {
    type,
    subject: subject.id,
    tenant: ctx.tenant.id,
    actor: eventActorOf(actor),
    data,
  });
  const entry: Omit<TAuditLogTable, 'id'> = {
    tenant_id: ctx.tenant.id,
    actor_id: actor.userId,
    impersonator_id: actor.impersonatorId,
    action: type.startsWith(`${schema}.`) ? type.slice(schema.length + 1) : type,
    subject_type: subject.type,
    subject_id: subject.id,
    data: data as Record<string, unknown>,
    created_at: ctx.now,
  };
  // Every service names the table the same within its own schema.
  await schemaTables<{ audit_log: TAuditLogTable }, DB>(db, schema)
    .insertInto('audit_log')
    .values(entry)
    .execute();
}
