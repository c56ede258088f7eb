import { describe, expect, it } from 'vitest';
import { detectDelimiter, ImportFileError, mapHeader, parseStudentCsv } from './student-import.csv.ts';
import { validateStudentRows } from './student-import.validate.ts';

const bytes = (s: string) => Buffer.from(s, 'utf8');

describe('parseStudentCsv', () => {
  it('reads ; with a BOM and Dutch headers, and , without a BOM and English headers, to the same rows', async () => {
    const nl = await parseStudentCsv(
      bytes(
        '\uFEFFVoornaam;Achternaam;E-mailadres;Leerlingnummer;Klas;Niveau\r\nJan;de Vries;jan@x.nl;1;1A;havo\r\n',
      ),
    );
    const en = await parseStudentCsv(
      bytes('First name,Last name,Email,Student number,Group,Level\nJan,de Vries,jan@x.nl,1,1A,havo\n'),
    );
    expect(nl.delimiter).toBe(';');
    expect(en.delimiter).toBe(',');
    expect(nl.rows).toEqual(en.rows);
    expect(nl.rows[0]).toEqual({
      row: 2,
      values: {
        first_name: 'Jan',
        last_name: 'de Vries',
        email: 'jan@x.nl',
        student_number: '1',
        group: '1A',
        level: 'havo',
      },
      errors: [],
    });
  });

  it('keeps file line numbers, skips blank lines, handles quotes and flags rows with another column count', async () => {
    const { rows } = await parseStudentCsv(
      bytes('voornaam,achternaam,email,leerlingnummer\n\nA,"B, C",a@x.nl,1\nD,E,d@x.nl\n'),
    );
    expect(rows.map((r) => [r.row, r.values.last_name, r.errors])).toEqual([
      [3, 'B, C', []],
      [4, 'E', [{ code: 'column_count' }]],
    ]);
  });

  it('refuses a file without the required columns, or without anything', async () => {
    await expect(parseStudentCsv(bytes('naam;klas\nPiet;1A\n'))).rejects.toThrow(ImportFileError);
    await expect(parseStudentCsv(bytes('naam;klas\nPiet;1A\n'))).rejects.toThrow(
      /missing_columns: first_name, last_name, email, student_number/,
    );
    await expect(parseStudentCsv(bytes(''))).rejects.toThrow(/empty/);
  });

  it('maps header aliases ignoring case, accents and punctuation', () => {
    expect(
      mapHeader(['E-Mail', 'Leerling_nummer', 'ROEPNAAM', 'achternaam', 'klas', 'Opleidingsniveau']),
    ).toEqual({
      email: 0,
      student_number: 1,
      first_name: 2,
      last_name: 3,
      group: 4,
      level: 5,
    });
    expect(detectDelimiter('"a;b",c,d\n1;2;3;4;5')).toBe(',');
  });
});

describe('validateStudentRows', () => {
  const row = (n: number, v: Partial<Record<string, string>>) => ({
    row: n,
    values: {
      first_name: 'A',
      last_name: 'B',
      email: `s${n}@x.nl`,
      student_number: `N${n}`,
      group: '',
      level: '',
      ...v,
    },
    errors: [],
  });
  const structure = { groups: new Set(['1a']), levels: new Set(['havo']) };

  it('finds each kind of problem on exactly its row', () => {
    const rows = validateStudentRows(
      [
        row(2, {}),
        row(3, { last_name: '' }),
        row(4, { email: 'no-at-sign' }),
        row(5, { email: 'S2@X.NL ' }),
        row(6, { student_number: 'N2' }),
        row(7, { group: '9Z' }),
        row(8, { level: 'mbo' }),
        row(9, { group: '1A', level: 'HAVO' }),
        row(10, { first_name: 'x'.repeat(101) }),
      ],
      structure,
      { createMissingGroups: false },
    );
    expect(rows.map((r) => [r.row, r.errors])).toEqual([
      [2, []],
      [3, [{ code: 'required', field: 'last_name' }]],
      [4, [{ code: 'email_invalid', field: 'email' }]],
      [5, [{ code: 'duplicate_email', field: 'email', row: 2 }]],
      [6, [{ code: 'duplicate_student_number', field: 'student_number', row: 2 }]],
      [7, [{ code: 'unknown_group', field: 'group' }]],
      [8, [{ code: 'unknown_level', field: 'level' }]],
      [9, []],
      [10, [{ code: 'too_long', field: 'first_name' }]],
    ]);
    expect(rows[3]!.values.email).toBe('s2@x.nl');
  });

  it('accepts unknown groups and levels when they may be created', () => {
    const rows = validateStudentRows([row(2, { group: '9Z', level: 'mbo' })], structure, {
      createMissingGroups: true,
    });
    expect(rows[0]!.errors).toEqual([]);
  });
});
