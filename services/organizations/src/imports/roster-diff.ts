import type { TStudentImportRow } from '@stageplein/contracts/imports/student-import';

/** An enrolled student as the school holds them (imports.repository.ts rosterHeldOf). */
export interface THeldStudent {
  student_id: string;
  student_number: string;
  level_id: string | null;
  group_id: string | null;
  left: boolean;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  mentor: string | null;
}

/** What a roster is compared against: the school's students by number, its groups and levels by name. */
export interface TRosterHeld {
  students: ReadonlyMap<string, THeldStudent>;
  groupIds: ReadonlyMap<string, string>;
  levelIds: ReadonlyMap<string, string>;
}

const key = (name: string) => name.trim().toLowerCase();

/**
 * The student a valid row names exactly as the school holds them, or undefined when applying the row
 * would change something: a new student number, another email or name, a level or group the student
 * is not in (a missing level or group leaves theirs as it is), another class mentor, or back after
 * leaving. Such rows are reported `unchanged` without a call to identity, a write or an event.
 */
export function unchangedStudent(row: TStudentImportRow, held: TRosterHeld): string | undefined {
  if (row.errors.length) return undefined;
  const v = row.values;
  const s = held.students.get(v.student_number);
  if (!s || s.left || s.first_name === null) return undefined;
  if (s.email !== v.email || s.first_name !== v.first_name || s.last_name !== v.last_name) return undefined;
  if ((s.mentor ?? '') !== (row.mentor ?? '')) return undefined;
  if (v.level && held.levelIds.get(key(v.level)) !== s.level_id) return undefined;
  if (v.group && held.groupIds.get(key(v.group)) !== s.group_id) return undefined;
  return s.student_id;
}
