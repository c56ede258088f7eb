interface TCall<I, O> {
  item: I;
  resolve: (out: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Calls gathered per key (a tenant) and run together, one run per key at a time (group commit): the
 * calls of one event-loop turn go together, and those made while a key's run is under way wait for it
 * and go together in the next. The mail worker's jobs run side by side, so their throttle counts,
 * suppression reads and outcome records cost a Redis or PostgreSQL round trip per batch instead of one
 * per mail; the slower the round trip (a busy machine), the larger the batch. `run` answers its items in
 * order; when it fails, each call of that run fails with its error, as it would have alone.
 */
export function batched<I, O>(
  run: (key: string, items: I[]) => Promise<readonly O[]>,
): (key: string, item: I) => Promise<O> {
  const waiting = new Map<string, TCall<I, O>[]>();
  const running = new Set<string>();
  const start = (key: string) => {
    const calls = waiting.get(key);
    if (!calls || running.has(key)) return;
    waiting.delete(key);
    running.add(key);
    run(
      key,
      calls.map((c) => c.item),
    )
      .then(
        (outs) => calls.forEach((c, i) => c.resolve(outs[i]!)),
        (error: unknown) => calls.forEach((c) => c.reject(error)),
      )
      .finally(() => {
        running.delete(key);
        start(key);
      });
  };
  return (key, item) =>
    new Promise<O>((resolve, reject) => {
      const calls = waiting.get(key);
      if (calls) return void calls.push({ item, resolve, reject });
      waiting.set(key, [{ item, resolve, reject }]);
      // The rest of this turn's calls join it before it starts.
      if (!running.has(key)) setImmediate(() => start(key));
    });
}
