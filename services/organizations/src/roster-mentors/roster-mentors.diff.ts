/** A student the roster named (an import row with its user), with their mentors' addresses (`, ` between). */
export interface TRosterStudent {
  user_id: string | null;
  mentor: string;
  status: string;
}

export interface TMentorLink {
  id: string;
  mentor_id: string;
  student_id: string;
  source: string | null;
}

const pairKey = (mentorId: string, studentId: string) => `${mentorId}:${studentId}`;

/** The addresses in an import row's `mentor`. */
export const mentorEmails = (mentor: string) =>
  mentor
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);

/**
 * The mentorships a roster asks for, compared with the school's: links it names that the school lacks
 * are added; links a roster made earlier that it no longer names for a student it lists (a student who
 * left included) are removed. Links made by hand are never removed, and a student the roster does not
 * list (an invalid row) keeps theirs. `mentorIds`: each roster mentor's address → account.
 */
export function mentorshipDiff(
  students: readonly TRosterStudent[],
  mentorIds: ReadonlyMap<string, string>,
  existing: readonly TMentorLink[],
) {
  const wanted = new Map<string, { mentor_id: string; student_id: string }>();
  const listed = new Set<string>();
  for (const s of students) {
    if (!s.user_id) continue;
    listed.add(s.user_id);
    if (s.status === 'left') continue;
    for (const email of mentorEmails(s.mentor)) {
      const mentorId = mentorIds.get(email);
      if (mentorId && mentorId !== s.user_id)
        wanted.set(pairKey(mentorId, s.user_id), { mentor_id: mentorId, student_id: s.user_id });
    }
  }
  const held = new Set(existing.map((m) => pairKey(m.mentor_id, m.student_id)));
  return {
    add: [...wanted].filter(([k]) => !held.has(k)).map(([, pair]) => pair),
    remove: existing.filter(
      (m) =>
        m.source === 'magister' &&
        listed.has(m.student_id) &&
        !wanted.has(pairKey(m.mentor_id, m.student_id)),
    ),
  };
}
