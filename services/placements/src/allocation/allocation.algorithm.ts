/**
 * The allocation of an allocation round (docs/decisions/allocation.md): student-proposing deferred
 * acceptance (Gale–Shapley) with vacancy capacities. Pure and deterministic: the same input gives the
 * same proposal, whatever the order of the arrays.
 *
 * Vacancies rank students by one lottery number per student per round (`lotteryNumber(seed, id)`,
 * lower is better; ties by id), the same at every vacancy ("single tie-breaking"): the result is
 * stable and, for students, strategy-proof — ranking your true favourites is never worse for you.
 */

export interface TAllocationStudent {
  id: string;
  /** Vacancy ids, best first (at most three in a round; unknown or repeated ids are ignored). */
  preferences: readonly string[];
}

export interface TAllocationVacancy {
  id: string;
  /** Places open in this round (0 or more). */
  capacity: number;
  /**
   * Places the vacancy has left outside the round (internships already holding a place count): the
   * round fills at most these, so a proposal never puts a student on a full vacancy. Omitted: no limit.
   */
  placesLeft?: number;
}

export interface TAllocationInput {
  /** Seeds the lottery: the round's id, so a re-run of the same round gives the same proposal. */
  seed: string;
  students: readonly TAllocationStudent[];
  vacancies: readonly TAllocationVacancy[];
}

export interface TAllocationResult {
  /** Student id → vacancy id. */
  assignments: Map<string, string>;
  /** Students without a place (none of their choices had room for them), sorted by id. */
  unmatched: string[];
  /** Student id → lottery number, for showing why. */
  lottery: Map<string, number>;
}

/**
 * A 53-bit hash (cyrb53) of `seed` and the student's id as a number in [0, 1): uniform enough to be a
 * lottery, reproducible anywhere (no runtime random source), independent per round.
 */
export function lotteryNumber(seed: string, studentId: string): number {
  const text = `${seed}\u0000${studentId}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)) / 2 ** 53;
}

/** The vacancies' priority: -1 when `a` comes before `b` (lower lottery number, then lower id). */
export function comparePriority(lottery: ReadonlyMap<string, number>, a: string, b: string): number {
  const d = lottery.get(a)! - lottery.get(b)!;
  if (d !== 0) return d < 0 ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Each student's usable preferences: known vacancies, first occurrence only, in their order. */
function cleanPreferences(student: TAllocationStudent, known: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  return student.preferences.filter((v) => known.has(v) && !seen.has(v) && (seen.add(v), true));
}

export function allocate(input: TAllocationInput): TAllocationResult {
  const capacity = new Map(
    input.vacancies.map((v) => [
      v.id,
      Math.max(0, Math.floor(Math.min(v.capacity, v.placesLeft ?? Infinity))),
    ]),
  );
  const known = new Set(capacity.keys());
  // Sorted by id so the proposing order, and thus the run, does not depend on the input's order.
  const students = [...new Map(input.students.map((s) => [s.id, s])).values()].sort((a, b) =>
    a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  const lottery = new Map(students.map((s) => [s.id, lotteryNumber(input.seed, s.id)]));
  const preferences = new Map(students.map((s) => [s.id, cleanPreferences(s, known)]));
  const next = new Map(students.map((s) => [s.id, 0]));
  /** Each vacancy's tentatively held students, kept sorted best first. */
  const held = new Map<string, string[]>([...known].map((v) => [v, []]));
  const free = students.map((s) => s.id).reverse();

  while (free.length > 0) {
    const student = free.pop()!;
    const list = preferences.get(student)!;
    const k = next.get(student)!;
    if (k >= list.length) continue; // rejected everywhere: unmatched
    next.set(student, k + 1);
    const vacancy = list[k]!;
    const holding = held.get(vacancy)!;
    const limit = capacity.get(vacancy)!;
    // Insert by priority (capacities are small: a linear insert beats a heap here).
    let i = holding.length;
    while (i > 0 && comparePriority(lottery, student, holding[i - 1]!) < 0) i--;
    if (i >= limit) {
      free.push(student); // worse than everyone held at a full vacancy: try the next choice
      continue;
    }
    holding.splice(i, 0, student);
    if (holding.length > limit) free.push(holding.pop()!);
  }

  const assignments = new Map<string, string>();
  for (const [vacancy, holding] of held) for (const s of holding) assignments.set(s, vacancy);
  const unmatched = students.map((s) => s.id).filter((id) => !assignments.has(id));
  return { assignments, unmatched, lottery };
}
