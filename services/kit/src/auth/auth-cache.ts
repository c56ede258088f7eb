import type { TRoleRef } from '@stageplein/contracts/identity/roles';

type TChecked = { roles: TRoleRef[] } | null;

interface TEntry {
  value: { roles: TRoleRef[] };
  userId: string;
  generation: number;
  until: number;
}

const MAX_ENTRIES = 50_000;

/**
 * A short-lived, per-process memo of credential checks (revocation + roles), so a busy client does
 * not cost a database round trip per request. Anything identity does to a user (sign-out, reset,
 * eviction, role change, deactivation, deletion) bumps that user's generation in every process that
 * sees it — identity itself at once, other services when the event reaches their consumer — which
 * drops the memo. Where an event reaches only another instance of a service, the memo runs out after
 * AUTH_CACHE_SECONDS: that is the bound on how stale a check can be. 0 disables it.
 */
export class AuthCheckCache {
  private readonly entries = new Map<string, TEntry>();
  private readonly generations = new Map<string, number>();

  constructor(private readonly clock: () => number = Date.now) {}

  async check(key: string, userId: string, ttlMs: number, load: () => Promise<TChecked>): Promise<TChecked> {
    const generation = this.generations.get(userId) ?? 0;
    if (ttlMs > 0) {
      const hit = this.entries.get(key);
      if (hit && hit.generation === generation && hit.until > this.clock()) return hit.value;
    }
    const value = await load();
    // A change to the user while loading makes this result unsafe to keep.
    if (ttlMs > 0 && value && (this.generations.get(userId) ?? 0) === generation) {
      if (this.entries.size >= MAX_ENTRIES) this.prune();
      this.entries.set(key, { value, userId, generation, until: this.clock() + ttlMs });
    }
    return value;
  }

  invalidateUser(userId: string): void {
    this.generations.set(userId, (this.generations.get(userId) ?? 0) + 1);
  }

  private prune(): void {
    const now = this.clock();
    for (const [key, entry] of this.entries) {
      if (entry.until <= now || entry.generation !== (this.generations.get(entry.userId) ?? 0))
        this.entries.delete(key);
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }
}

/** The process's memo, shared by every service mounted in it (keys are per service scope). */
export const authCheckCache = new AuthCheckCache();
