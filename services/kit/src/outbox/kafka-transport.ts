import {
  AssignerProtocol,
  Kafka,
  Partitioners,
  logLevel as KafkaLogLevel,
  type Admin,
  type Consumer,
  type IHeaders,
  type KafkaMessage,
  type LogEntry,
  type Message,
  type Producer,
} from 'kafkajs';
import type { TEventEnvelope } from '@stageplein/contracts/events/envelope';
import { EVENT_PAYLOADS } from '@stageplein/contracts/events/payloads';
import { deliverAll, DEFAULT_RETRY, MAX_BATCH, type TReceived, type TRetryPolicy } from './delivery.ts';
import { PartitionLanes, type TLanePart } from './partition-lanes.ts';
import type { TConsumer, TDeadLetter, TEventTransport, TStoredEvent } from './transport.ts';

export type TKafkaLog = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export interface TKafkaTransportOptions {
  brokers: readonly string[];
  /** Prefix of topics and groups; `stageplein` gives DESIGN §5's `stageplein.<service>.<aggregate>`. */
  namespace?: string;
  clientId?: string;
  /** Consumer-side delivery: attempts and backoff before an event is dead-lettered. */
  retry?: TRetryPolicy;
  /**
   * Kafka group session timeout (default 10 s): how soon the partitions of a consumer that died, or
   * of the member a broker restart left behind, move to a live one. The fetch loop heartbeats while
   * the lanes run.
   */
  sessionTimeoutMs?: number;
  /**
   * Partitions of the topics this transport creates (default 12). Order holds per partition, so more
   * partitions let a group commit more events at once (each takes effect in its own transaction).
   */
  partitions?: number;
  /** Chunks one group processes at the same time in a backlog (default 8; each may hold an app-role connection). */
  concurrency?: number;
  /** kafkajs warnings and errors; `false` silences them (tests that stop the broker on purpose). */
  log?: TKafkaLog | false;
  onDeadLetter?: (group: string, letter: TDeadLetter) => void;
  /** Called when a group is handed a partition's fetched messages (before they queue in its lane). */
  onFetched?: (group: string, messages: readonly KafkaMessage[]) => void;
}

/** `<ns>.<service>.<aggregate>` of an event type (DESIGN §5; contracts' `topicFor` with the namespace). */
export function kafkaTopic(namespace: string, type: string): string {
  const [service, aggregate] = type.split('.');
  return `${namespace}.${service}.${aggregate}`;
}

export const deadLetterTopic = (namespace: string) => `${namespace}.dead-letter`;
export const DEFAULT_PARTITIONS = 12;
/** Messages a partition may have waiting in its lane before it is paused (about one fetch's worth). */
const MAX_QUEUED = 1000;
export const consumerGroupId = (namespace: string, group: string) => `${namespace}.${group}`;

/**
 * The Kafka message of an event: key = aggregate id; value = the envelope; headers per CloudEvents'
 * Kafka binding (structured mode) plus W3C trace context.
 */
export function toKafkaMessage(event: TEventEnvelope): Message {
  return { key: event.subject, value: JSON.stringify(event), headers: headersOf(event) };
}

/** The same message from a stored outbox row: its JSON text is the value, as is. */
export function storedToKafkaMessage(event: TStoredEvent): Message {
  return { key: event.subject, value: event.json, headers: headersOf(event) };
}

function headersOf(event: Omit<TStoredEvent, 'json'>): IHeaders {
  const headers: IHeaders = {
    'content-type': 'application/cloudevents+json; charset=utf-8',
    ce_id: event.id,
    ce_type: event.type,
    ce_source: event.source,
    ce_subject: event.subject,
    ce_tenant: event.tenant,
  };
  if (event.traceparent) headers.traceparent = event.traceparent;
  return headers;
}

export function header(message: Pick<KafkaMessage, 'headers'>, name: string): string | undefined {
  const value = message.headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ignoreError = (fn: () => void) => {
  try {
    fn();
  } catch {
    // nothing to do
  }
};

function logCreator(log: TKafkaLog | false | undefined) {
  return () =>
    ({ level, log: entry }: LogEntry) => {
      if (!log) return;
      const { message, ...rest } = entry;
      // Bounded producer retries are deliberate: the relay retries the whole batch after a failure.
      if (message.startsWith('Limiting retries for the idempotent producer')) return;
      if (level <= KafkaLogLevel.ERROR) log.error({ kafka: rest }, `kafkajs: ${message}`);
      else log.warn({ kafka: rest }, `kafkajs: ${message}`);
    };
}

/**
 * Distributed-profile transport (DESIGN §5). Publishing: one topic per aggregate, created explicitly
 * with the admin client; key = aggregate id, so one aggregate's events share a partition and keep
 * their order; an idempotent producer with acks=all, and `publish` resolves only after the broker
 * acknowledged every message (the relay dequeues rows after that). Consuming: a Kafka consumer
 * group per TConsumer, from the earliest offset for a new group, what waits on its partitions taken
 * in chunks of one transaction each (partition-lanes.ts); an offset is committed only after its event
 * was handled or durably dead-lettered (delivery.ts), so a crash means redelivery, which the
 * idempotent consumers absorb.
 */
export class KafkaTransport implements TEventTransport {
  readonly name = 'kafka';
  readonly namespace: string;
  private readonly kafka: Kafka;
  private readonly known = new Set<string>();
  private admin: Promise<Admin> | undefined;
  private producer: Promise<Producer> | undefined;
  /** Sends run one at a time: concurrent sends can break an idempotent producer's sequence numbers. */
  private sending: Promise<unknown> = Promise.resolve();
  private readonly groups = new Map<string, Consumer>();
  private readonly committers = new Map<Consumer, OffsetCommitter>();
  private readonly lanes = new Map<Consumer, PartitionLanes<KafkaMessage>>();
  private closed = false;

  constructor(private readonly options: TKafkaTransportOptions) {
    this.namespace = options.namespace ?? 'stageplein';
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'stageplein',
      brokers: [...options.brokers],
      connectionTimeout: 3000,
      retry: { initialRetryTime: 100, retries: 5, maxRetryTime: 2000 },
      logLevel: options.log === false ? KafkaLogLevel.NOTHING : KafkaLogLevel.WARN,
      logCreator: logCreator(options.log),
    });
  }

  /** Creates the topics that do not exist yet (and, the first time, every topic of the contract). */
  async ensureTopics(topics: readonly string[]): Promise<void> {
    const first = this.known.size === 0;
    const wanted = new Set(topics);
    if (first) {
      for (const type of Object.keys(EVENT_PAYLOADS)) wanted.add(kafkaTopic(this.namespace, type));
      wanted.add(deadLetterTopic(this.namespace));
    }
    const missing = [...wanted].filter((t) => !this.known.has(t));
    if (missing.length === 0) return;
    const admin = await this.adminClient();
    const existing = new Set(await admin.listTopics());
    const create = missing.filter((t) => !existing.has(t));
    if (create.length > 0) {
      const spec = (topic: string) => ({
        topic,
        numPartitions: this.options.partitions ?? DEFAULT_PARTITIONS,
      });
      try {
        await admin.createTopics({ topics: create.map(spec), waitForLeaders: false });
      } catch {
        // Another process created some of them meanwhile: create the rest one by one.
        for (const topic of create)
          await admin.createTopics({ topics: [spec(topic)], waitForLeaders: false });
      }
    }
    await this.waitForLeaders(admin, missing);
    for (const t of missing) this.known.add(t);
  }

  /**
   * A new topic is usable a moment after the controller created it: first the broker's metadata lists
   * it (until then UNKNOWN_TOPIC_OR_PARTITION, which kafkajs' own wait does not retry), then each
   * partition's leader loads it (until then NOT_LEADER). ListOffsets is answered only by a serving
   * leader, so it is the readiness probe.
   */
  private async waitForLeaders(admin: Admin, topics: readonly string[]): Promise<void> {
    const deadline = Date.now() + 60_000;
    const pending = new Set(topics);
    while (pending.size > 0) {
      for (const topic of [...pending]) {
        try {
          const offsets = await admin.fetchTopicOffsets(topic);
          if (offsets.length > 0) pending.delete(topic);
        } catch (error) {
          if (Date.now() > deadline) throw error;
        }
      }
      if (pending.size === 0) return;
      if (Date.now() > deadline)
        throw new Error(`kafka topics not ready after 60 s: ${[...pending].join(', ')}`);
      await sleep(100);
    }
  }

  async publish(events: readonly TEventEnvelope[]): Promise<void> {
    await this.sendMessages(events.map((e) => [e.type, toKafkaMessage(e)]));
  }

  /** The relay's path: the stored JSON text is the message value, so nothing is parsed and re-serialised. */
  async publishStored(events: readonly TStoredEvent[]): Promise<void> {
    await this.sendMessages(events.map((e) => [e.type, storedToKafkaMessage(e)]));
  }

  private async sendMessages(typed: ReadonlyArray<readonly [type: string, message: Message]>): Promise<void> {
    if (typed.length === 0) return;
    const byTopic = new Map<string, Message[]>();
    for (const [type, message] of typed) {
      const topic = kafkaTopic(this.namespace, type);
      const messages = byTopic.get(topic);
      if (messages) messages.push(message);
      else byTopic.set(topic, [message]);
    }
    await this.ensureTopics([...byTopic.keys()]);
    await this.send((producer) =>
      producer.sendBatch({
        acks: -1,
        timeout: 30_000,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      }),
    );
  }

  async subscribe(consumer: TConsumer): Promise<void> {
    if (this.groups.has(consumer.group)) throw new Error(`consumer group ${consumer.group} subscribed twice`);
    const topics = [...new Set(consumer.types.map((t) => kafkaTopic(this.namespace, t)))];
    await this.ensureTopics(topics);
    // Resolve once the group has its partitions (whichever incarnation of its consumer gets them),
    // so callers can rely on receiving what is published next.
    let joined!: () => void;
    const join = new Promise<void>((resolve) => (joined = resolve));
    await this.startGroup(consumer, topics, joined);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      join,
      new Promise((_, reject) => {
        const id = consumerGroupId(this.namespace, consumer.group);
        timer = setTimeout(
          () => reject(new Error(`consumer group ${id} did not join within 120 s`)),
          120_000,
        );
      }),
    ]).finally(() => clearTimeout(timer));
  }

  /**
   * Resolves true once every consumer group with live members subscribed to one of `types`' topics
   * has committed past everything those topics held when called; false after `timeoutMs`. Identity
   * awaits it (through `outboxSettled`) before answering a credential change in the distributed
   * profile. Groups without members (a service that is down or not deployed) are not waited for: they
   * read on from their committed offset when they come back, and refuse nothing meanwhile.
   */
  async consumedEverywhere(types: readonly string[], timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const topics = [...new Set(types.map((t) => kafkaTopic(this.namespace, t)))];
    await this.ensureTopics(topics);
    const admin = await this.adminClient();
    const targets = new Map<string, { partition: number; low: bigint; high: bigint }[]>();
    for (const topic of topics) {
      const offsets = await admin.fetchTopicOffsets(topic);
      targets.set(
        topic,
        offsets.map((p) => ({ partition: p.partition, low: BigInt(p.low), high: BigInt(p.high) })),
      );
    }
    const { groups } = await admin.listGroups();
    const ids = groups
      .filter((g) => g.protocolType === 'consumer' && g.groupId.startsWith(`${this.namespace}.`))
      .map((g) => g.groupId);
    const waiting = new Map<string, string[]>();
    for (const group of ids.length > 0 ? (await admin.describeGroups(ids)).groups : []) {
      const subscribed = new Set<string>();
      for (const member of group.members)
        for (const topic of AssignerProtocol.MemberMetadata.decode(member.memberMetadata)?.topics ?? [])
          subscribed.add(topic);
      const ours = topics.filter((t) => subscribed.has(t));
      if (ours.length > 0) waiting.set(group.groupId, ours);
    }
    for (let wait = 5; ; wait = Math.min(wait * 2, 50)) {
      for (const [groupId, groupTopics] of [...waiting]) {
        const committed = await admin.fetchOffsets({ groupId, topics: groupTopics });
        const behind = groupTopics.some((topic) =>
          (targets.get(topic) ?? []).some(({ partition, low, high }) => {
            const offset = committed
              .find((c) => c.topic === topic)
              ?.partitions.find((p) => p.partition === partition)?.offset;
            // No commit yet: a new group reads from the beginning, i.e. from `low`.
            const next = offset === undefined || BigInt(offset) < 0n ? low : BigInt(offset);
            return next < high;
          }),
        );
        if (!behind) waiting.delete(groupId);
      }
      if (waiting.size === 0) return true;
      if (Date.now() >= deadline) return false;
      await sleep(wait);
    }
  }

  /** Readiness: the broker answers the admin client. */
  async ping(): Promise<void> {
    await (await this.adminClient()).describeCluster();
  }

  async close(): Promise<void> {
    this.closed = true;
    const groups = [...this.groups.values()];
    this.groups.clear();
    // The chunks running finish (queued ones are dropped: not committed, they come again), and what
    // took effect gets its offset committed before the group leaves (else it would come again).
    await Promise.all(groups.map((c) => this.lanes.get(c)?.stop()));
    await Promise.all(groups.map((c) => this.committers.get(c)?.flush()));
    await Promise.all(groups.map((c) => c.disconnect().catch(() => undefined)));
    await this.sending.catch(() => undefined);
    const [producer, admin] = [this.producer, this.admin];
    this.producer = this.admin = undefined;
    await Promise.all([
      producer?.then((p) => p.disconnect()).catch(() => undefined),
      admin?.then((a) => a.disconnect()).catch(() => undefined),
    ]);
  }

  private adminClient(): Promise<Admin> {
    this.admin ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      return admin;
    })().catch((error: unknown) => {
      this.admin = undefined;
      throw error;
    });
    return this.admin;
  }

  private send<T>(fn: (producer: Producer) => Promise<T>): Promise<T> {
    const run = this.sending
      .catch(() => undefined)
      .then(async () => {
        if (this.closed) throw new Error('kafka transport closed');
        this.producer ??= (async () => {
          const producer = this.kafka.producer({
            idempotent: true,
            maxInFlightRequests: 1,
            createPartitioner: Partitioners.DefaultPartitioner,
            // Bounded, unlike kafkajs' idempotent default (forever): the relay must get its answer.
            retry: { initialRetryTime: 100, retries: 5, maxRetryTime: 2000 },
          });
          await producer.connect();
          return producer;
        })();
        const current = this.producer;
        try {
          return await fn(await current);
        } catch (error) {
          // Outcome unknown: a fresh producer id keeps a stale sequence number from wedging later sends;
          // what the broker may already have is delivered again and absorbed by the consumers.
          if (this.producer === current) this.producer = undefined;
          void current.then((p) => p.disconnect()).catch(() => undefined);
          throw error;
        }
      });
    this.sending = run;
    return run;
  }

  private async startGroup(
    consumer: TConsumer,
    topics: readonly string[],
    joined: () => void,
  ): Promise<void> {
    const sessionTimeout = this.options.sessionTimeoutMs ?? 10_000;
    const kc = this.kafka.consumer({
      groupId: consumerGroupId(this.namespace, consumer.group),
      sessionTimeout,
      heartbeatInterval: Math.min(3000, Math.floor(sessionTimeout / 5)),
      maxWaitTimeInMs: 1000,
      retry: { initialRetryTime: 200, retries: 8, maxRetryTime: 5000 },
    });
    this.groups.set(consumer.group, kc);
    const committer = new OffsetCommitter(kc);
    this.committers.set(kc, committer);
    const lanes = new PartitionLanes<KafkaMessage>({
      concurrency: this.options.concurrency ?? 8,
      chunkSize: MAX_BATCH,
      maxQueued: MAX_QUEUED,
      process: (chunk) => this.processChunk(consumer, committer, chunk),
      // A consumer that stopped meanwhile has nothing to pause or resume.
      pause: (topic, partition) => ignoreError(() => kc.pause([{ topic, partitions: [partition] }])),
      resume: (topic, partition) => ignoreError(() => kc.resume([{ topic, partitions: [partition] }])),
      // Only when even a dead letter could not be recorded (e.g. the database is down).
      retry: { initialMs: 200, maxMs: 5000 },
      onError: (error, chunk) => {
        if (this.options.log)
          this.options.log.warn(
            {
              group: consumer.group,
              partitions: chunk.map((p) => `${p.topic}/${p.partition}`),
              err: (error as Error).message,
            },
            'kafka consumer could not process a run of events; trying again',
          );
      },
    });
    this.lanes.set(kc, lanes);
    kc.on(kc.events.GROUP_JOIN, () => {
      // A (re)join starts every partition at its committed offset: queued chunks would come twice.
      lanes.reset();
      joined();
    });
    kc.on(kc.events.CRASH, ({ payload }) => {
      // kafkajs restarts itself after retriable errors only; anything else would silently stop the group.
      if (payload.restart || this.closed || this.groups.get(consumer.group) !== kc) return;
      this.groups.delete(consumer.group);
      this.committers.delete(kc);
      this.lanes.delete(kc);
      void lanes.stop();
      if (this.options.log)
        this.options.log.error(
          { group: consumer.group, err: payload.error.message },
          'kafka consumer crashed; starting it again',
        );
      this.restartGroup(consumer, topics, joined);
    });
    try {
      await kc.connect();
      await kc.subscribe({ topics: [...topics], fromBeginning: true });
      await this.runGroup(kc, consumer, lanes);
    } catch (error) {
      // Not started (e.g. no broker): this consumer is dropped, so a later start is not refused as a
      // second subscription and close() does not wait for it.
      if (this.groups.get(consumer.group) === kc) this.groups.delete(consumer.group);
      this.committers.delete(kc);
      this.lanes.delete(kc);
      await lanes.stop();
      await kc.disconnect().catch(() => undefined);
      throw error;
    }
  }

  /**
   * Starts a crashed group again, and keeps trying until it runs: the crashes kafkajs does not restart
   * from itself (e.g. no group coordinator found) happen while a broker shuts down or starts, and the
   * broker may still be down at the first try. A try that fails (the broker refuses the connection)
   * must not be the last, or the group would stop for good with nothing to show for it.
   */
  private restartGroup(consumer: TConsumer, topics: readonly string[], joined: () => void): void {
    void (async () => {
      for (let attempt = 1; ; attempt++) {
        await sleep(Math.min(2000 * attempt, 10_000));
        if (this.closed || this.groups.has(consumer.group)) return;
        try {
          await this.startGroup(consumer, topics, joined);
          return;
        } catch (error) {
          if (this.options.log)
            this.options.log.warn(
              { group: consumer.group, attempt, err: (error as Error).message },
              'kafka consumer could not start; trying again',
            );
        }
      }
    })();
  }

  private async runGroup(
    kc: Consumer,
    consumer: TConsumer,
    lanes: PartitionLanes<KafkaMessage>,
  ): Promise<void> {
    await kc.run({
      // The fetch loop only hands each partition's messages to its lane (partition-lanes.ts) and
      // fetches on; the lanes run the transactions. The fetch position moves on at once
      // (`resolveOffset`), but with auto-commit off kafkajs commits nothing itself: the committer
      // commits an offset only after its events took effect or were dead-lettered.
      partitionsConsumedConcurrently: 1,
      eachBatchAutoResolve: false,
      autoCommit: false,
      eachBatch: async ({ batch, resolveOffset, isRunning, isStale }) => {
        const { topic, partition, messages } = batch;
        this.options.onFetched?.(consumer.group, messages);
        if (!isRunning() || isStale() || messages.length === 0) return;
        resolveOffset(messages.at(-1)!.offset);
        lanes.push(topic, partition, messages);
      },
    });
  }

  /**
   * One chunk (partitions' messages, each partition's in order), taking effect in runs of one
   * transaction each (delivery.ts); then each partition's offset goes to the committer.
   */
  private async processChunk(
    consumer: TConsumer,
    committer: OffsetCommitter,
    chunk: readonly TLanePart<KafkaMessage>[],
  ): Promise<void> {
    const received: TReceived[] = [];
    const sources = new Map<TReceived, KafkaMessage>();
    for (const { topic, partition, messages } of chunk)
      for (const message of messages) {
        const item = this.receive(consumer, topic, partition, message);
        if (!item) continue;
        received.push(item);
        sources.set(item, message);
      }
    const letters = await deliverAll(consumer, received, {
      system: 'kafka',
      retry: this.options.retry ?? DEFAULT_RETRY,
      onDeadLetter: this.options.onDeadLetter,
    });
    for (const { item, letter } of letters)
      await this.copyToDeadLetterTopic(consumer.group, sources.get(item)!, letter);
    for (const { topic, partition, messages } of chunk)
      committer.add(topic, partition, messages.at(-1)!.offset);
  }

  /** A message as the group's input, or undefined when it carries a type the group does not want. */
  private receive(
    consumer: TConsumer,
    topic: string,
    partition: number,
    message: KafkaMessage,
  ): TReceived | undefined {
    const origin = `kafka:${topic}/${partition}@${message.offset}`;
    const text = message.value?.toString('utf8') ?? '';
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { raw: { raw: text }, origin, poison: 'message value is not JSON' };
    }
    // A topic carries every event type of its aggregate; this group wants some of them.
    const type = header(message, 'ce_type') ?? (raw as { type?: unknown } | null)?.type;
    if (typeof type === 'string' && !consumer.types.includes(type)) return undefined;
    return { raw, origin, traceparent: header(message, 'traceparent') };
  }

  /** The broker-side copy of a dead letter (the record to replay from is the consumer's table). */
  private async copyToDeadLetterTopic(
    group: string,
    message: KafkaMessage,
    letter: TDeadLetter,
  ): Promise<void> {
    await this.send((producer) =>
      producer.send({
        topic: deadLetterTopic(this.namespace),
        acks: -1,
        messages: [
          {
            key: group,
            value: message.value,
            headers: {
              ...message.headers,
              'x-dead-letter-group': group,
              'x-dead-letter-reason': letter.reason,
              'x-dead-letter-attempts': String(letter.attempts),
              'x-dead-letter-origin': letter.origin,
            },
          },
        ],
      }),
    );
  }
}

/**
 * Commits a group's processed offsets outside kafkajs' fetch loop: one OffsetCommit in flight, and the
 * next carries every partition that finished meanwhile. An offset is added only after its events took
 * effect (or were dead-lettered), so a crash before the commit means redelivery, never loss. A failed
 * commit (e.g. during a rebalance) is dropped: the offsets stay where they were, and those events come
 * again to whoever owns the partition then, which the idempotent consumers absorb.
 */
class OffsetCommitter {
  private readonly pending = new Map<string, { topic: string; partition: number; offset: string }>();
  private running: Promise<void> | undefined;

  constructor(private readonly consumer: Consumer) {}

  /** `offset` is the last processed message's; Kafka's committed offset is the next one to read. */
  add(topic: string, partition: number, offset: string): void {
    const next = (BigInt(offset) + 1n).toString();
    this.pending.set(`${topic}|${partition}`, { topic, partition, offset: next });
    this.running ??= this.run();
  }

  /** Resolves when everything added so far was committed (or dropped after a failure). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    try {
      while (this.pending.size > 0) {
        const offsets = [...this.pending.values()];
        this.pending.clear();
        await this.consumer.commitOffsets(offsets).catch(() => undefined);
      }
    } finally {
      this.running = undefined;
    }
  }
}
