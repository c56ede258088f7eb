import { describe, expect, it } from 'vitest';
import type { TStudentImportRow } from '@stageplein/contracts/imports/student-import';
import { unchangedStudent, type THeldStudent, type TRosterHeld } from './roster-diff.ts';

const student: THeldStudent = {
  student_id: 'u1',
  student_number: 'LL1',
  level_id: 'havo-id',
  group_id: '3a-id',
  left: false,
  email: 'jan@school.test',
  first_name: 'Jan',
  last_name: 'van Dijk',
  mentor: 'mentor@school.test',
};
const held = (s: Partial<THeldStudent> = {}): TRosterHeld => ({
  students: new Map([['LL1', { ...student, ...s }]]),
  groupIds: new Map([
    ['3a', '3a-id'],
    ['3b', '3b-id'],
  ]),
  levelIds: new Map([
    ['havo', 'havo-id'],
    ['vwo', 'vwo-id'],
  ]),
});
const row = (
  values: Partial<TStudentImportRow['values']> = {},
  extra: Partial<TStudentImportRow> = {},
): TStudentImportRow => ({
  row: 2,
  values: {
    first_name: 'Jan',
    last_name: 'van Dijk',
    email: 'jan@school.test',
    student_number: 'LL1',
    group: '3A',
    level: 'HAVO',
    ...values,
  },
  mentor: 'mentor@school.test',
  errors: [],
  ...extra,
});

describe('unchangedStudent: a roster row against what the school holds', () => {
  it('is the student when the row says what the school holds (names of groups and levels in any case)', () => {
    expect(unchangedStudent(row(), held())).toBe('u1');
    // No group or level in the row: the student keeps theirs, nothing to change.
    expect(unchangedStudent(row({ group: '', level: '' }), held())).toBe('u1');
  });

  it.each([
    ['a new student number', row({ student_number: 'LL2' }), held()],
    ['another email', row({ email: 'jan@elders.test' }), held()],
    ['another first name', row({ first_name: 'Johan' }), held()],
    ['another last name', row({ last_name: 'Dijk' }), held()],
    ['another class', row({ group: '3B' }), held()],
    ['a class the school lacks', row({ group: '5E' }), held()],
    ['another level', row({ level: 'vwo' }), held()],
    ['another mentor', row({}, { mentor: 'ander@school.test' }), held()],
    ['no mentor any more', row({}, { mentor: '' }), held()],
    ['a student back after leaving', row(), held({ left: true })],
    ['a student never applied by an import', row(), held({ first_name: null, email: null })],
    ['a row with errors', row({}, { errors: [{ code: 'required', field: 'email' }] }), held()],
  ])('is undefined for %s', (_, r, h) => {
    expect(unchangedStudent(r, h)).toBeUndefined();
  });
});
