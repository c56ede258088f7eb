import type { Kysely } from 'kysely';
import type { TEventPayload, TEventType } from '@stageplein/contracts/events/payloads';
import { writeEvent } from '@stageplein/kit/outbox/outbox-writer';
import { SCHEMA } from '../database.ts';
import type { TAuditLogTable } from './audit.table.ts';
import type { TActor, TCtx } from './request.ts';

/**
 * Every change leaves two traces in the use case's transaction: its event in the outbox and a row in
 * the audit log (who, what, when). Both exist exactly when the change does.
 */
export async function record<T extends TEventType>(
  ctx: TCtx,
  actor: TActor,
  type: T,
  subject: { type: string; id: string },
  data: TEventPayload<T>,
): Promise<void> {
  await writeEvent(ctx.db as unknown as Kysely<unknown>, SCHEMA, {
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
    // `placements.vacancy.published` → `vacancy.published`
    action: type.slice('placements.'.length),
    subject_type: subject.type,
    subject_id: subject.id,
    data: data as Record<string, unknown>,
    created_at: ctx.now,
  };
  await ctx.db.insertInto('placements.audit_log').values(entry).execute();
}
