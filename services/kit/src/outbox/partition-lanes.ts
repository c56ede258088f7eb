/**
 * A consumer group's work, one lane per partition, apart from kafkajs' fetch loop. kafkajs fetches
 * again only when every partition of its last fetch has been processed, so an event arriving while
 * one partition's transaction runs waited for that transaction before it was even fetched (the
 * relay benchmark's "sent → fetched" phase). With lanes the fetch loop only hands messages over:
 * each partition's messages run in order, one chunk at a time, and at most `concurrency` chunks of
 * all partitions at once. A lane's next chunk is everything that arrived while its last one ran (up
 * to `chunkSize`), taken when it gets a slot: under load the chunks grow, so a burst still costs one
 * transaction per chunk, not one per event.
 *
 * Safety is unchanged: `process` commits an offset only after the chunk took effect, so a fetch
 * position that ran ahead of the work costs nothing when the process dies (the committed offset is
 * where the next owner starts). A chunk that fails is retried in its lane, in place, so a partition's
 * later messages never overtake it. After a rebalance (`reset`) or `stop`, what is queued is dropped
 * (whoever owns the partition then fetches it again from the committed offset) and a chunk already
 * running finishes (a duplicate then is absorbed by the idempotent consumers).
 */
export interface TPartitionLanesOptions<M> {
  /** Chunks processed at the same time over all partitions (each may hold a database connection). */
  concurrency: number;
  /** Most messages per chunk (one transaction each). */
  chunkSize: number;
  /** A partition with this many messages queued is paused until half of them are taken. */
  maxQueued: number;
  /** Processes one chunk; a rejection is retried (backoff) until it succeeds or its lane is dropped. */
  process(topic: string, partition: number, messages: readonly M[]): Promise<void>;
  pause(topic: string, partition: number): void;
  resume(topic: string, partition: number): void;
  retry: { initialMs: number; maxMs: number };
  onError?(error: unknown, topic: string, partition: number): void;
}

interface TLane<T> {
  topic: string;
  partition: number;
  queue: T[];
  /** The lane's drain while it runs. */
  draining: Promise<void> | undefined;
  paused: boolean;
}

export class PartitionLanes<T> {
  private readonly lanes = new Map<string, TLane<T>>();
  private generation = 0;
  private stopped = false;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly sleepers = new Set<() => void>();

  constructor(private readonly options: TPartitionLanesOptions<T>) {}

  /** Queues a partition's fetched messages (in offset order) behind what its lane already has. */
  push(topic: string, partition: number, messages: readonly T[]): void {
    if (this.stopped || messages.length === 0) return;
    const key = `${topic}|${partition}`;
    let lane = this.lanes.get(key);
    if (!lane)
      this.lanes.set(key, (lane = { topic, partition, queue: [], draining: undefined, paused: false }));
    lane.queue.push(...messages);
    if (!lane.paused && lane.queue.length >= this.options.maxQueued) {
      lane.paused = true;
      this.options.pause(topic, partition);
    }
    if (!lane.draining) {
      const current = lane;
      lane.draining = this.drain(current).finally(() => (current.draining = undefined));
    }
  }

  /** The group rejoined: what is queued is dropped (fetched again from the committed offsets). */
  reset(): void {
    this.generation++;
    for (const lane of this.lanes.values()) {
      lane.queue.length = 0;
      this.resumeIfShort(lane);
    }
    for (const wake of [...this.sleepers]) wake();
  }

  /** Drops what is queued and resolves when the chunks already running have finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.reset();
    await this.idle();
  }

  /** Resolves when every lane has processed (or dropped) what it was given. */
  async idle(): Promise<void> {
    for (;;) {
      const draining = [...this.lanes.values()].flatMap((l) => (l.draining ? [l.draining] : []));
      if (draining.length === 0) return;
      await Promise.all(draining);
    }
  }

  /** Messages queued over all lanes, not counting chunks running (tests, metrics). */
  get queued(): number {
    let n = 0;
    for (const lane of this.lanes.values()) n += lane.queue.length;
    return n;
  }

  private async drain(lane: TLane<T>): Promise<void> {
    while (!this.stopped && lane.queue.length > 0) {
      await this.acquire();
      try {
        // Taken only now: what arrived while this lane waited for its slot joins the chunk.
        const generation = this.generation;
        const chunk = lane.queue.splice(0, this.options.chunkSize);
        this.resumeIfShort(lane);
        if (chunk.length === 0) continue;
        await this.processWithRetries(lane, chunk, generation);
      } finally {
        this.release();
      }
    }
  }

  private async processWithRetries(lane: TLane<T>, chunk: readonly T[], generation: number): Promise<void> {
    for (let wait = this.options.retry.initialMs; ;) {
      try {
        await this.options.process(lane.topic, lane.partition, chunk);
        return;
      } catch (error) {
        try {
          this.options.onError?.(error, lane.topic, lane.partition);
        } catch {
          // a failing log must not end the lane
        }
      }
      if (this.stopped || generation !== this.generation) return;
      await this.sleep(wait);
      if (this.stopped || generation !== this.generation) return;
      wait = Math.min(wait * 2, this.options.retry.maxMs);
    }
  }

  private resumeIfShort(lane: TLane<T>): void {
    if (lane.paused && lane.queue.length <= this.options.maxQueued / 2) {
      lane.paused = false;
      this.options.resume(lane.topic, lane.partition);
    }
  }

  private async acquire(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running++;
      return;
    }
    // The slot is handed over by release(), so `running` stays counted.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  /** Waits between retries; cut short by reset or stop. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }
}
