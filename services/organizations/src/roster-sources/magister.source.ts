import type { TStudentImportRow } from '@stageplein/contracts/imports/student-import';
import type { TMagisterClass, TMagisterStudent } from '@stageplein/contracts/imports/roster';
import { magisterClient, type TMagisterClientOptions, type TMagisterConnection } from './magister.client.ts';
import type { TRosterSource } from './roster-source.ts';

/** `Jan` `van` `Dijk` → first name `Jan`, last name `van Dijk` (Stageplein keeps the prefix with the surname). */
export function magisterRows(students: readonly TMagisterStudent[], classes: readonly TMagisterClass[]) {
  const mentorOf = new Map(
    classes.map((c) => [c.code.trim().toLowerCase(), c.mentoren.find((m) => m.emailadres)?.emailadres ?? '']),
  );
  return students.map((s, i): TStudentImportRow => ({
    row: i + 1,
    values: {
      first_name: s.roepnaam.trim(),
      last_name: [s.tussenvoegsel?.trim(), s.achternaam.trim()].filter(Boolean).join(' '),
      email: (s.emailadres ?? '').trim(),
      student_number: s.stamnummer.trim(),
      group: (s.klas ?? '').trim(),
      level: (s.studie ?? '').trim(),
    },
    mentor: (mentorOf.get((s.klas ?? '').trim().toLowerCase()) ?? '').trim().toLowerCase(),
    errors: [],
  }));
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
