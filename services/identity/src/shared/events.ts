import { authCheckCache } from '@stageplein/kit/auth/auth-cache';
import { recorderFor } from '@stageplein/kit/outbox/record';
import { SCHEMA, type TIdentityDb } from '../database.ts';

/** Users changed by a request's transaction, to drop their memos again once it has committed. */
const changedIn = new WeakMap<object, Set<string>>();

export function trackChanges(db: object): Set<string> {
  const set = new Set<string>();
  changedIn.set(db, set);
  return set;
}

/**
 * Identity's one event helper (kit's `recorderFor`): `record(ctx, caller, type, subject, data)` writes
 * the event to the outbox in the use case's transaction. An event about a user (sign-out, reset,
 * roles, status, deletion) also drops this process's memo of the user's credential checks, so identity
 * itself never answers from a stale one. No kit audit row: identity's audit log is its own
 * (impersonation/audit-log.table.ts).
 */
export const record = recorderFor<TIdentityDb>(SCHEMA, {
  audit: false,
  afterRecord(ctx, _type, subject) {
    if (subject.type !== 'user') return;
    authCheckCache.invalidate(subject.id);
    changedIn.get(ctx.db)?.add(subject.id);
  },
});

/** The subject of identity's user events: the user. */
export const userSubject = (id: string) => ({ type: 'user', id });
