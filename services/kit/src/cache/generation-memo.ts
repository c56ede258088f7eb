interface TEntry<V> {
  value: V;
  owner: string;
  generation: number;
  until: number;
}

const MAX_ENTRIES = 50_000;

/**
 * A short-lived, per-process memo whose entries belong to an owner (a user, an organization). Whatever
 * changes an owner bumps its generation in every process that sees the change, which drops the
 * owner's entries at once; where a change reaches only another process, an entry lives at most its
 * time to live: that is the bound on how stale a value can be. A value loaded while its owner changed
 * is not kept, nor is a null one (a refusal or a miss is asked again every time). TTL 0 disables it.
 */
export class GenerationMemo<V> {
  private readonly entries = new Map<string, TEntry<V>>();
  private readonly generations = new Map<string, number>();

  constructor(private readonly clock: () => number = Date.now) {}

  async get(key: string, owner: string, ttlMs: number, load: () => Promise<V | null>): Promise<V | null> {
    const generation = this.generations.get(owner) ?? 0;
    if (ttlMs > 0) {
      const hit = this.entries.get(key);
      if (hit && hit.generation === generation && hit.until > this.clock()) return hit.value;
    }
    const value = await load();
    if (ttlMs > 0 && value !== null && (this.generations.get(owner) ?? 0) === generation) {
      if (this.entries.size >= MAX_ENTRIES) this.prune();
      this.entries.set(key, { value, owner, generation, until: this.clock() + ttlMs });
    }
    return value;
  }

  invalidate(owner: string): void {
    this.generations.set(owner, (this.generations.get(owner) ?? 0) + 1);
  }

  private prune(): void {
    const now = this.clock();
    for (const [key, entry] of this.entries) {
      if (entry.until <= now || entry.generation !== (this.generations.get(entry.owner) ?? 0))
        this.entries.delete(key);
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }
}
