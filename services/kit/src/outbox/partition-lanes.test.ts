import { describe, expect, it } from 'vitest';
import { PartitionLanes, type TPartitionLanesOptions } from './partition-lanes.ts';

/** A test's lanes over numbered messages; `process` is given per test, everything it saw is kept. */
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

describe('PartitionLanes: each partition in order, partitions side by side, apart from the fetch loop', () => {
  it('runs one partition’s chunks in order, one at a time, while another partition goes ahead', async () => {
    const seen: string[] = [];
    const first = gate();
    const { lanes } = lanesFor({
      process: async (topic, partition, chunk) => {
        seen.push(`start ${partition}:${chunk.join(',')}`);
        if (partition === 0 && chunk[0] === 1) await first.opened;
        seen.push(`done ${partition}:${chunk.join(',')}`);
      },
    });
    lanes.push('t', 0, [1, 2, 3, 4]);
    lanes.push('t', 1, [7]);
    lanes.push('t', 0, [5]);
    await settle();
    // Partition 0's first chunk holds its lane; its later chunks wait, partition 1 does not.
    expect(seen).toEqual(['start 0:1,2', 'start 1:7', 'done 1:7']);
    first.open();
    await lanes.idle();
    expect(seen.filter((s) => s.includes(' 0:'))).toEqual([
      'start 0:1,2',
      'done 0:1,2',
      'start 0:3,4',
      'done 0:3,4',
      'start 0:5',
      'done 0:5',
    ]);
  });

  it('takes as one chunk what arrived while the lane was busy, up to the chunk size', async () => {
    const chunks: number[][] = [];
    const hold = gate();
    const { lanes } = lanesFor({
      chunkSize: 3,
      process: async (_topic, _partition, chunk) => {
        chunks.push([...chunk]);
        if (chunk[0] === 1) await hold.opened;
      },
    });
    lanes.push('t', 0, [1]);
    await settle();
    for (const n of [2, 3, 4, 5]) lanes.push('t', 0, [n]);
    hold.open();
    await lanes.idle();
    expect(chunks).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('runs at most `concurrency` chunks at once over all partitions', async () => {
    let running = 0;
    let most = 0;
    const hold = gate();
    const { lanes } = lanesFor({
      concurrency: 3,
      process: async () => {
        running++;
        most = Math.max(most, running);
        await hold.opened;
        running--;
      },
    });
    for (let p = 0; p < 6; p++) lanes.push('t', p, [p]);
    await settle();
    expect(running).toBe(3);
    hold.open();
    await lanes.idle();
    expect(most).toBe(3);
    expect(lanes.queued).toBe(0);
  });

  it('retries a failing chunk in place: the partition’s later chunks never overtake it', async () => {
    const seen: number[] = [];
    let failures = 2;
    const errors: unknown[] = [];
    const { lanes } = lanesFor({
      chunkSize: 1,
      process: async (_topic, _partition, [n]) => {
        if (n === 1 && failures-- > 0) throw new Error('database down');
        seen.push(n!);
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
      process: async (_topic, _partition, [n]) => {
        if (n === 1) await hold.opened;
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
      process: async (_topic, _partition, [n]) => {
        if (n === 1) await hold.opened;
        seen.push(n!);
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
      process: async (_topic, _partition, [n]) => {
        attempts++;
        tried.add(n!);
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
