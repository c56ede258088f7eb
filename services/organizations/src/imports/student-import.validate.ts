import {
  STUDENT_IMPORT_REQUIRED,
  type TStudentImportField,
  type TStudentImportRow,
  type TStudentImportRowError,
} from '@stageplein/contracts/imports/student-import';

/** What the school already has, by lower-cased name. */
export interface TSchoolStructure {
  groups: ReadonlySet<string>;
  levels: ReadonlySet<string>;
}

const MAX_LENGTH: Record<TStudentImportField, number> = {
  first_name: 100,
  last_name: 100,
  email: 254,
  student_number: 50,
  group: 100,
  level: 100,
};

// Deliberately simple (what people type, not RFC 5322): one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * Checks every row on its own and against the others: required fields, email format, lengths,
 * duplicates inside the file (the later row is refused and names the earlier one), and whether its
 * group and level exist at the school (or will be created when the option says so). Emails are
 * lower-cased. Returns the rows with their errors added; rows without errors are the ones to apply.
 */
export function validateStudentRows(
  rows: readonly TStudentImportRow[],
  structure: TSchoolStructure,
  options: { createMissingGroups: boolean },
): TStudentImportRow[] {
  const emails = new Map<string, number>();
  const numbers = new Map<string, number>();
  return rows.map((input) => {
    const values = { ...input.values, email: input.values.email.trim().toLowerCase() };
    const errors: TStudentImportRowError[] = [...input.errors];
    for (const field of STUDENT_IMPORT_REQUIRED) {
      if (!values[field]) errors.push({ code: 'required', field });
    }
    for (const [field, max] of Object.entries(MAX_LENGTH) as [TStudentImportField, number][]) {
      if (values[field].length > max) errors.push({ code: 'too_long', field });
    }
    if (values.email && !EMAIL.test(values.email)) errors.push({ code: 'email_invalid', field: 'email' });
    if (values.email) {
      const first = emails.get(values.email);
      if (first !== undefined) errors.push({ code: 'duplicate_email', field: 'email', row: first });
      else emails.set(values.email, input.row);
    }
    if (values.student_number) {
      const first = numbers.get(values.student_number);
      if (first !== undefined)
        errors.push({ code: 'duplicate_student_number', field: 'student_number', row: first });
      else numbers.set(values.student_number, input.row);
    }
    if (!options.createMissingGroups) {
      if (values.group && !structure.groups.has(nameKey(values.group)))
        errors.push({ code: 'unknown_group', field: 'group' });
      if (values.level && !structure.levels.has(nameKey(values.level)))
        errors.push({ code: 'unknown_level', field: 'level' });
    }
    return { ...input, values, errors };
  });
}
