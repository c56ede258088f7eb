import type { TCurrentOrganizationFacts } from '@stageplein/contracts/organizations/moderation';

interface TEntry {
  facts: TCurrentOrganizationFacts | null;
  generation: number;
  until: number;
}

/**
 * A per-process memo of organizations' type and status for the current-organization check every
 * request makes, like the kit's credential-check memo (kit/auth/auth-cache.ts) and bounded the same
 * way: a change made in this process drops the entry at once (and a load racing that change is not
 * kept); a change made by another instance shows here within AUTH_CACHE_SECONDS. 0 disables it.
 */
export class OrganizationFactsMemo {
  private readonly entries = new Map<string, TEntry>();
  private readonly generations = new Map<string, number>();

  /** Set from AUTH_CACHE_SECONDS when the service's routes are registered. */
  ttlMs = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  async get(
    tenant: string,
    id: string,
    load: () => Promise<TCurrentOrganizationFacts | null>,
  ): Promise<TCurrentOrganizationFacts | null> {
    const ttlMs = this.ttlMs;
    const key = `${tenant}|${id}`;
    const generation = this.generations.get(id) ?? 0;
    const hit = ttlMs > 0 ? this.entries.get(key) : undefined;
    if (hit && hit.generation === generation && hit.until > this.clock()) return hit.facts;
    const facts = await load();
    if (ttlMs > 0 && (this.generations.get(id) ?? 0) === generation) {
      // Organizations are few per tenant; a sweep of expired entries keeps the map small regardless.
      if (this.entries.size > 10_000) this.sweep();
      this.entries.set(key, { facts, generation, until: this.clock() + ttlMs });
    }
    return facts;
  }

  /** The organization changed (status, type) or is gone. */
  forget(id: string): void {
    this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
  }

  private sweep(): void {
    const now = this.clock();
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
    if (this.entries.size > 10_000) this.entries.clear();
  }
}

/** The process's memo, shared by every mounted copy of the service. */
export const organizationFacts = new OrganizationFactsMemo();
