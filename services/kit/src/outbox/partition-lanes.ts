/**
 * A consumer group's work, apart from kafkajs' fetch loop. kafkajs fetches again only when every
 * partition of its last fetch has been processed, so an event arriving while one partition's
 * transaction ran waited for it before it was even fetched. Here the fetch loop only hands messages
 * over: each partition keeps its own queue (its lane) and runs in order, one chunk at a time.
 *
 * **A chunk spans partitions.** It takes every waiting partition's messages, oldest lane first, up to
 * `chunkSize`: one transaction for what arrived on all partitions meanwhile, instead of one per
 * partition (at 500 events/s over 12 partitions that was ~2 events per commit, and the commits, 4 round
 * trips each, were what a saturated machine queued). **A second chunk starts only when a full one
 * waits**: while one runs, what arrives joins the next, so the commits grow with the load instead of
 * multiplying; a backlog still runs `concurrency` full chunks side by side (a busy partition is in one
 * chunk at a time).
 *
 * Safety is unchanged: `process` commits an offset only after the chunk took effect, so a fetch
 * position that ran ahead of the work costs nothing when the process dies (the committed offset is
 * where the next owner starts). A chunk that fails is retried in place, so its partitions' later
 * messages never overtake it. After a rebalance (`reset`) or `stop`, what is queued is dropped
 * (whoever owns the partition then fetches it again from the committed offset) and a chunk already
 * running finishes (a duplicate then is absorbed by the idempotent consumers).
 */
export interface TLanePart<M> {
  topic: string;
  partition: number;
  /** In offset order. */
  messages: readonly M[];
}

export interface TPartitionLanesOptions<M> {
  /** Chunks processed at the same time (each may hold a database connection). */
  concurrency: number;
  /** Most messages per chunk (one transaction each). */
  chunkSize: number;
  /** A partition with this many messages queued is paused until half of them are taken. */
  maxQueued: number;
  /** Processes one chunk; a rejection is retried (backoff) until it succeeds or the lanes are reset. */
  process(chunk: readonly TLanePart<M>[]): Promise<void>;
  pause(topic: string, partition: number): void;
  resume(topic: string, partition: number): void;
  retry: { initialMs: number; maxMs: number };
  onError?(error: unknown, chunk: readonly TLanePart<M>[]): void;
}

interface TLane<T> {
  topic: string;
  partition: number;
  queue: T[];
  /** In a running chunk: the lane's next messages wait for it. */
  busy: boolean;
  paused: boolean;
}

export class PartitionLanes<T> {
  private readonly lanes = new Map<string, TLane<T>>();
  /** Lanes with messages and no chunk running, in the order they became ready. */
  private readonly ready = new Set<TLane<T>>();
  private readonly running = new Set<Promise<void>>();
  private generation = 0;
  private stopped = false;
  private pumping: NodeJS.Immediate | undefined;
  private readonly sleepers = new Set<() => void>();

  constructor(private readonly options: TPartitionLanesOptions<T>) {}

  /** Queues a partition's fetched messages (in offset order) behind what its lane already has. */
  push(topic: string, partition: number, messages: readonly T[]): void {
    if (this.stopped || messages.length === 0) return;
    const key = `${topic}|${partition}`;
    let lane = this.lanes.get(key);
    if (!lane) this.lanes.set(key, (lane = { topic, partition, queue: [], busy: false, paused: false }));
    lane.queue.push(...messages);
    if (!lane.paused && lane.queue.length >= this.options.maxQueued) {
      lane.paused = true;
      this.options.pause(topic, partition);
    }
    if (!lane.busy) this.ready.add(lane);
    this.schedule();
  }

  /** The group rejoined: what is queued is dropped (fetched again from the committed offsets). */
  reset(): void {
    this.generation++;
    for (const lane of this.lanes.values()) {
      lane.queue.length = 0;
      this.resumeIfShort(lane);
    }
    this.ready.clear();
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
      // A push's chunk starts on the next turn of the event loop (see `schedule`).
      await new Promise((r) => setImmediate(r));
      if (this.running.size === 0 && (this.stopped || this.ready.size === 0)) return;
      await Promise.all(this.running);
    }
  }

  /** Messages queued over all lanes, not counting chunks running (tests, metrics). */
  get queued(): number {
    let n = 0;
    for (const lane of this.lanes.values()) n += lane.queue.length;
    return n;
  }

  /**
   * Starts chunks on the next turn of the event loop, so the partitions of one fetch (handed over one
   * by one in the same turn) share a chunk.
   */
  private schedule(): void {
    this.pumping ??= setImmediate(() => {
      this.pumping = undefined;
      this.pump();
    });
  }

  private pump(): void {
    while (!this.stopped && this.ready.size > 0 && this.running.size < this.options.concurrency) {
      if (this.running.size > 0 && this.readyCount() < this.options.chunkSize) return;
      const chunk: { lane: TLane<T>; messages: T[] }[] = [];
      let taken = 0;
      for (const lane of this.ready) {
        if (taken >= this.options.chunkSize) break;
        const messages = lane.queue.splice(0, this.options.chunkSize - taken);
        taken += messages.length;
        this.ready.delete(lane);
        lane.busy = true;
        chunk.push({ lane, messages });
        this.resumeIfShort(lane);
      }
      const run = this.processWithRetries(
        chunk.map(({ lane, messages }) => ({ topic: lane.topic, partition: lane.partition, messages })),
        this.generation,
      ).finally(() => {
        this.running.delete(run);
        for (const { lane } of chunk) {
          lane.busy = false;
          if (lane.queue.length > 0) this.ready.add(lane);
        }
        this.schedule();
      });
      this.running.add(run);
    }
  }

  private readyCount(): number {
    let n = 0;
    for (const lane of this.ready) n += lane.queue.length;
    return n;
  }

  private async processWithRetries(chunk: readonly TLanePart<T>[], generation: number): Promise<void> {
    for (let wait = this.options.retry.initialMs; ;) {
      try {
        await this.options.process(chunk);
        return;
      } catch (error) {
        try {
          this.options.onError?.(error, chunk);
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
