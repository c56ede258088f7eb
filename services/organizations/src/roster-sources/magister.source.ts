import type { TRosterMentor, TStudentImportRow } from '@stageplein/contracts/imports/student-import';
import type { TMagisterClass, TMagisterStudent } from '@stageplein/contracts/imports/roster';
import { magisterClient, type TMagisterClientOptions, type TMagisterConnection } from './magister.client.ts';
import type { TRosterSource } from './roster-source.ts';

/** A class's mentors with an address (one without cannot have an account), by address, each once. */
function classMentors(c: TMagisterClass): TRosterMentor[] {
  const byEmail = new Map<string, TRosterMentor>();
  for (const m of c.mentoren) {
    const email = (m.emailadres ?? '').trim().toLowerCase();
    if (email.includes('@') && email.length <= 254 && !byEmail.has(email))
      byEmail.set(email, { email, name: m.naam.trim() });
  }
  return [...byEmail.values()].sort((a, b) => (a.email < b.email ? -1 : 1));
}

/**
 * `Jan` `van` `Dijk` → first name `Jan`, last name `van Dijk` (Stageplein keeps the prefix with the
 * surname). A student's mentors are their class's mentors (Magister names mentors per class).
 */
export function magisterRows(students: readonly TMagisterStudent[], classes: readonly TMagisterClass[]) {
  const mentorsOf = new Map(classes.map((c) => [c.code.trim().toLowerCase(), classMentors(c)]));
  return students.map((s, i): TStudentImportRow => {
    const mentors = mentorsOf.get((s.klas ?? '').trim().toLowerCase()) ?? [];
    return {
      row: i + 1,
      values: {
        first_name: s.roepnaam.trim(),
        last_name: [s.tussenvoegsel?.trim(), s.achternaam.trim()].filter(Boolean).join(' '),
        email: (s.emailadres ?? '').trim(),
        student_number: s.stamnummer.trim(),
        group: (s.klas ?? '').trim(),
        level: (s.studie ?? '').trim(),
      },
      mentor: mentors.map((m) => m.email).join(', '),
      mentors,
      errors: [],
    };
  });
}

/** A school's Magister as a roster source: its students, classes, levels (studies) and class mentors. */
export function magisterRosterSource(
  connection: TMagisterConnection,
  options: TMagisterClientOptions,
): TRosterSource {
  return {
    kind: 'magister',
    complete: true,
    async read(onProgress) {
      const client = magisterClient(connection, options);
      const students = await client.students(onProgress);
      const classes = await client.classes(onProgress);
      return magisterRows(students, classes);
    },
  };
}
