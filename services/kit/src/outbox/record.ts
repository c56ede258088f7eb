import type { TEventPayload, TEventType } from '@stageplein/contracts/events/payloads';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { recordChange } from '../audit/audit-log.ts';
import { eventActorOf, type TChangeActor } from '../auth/caller.ts';
import { writeEvent } from './outbox-writer.ts';
import type { TDbOf } from '../db/schema-tables.ts';

/** What recording needs of a use-case context (`TContext` has it; a seed builds it). */
export interface TRecordContext<DB> {
  db: TDbOf<DB>;
  tenant: { id: TTenantId };
  now: Date;
}

/** What an event is about: its `subject` (the aggregate id) and, for the audit row, its type. */
export interface TRecordSubject {
  type: string;
  id: string;
}

export interface TRecordOptions {
  /**
   * Also write the change's row in `<schema>.audit_log` (kit's `TAuditLogTable`, `recordChange`).
   * Default: the service's (`recorderFor`).
   */
  audit?: boolean;
}

/** A service's one event helper: `record(ctx, caller, type, subject, data)`. */
export type TRecord<DB> = <T extends TEventType>(
  ctx: TRecordContext<DB>,
  actor: TChangeActor,
  type: T,
  subject: TRecordSubject,
  data: TEventPayload<T>,
  options?: TRecordOptions,
) => Promise<void>;

export interface TRecorderOptions<DB> {
  /** Whether a change writes its audit row by default (kit's audit log in the service's schema). */
  audit: boolean;
  /**
   * Runs after each event is written, in the transaction's flow (identity drops its memo of the
   * subject user's credential checks).
   */
  afterRecord?(ctx: TRecordContext<DB>, type: TEventType, subject: TRecordSubject): void;
}

/**
 * The one way a use case writes an event (docs/service-template.md, "The one shape"): bound once per
 * service (`export const record = recorderFor<TIdentityDb>(SCHEMA, { audit: false })` in its
 * `shared/events.ts`), called as `record(ctx, caller, type, subject, data)` inside the use case's
 * transaction. The event goes to the service's outbox (`writeEvent`: it exists exactly when the change
 * commits), with the caller as the envelope's actor; with `audit`, the audit row too (`recordChange`).
 */
export function recorderFor<DB>(schema: string, options: TRecorderOptions<DB>): TRecord<DB> {
  return async (ctx, actor, type, subject, data, callOptions) => {
    if (callOptions?.audit ?? options.audit) {
      await recordChange(ctx.db, schema, ctx, actor, type, subject, data);
    } else {
      await writeEvent(ctx.db, schema, {
        type,
        subject: subject.id,
        tenant: ctx.tenant.id,
        actor: eventActorOf(actor),
        data,
      });
    }
    options.afterRecord?.(ctx, type, subject);
  };
}
