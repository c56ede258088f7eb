import type { TRoleRef } from '@stageplein/contracts/identity/roles';
import { GenerationMemo } from '../cache/generation-memo.ts';

/**
 * The per-process memo of credential checks (revocation + roles), so a busy client does not cost a
 * database round trip per request. Anything identity does to a user (sign-out, reset, eviction, role
 * change, deactivation, deletion) bumps that user's generation in every process that sees it —
 * identity itself at once, other services when the event reaches their consumer — which drops the
 * memo; elsewhere it runs out after AUTH_CACHE_SECONDS. A revoked client (null) is never kept.
 */
export class AuthCheckCache extends GenerationMemo<{ roles: TRoleRef[] }> {
  check(
    key: string,
    userId: string,
    ttlMs: number,
    load: () => Promise<{ roles: TRoleRef[] } | null>,
  ): Promise<{ roles: TRoleRef[] } | null> {
    return this.get(key, userId, ttlMs, load);
  }

  invalidateUser(userId: string): void {
    this.invalidate(userId);
  }
}

/** The process's memo, shared by every service mounted in it (keys are per service scope). */
export const authCheckCache = new AuthCheckCache();
