import type { TEventPayload, TEventType } from '@stageplein/contracts/events/payloads';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { writeEvent } from '@stageplein/kit/outbox/outbox-writer';
import { authCheckCache } from '@stageplein/kit/auth/auth-cache';
import { currentTraceparent } from '@stageplein/kit/telemetry/telemetry';
import type { Kysely } from 'kysely';
import { SCHEMA, type TDb } from '../database.ts';

/** Users changed by a request's transaction, to drop their memos again once it has committed. */
const changedIn = new WeakMap<object, Set<string>>();

export function trackChanges(db: TDb): Set<string> {
  const set = new Set<string>();
  changedIn.set(db, set);
  return set;
}

/**
 * Writes an identity event to the outbox in the use case's transaction; the subject is the user id.
 * Every such change (sign-out, reset, roles, status, deletion) also drops this process's memo of the
 * user's credential checks, so identity itself never answers from a stale one.
 */
export async function emit<T extends TEventType>(
  db: TDb,
  tenant: TTenantId,
  actor: string,
  type: T,
  userId: string,
  data: TEventPayload<T>,
): Promise<void> {
  authCheckCache.invalidate(userId);
  changedIn.get(db)?.add(userId);
  await writeEvent(db as unknown as Kysely<unknown>, SCHEMA, {
    type,
    subject: userId,
    tenant,
    actor,
    data,
    traceparent: currentTraceparent(),
  });
}
