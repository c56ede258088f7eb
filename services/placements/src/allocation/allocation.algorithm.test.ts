import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  comparePriority,
  lotteryNumber,
  type TAllocationInput,
  type TAllocationResult,
} from './allocation.algorithm.ts';

/**
 * Rounds of up to 40 students and 12 vacancies (0–4 places in the round; 0–4 places left on the vacancy
 * or no limit), each student ranking up to three.
 */
const arbRound: fc.Arbitrary<TAllocationInput> = fc
  .record({
    seed: fc.string({ maxLength: 12 }),
    vacancyCount: fc.integer({ min: 1, max: 12 }),
    studentCount: fc.integer({ min: 0, max: 40 }),
  })
  .chain(({ seed, vacancyCount, studentCount }) => {
    const vacancyIds = Array.from({ length: vacancyCount }, (_, i) => `v${i}`);
    return fc.record({
      seed: fc.constant(seed),
      vacancies: fc.tuple(
        ...vacancyIds.map((id) =>
          fc
            .tuple(
              fc.integer({ min: 0, max: 4 }),
              fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
            )
            .map(([capacity, placesLeft]) => ({ id, capacity, placesLeft })),
        ),
      ),
      students: fc.tuple(
        ...Array.from({ length: studentCount }, (_, i) =>
          fc
            .uniqueArray(fc.constantFrom(...vacancyIds), { maxLength: 3 })
            .map((preferences) => ({ id: `s${i}`, preferences })),
        ),
      ),
    });
  });

/** The places a round may fill on a vacancy: its capacity in the round, at most the places left. */
const placesOf = (v: TAllocationInput['vacancies'][number]) => Math.min(v.capacity, v.placesLeft ?? Infinity);

const sorted = (r: TAllocationResult) => [...r.assignments].sort(([a], [b]) => (a < b ? -1 : 1));

describe('allocate (student-proposing deferred acceptance)', () => {
  it('is stable: no student prefers a vacancy that had room or holds a student it ranks lower', () => {
    fc.assert(
      fc.property(arbRound, (round) => {
        const result = allocate(round);
        const capacity = new Map(round.vacancies.map((v) => [v.id, placesOf(v)]));
        const holders = new Map<string, string[]>();
        for (const [s, v] of result.assignments) holders.set(v, [...(holders.get(v) ?? []), s]);
        for (const student of round.students) {
          const got = result.assignments.get(student.id);
          const rank = got === undefined ? student.preferences.length : student.preferences.indexOf(got);
          for (const better of student.preferences.slice(0, rank)) {
            const taken = holders.get(better) ?? [];
            expect(taken.length).toBe(capacity.get(better)); // full, else the student had room
            for (const other of taken)
              expect(comparePriority(result.lottery, other, student.id)).toBeLessThan(0);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('respects capacities and the places left, gives each student at most one place and only one they ranked', () => {
    fc.assert(
      fc.property(arbRound, (round) => {
        const result = allocate(round);
        const counts = new Map<string, number>();
        for (const [s, v] of result.assignments) {
          counts.set(v, (counts.get(v) ?? 0) + 1);
          expect(round.students.find((x) => x.id === s)!.preferences).toContain(v);
        }
        for (const v of round.vacancies) expect(counts.get(v.id) ?? 0).toBeLessThanOrEqual(placesOf(v));
        // A map has one entry per student; together with the unmatched they are everyone, once.
        expect([...result.assignments.keys(), ...result.unmatched].sort()).toEqual(
          round.students.map((s) => s.id).sort(),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('reports every student without a place as unmatched', () => {
    fc.assert(
      fc.property(arbRound, (round) => {
        const result = allocate(round);
        for (const id of result.unmatched) expect(result.assignments.has(id)).toBe(false);
        const ranksNothing = round.students.filter((s) => s.preferences.length === 0).map((s) => s.id);
        for (const id of ranksNothing) expect(result.unmatched).toContain(id);
      }),
    );
  });

  it('is deterministic: the same round, in any order, gives the same proposal', () => {
    fc.assert(
      fc.property(arbRound, fc.integer(), (round, salt) => {
        const shuffle = <T>(xs: readonly T[]) =>
          xs
            .map((x, i) => ({ x, k: lotteryNumber(String(salt), String(i)) }))
            .sort((a, b) => a.k - b.k)
            .map(({ x }) => x);
        const a = allocate(round);
        const b = allocate({
          seed: round.seed,
          students: shuffle(round.students),
          vacancies: shuffle(round.vacancies),
        });
        expect(sorted(b)).toEqual(sorted(a));
        expect(b.unmatched).toEqual(a.unmatched);
        expect(sorted(allocate(round))).toEqual(sorted(a));
      }),
    );
  });

  it('ignores unknown and repeated vacancies in a preference list', () => {
    const result = allocate({
      seed: 'r',
      students: [{ id: 's1', preferences: ['nope', 'v1', 'v1'] }],
      vacancies: [{ id: 'v1', capacity: 0 }],
    });
    expect(result.unmatched).toEqual(['s1']);
  });

  it('proposes nobody for a vacancy without places left ("1/1 plekken"): the next choice instead', () => {
    const result = allocate({
      seed: 'r',
      students: [{ id: 's1', preferences: ['full', 'free'] }],
      vacancies: [
        { id: 'full', capacity: 1, placesLeft: 0 },
        { id: 'free', capacity: 1, placesLeft: 1 },
      ],
    });
    expect(result.assignments.get('s1')).toBe('free');
    const none = allocate({
      seed: 'r',
      students: [
        { id: 's1', preferences: ['two'] },
        { id: 's2', preferences: ['two'] },
      ],
      vacancies: [{ id: 'two', capacity: 2, placesLeft: 1 }],
    });
    expect(none.assignments.size).toBe(1);
    expect(none.unmatched).toHaveLength(1);
  });

  it('gives a contested place to the better lottery number', () => {
    const round = {
      seed: 'round-1',
      students: [
        { id: 'a', preferences: ['v1', 'v2'] },
        { id: 'b', preferences: ['v1', 'v2'] },
      ],
      vacancies: [
        { id: 'v1', capacity: 1 },
        { id: 'v2', capacity: 1 },
      ],
    };
    const result = allocate(round);
    const [first, second] = ['a', 'b'].sort((x, y) => comparePriority(result.lottery, x, y));
    expect(result.assignments.get(first!)).toBe('v1');
    expect(result.assignments.get(second!)).toBe('v2');
  });

  it('draws lottery numbers in [0, 1) that differ per round', () => {
    const n = lotteryNumber('round-a', 'student');
    expect(n).toBeGreaterThanOrEqual(0);
    expect(n).toBeLessThan(1);
    expect(lotteryNumber('round-b', 'student')).not.toBe(n);
    expect(lotteryNumber('round-a', 'student')).toBe(n);
  });
});
