import { describe, expect, it } from 'vitest';
import { PartitionLanes, type TLanePart, type TPartitionLanesOptions } from './partition-lanes.ts';

/** A test's lanes over numbered messages; `process` is given per test. */
function lanesFor(overrides: Partial<TPartitionLanesOptions<number>> = {}) {
  const log: string[] = [];
  const lanes = new PartitionLanes<number>({
    concurrency: 8,
    chunkSize: 2,
    maxQueued: 100,
    process: async () => undefined,
    pause: (topic, partition) => log.push(`pause ${topic}/${partition}`),
    resume: (topic, partition) => log.push(`resume ${topic}/${partition}`),
    retry: { initialMs: 1, maxMs: 4 },
    ...overrides,
  });
  return { lanes, log };
}

/** A promise with its resolve, to hold a chunk's processing until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const settle = () => new Promise((r) => setImmediate(r));
/** A chunk as `partition:messages` per part, e.g. `0:1,2 1:7`. */
const show = (chunk: readonly TLanePart<number>[]) =>
  chunk.map((p) => `${p.partition}:${p.messages.join(',')}`).join(' ');

describe('PartitionLanes: each partition in order, chunks across partitions, apart from the fetch loop', () => {
  it('takes what several partitions handed over in one turn as one chunk', async () => {
    const chunks: string[] = [];
    const { lanes } = lanesFor({ chunkSize: 10, process: async (chunk) => void chunks.push(show(chunk)) });
    lanes.push('t', 0, [1, 2]);
    lanes.push('t', 1, [7]);
    lanes.push('t', 0, [3]);
    await lanes.idle();
    expect(chunks).toEqual(['0:1,2,3 1:7']);
  });

  it('while a chunk runs, what arrives waits and goes as one next chunk; a busy partition is in one chunk at a time', async () => {
    const seen: string[] = [];
    const first = gate();
    const { lanes } = lanesFor({
      chunkSize: 10,
      process: async (chunk) => {
        seen.push(`start ${show(chunk)}`);
        if (chunk[0]!.messages[0] === 1) await first.opened;
        seen.push(`done ${show(chunk)}`);
      },
    });
    lanes.push('t', 0, [1, 2]);
    await settle();
    lanes.push('t', 0, [3]);
    lanes.push('t', 1, [7]);
    lanes.push('t', 2, [8]);
    await settle();
    await settle();
    // Less than a full chunk waits: it does not start a second transaction beside the first.
    expect(seen).toEqual(['start 0:1,2']);
    first.open();
    await lanes.idle();
    expect(seen).toEqual(['start 0:1,2', 'done 0:1,2', 'start 1:7 2:8 0:3', 'done 1:7 2:8 0:3']);
  });

  it('a full chunk waiting starts beside the running one, up to `concurrency`, never with a running partition', async () => {
    const started: string[] = [];
    let running = 0;
    let most = 0;
    const hold = gate();
    const { lanes } = lanesFor({
      concurrency: 3,
      chunkSize: 2,
      process: async (chunk) => {
        started.push(show(chunk));
        running++;
        most = Math.max(most, running);
        await hold.opened;
        running--;
      },
    });
    lanes.push('t', 0, [1, 2, 3]);
    await settle();
    for (let p = 1; p <= 4; p++) lanes.push('t', p, [p * 10]);
    await settle();
    // Partition 0 runs 1,2 and its 3 waits for it; partitions 1–4 fill two more chunks.
    expect(started).toEqual(['0:1,2', '1:10 2:20', '3:30 4:40']);
    hold.open();
    await lanes.idle();
    expect(started.at(-1)).toBe('0:3');
    expect(most).toBe(3);
    expect(lanes.queued).toBe(0);
  });

  it('splits a partition at the chunk size and keeps its order', async () => {
    const chunks: string[] = [];
    const { lanes } = lanesFor({ chunkSize: 3, process: async (chunk) => void chunks.push(show(chunk)) });
    lanes.push('t', 0, [1, 2, 3, 4, 5]);
    lanes.push('t', 1, [9]);
    await lanes.idle();
    expect(chunks).toEqual(['0:1,2,3', '1:9 0:4,5']);
  });

  it('retries a failing chunk in place: its partitions’ later messages never overtake it', async () => {
    const seen: number[] = [];
    let failures = 2;
    const errors: unknown[] = [];
    const { lanes } = lanesFor({
      chunkSize: 1,
      process: async ([part]) => {
        const n = part!.messages[0]!;
        if (n === 1 && failures-- > 0) throw new Error('database down');
        seen.push(n);
      },
      onError: (error) => errors.push(error),
    });
    lanes.push('t', 0, [1, 2, 3]);
    for (let i = 0; i < 200 && seen.length < 3; i++) await new Promise((r) => setTimeout(r, 1));
    expect(seen).toEqual([1, 2, 3]);
    expect(errors).toHaveLength(2);
    await lanes.stop();
  });

  it('pauses a partition with too much queued and resumes it once half is done', async () => {
    const hold = gate();
    const { lanes, log } = lanesFor({
      maxQueued: 4,
      chunkSize: 1,
      process: async ([part]) => {
        if (part!.messages[0] === 1) await hold.opened;
      },
    });
    lanes.push('t', 3, [1, 2, 3]);
    expect(log).toEqual([]);
    lanes.push('t', 3, [4]);
    expect(log).toEqual(['pause t/3']);
    hold.open();
    await lanes.idle();
    expect(log).toEqual(['pause t/3', 'resume t/3']);
  });

  it('drops queued chunks at a rejoin (fetched again from the committed offset); the running one finishes', async () => {
    const seen: number[] = [];
    const hold = gate();
    const { lanes } = lanesFor({
      chunkSize: 1,
      process: async ([part]) => {
        const n = part!.messages[0]!;
        if (n === 1) await hold.opened;
        seen.push(n);
      },
    });
    lanes.push('t', 0, [1, 2, 3]);
    await settle();
    lanes.reset();
    // What the new generation fetches from the committed offset runs after the running chunk.
    lanes.push('t', 0, [1, 2]);
    hold.open();
    await lanes.idle();
    expect(seen).toEqual([1, 1, 2]);
    expect(lanes.queued).toBe(0);
  });

  it('stop drops what is queued, ends a failing chunk’s retries, and takes nothing after', async () => {
    let attempts = 0;
    const tried = new Set<number>();
    const { lanes } = lanesFor({
      chunkSize: 1,
      process: async ([part]) => {
        attempts++;
        tried.add(part!.messages[0]!);
        throw new Error('still down');
      },
    });
    lanes.push('t', 0, [1]);
    lanes.push('t', 0, [2]);
    while (attempts < 2) await new Promise((r) => setTimeout(r, 1));
    await lanes.stop();
    const after = attempts;
    lanes.push('t', 0, [3]);
    await settle();
    expect(attempts).toBe(after);
    expect([...tried]).toEqual([1]);
    expect(lanes.queued).toBe(0);
  });
});
