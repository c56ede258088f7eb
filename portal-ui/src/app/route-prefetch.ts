/**
 * Spec §7/§9: route data is prefetched, about 4 at a time. When the pointer rests on or the
 * keyboard focuses a link to a page of this app, that page's code is fetched ahead of the click;
 * at most 4 fetches run at once, each page only once.
 */
export const PREFETCH_CONCURRENCY = 4;

export interface TPrefetchQueue {
  /** Queues a prefetch; false when this key was queued before. */
  add(key: string, run: () => Promise<unknown>): boolean;
  /** Fetches running now (for tests). */
  running(): number;
  /** Fetches waiting (for tests). */
  waiting(): number;
}

export function createPrefetchQueue(concurrency = PREFETCH_CONCURRENCY): TPrefetchQueue {
  const seen = new Set<string>();
  const queue: (() => Promise<unknown>)[] = [];
  let active = 0;
  const next = () => {
    while (active < concurrency && queue.length) {
      const run = queue.shift()!;
      active++;
      void run()
        .catch(() => undefined)
        .finally(() => {
          active--;
          next();
        });
    }
  };
  return {
    add(key, run) {
      if (seen.has(key)) return false;
      seen.add(key);
      queue.push(run);
      next();
      return true;
    },
    running: () => active,
    waiting: () => queue.length,
  };
}

/** The internal path a link points to, if it is one of ours and not a download or another window. */
export function prefetchablePath(
  anchor: { href: string; target: string; hasAttribute(name: string): boolean },
  origin: string,
): string | undefined {
  if (anchor.target && anchor.target !== '_self') return undefined;
  if (anchor.hasAttribute('download')) return undefined;
  let url: URL;
  try {
    url = new URL(anchor.href, origin);
  } catch {
    return undefined;
  }
  return url.origin === origin ? url.pathname : undefined;
}
