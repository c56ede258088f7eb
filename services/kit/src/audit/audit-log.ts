import type { Generated, Kysely } from 'kysely';
import type { TEventPayload, TEventType } from '@stageplein/contracts/events/payloads';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
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

/** Who made a change: the user (and who signed in as them), or nobody (`system`, e.g. seeds). */
export interface TChangeActor {
  userId: string | null;
  impersonatorId: string | null;
}

/**
 * Every change leaves two traces in the use case's transaction: its event in the service's outbox and
 * a row in its audit log (who, what, when), so both exist exactly when the change does. The action is
 * the event type without the service's prefix (`placements.vacancy.published` → `vacancy.published`).
 */
export async function recordChange<T extends TEventType>(
  db: Kysely<unknown>,
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
    actor: actor.userId ?? 'system',
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
  const audit = db.withSchema(schema) as unknown as Kysely<{ audit_log: TAuditLogTable }>;
  await audit.insertInto('audit_log').values(entry).execute();
}
