import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMagisterStudent } from '@stageplein/contracts/imports/roster';
import {
  magisterRoster,
  startMagisterStandIn,
  type TMagisterStandIn,
} from '@stageplein/testing/magister-stand-in';
import { validateStudentRows } from '../imports/student-import.validate.ts';
import { RosterSourceError } from './magister.client.ts';
import { magisterRosterSource, magisterRows } from './magister.source.ts';
import { csvRosterSource, type TRosterSource } from './roster-source.ts';

/**
 * The roster contract every source keeps (the same suite for CSV and Magister): the same students give
 * the same rows, in roster order; a student without an email address is refused with the same errors;
 * a large roster arrives whole. Magister is a local stand-in of its interface's shape (an external
 * system we do not run: @stageplein/testing/magister-stand-in).
 */
let standIn: TMagisterStandIn;
beforeAll(async () => {
  standIn = await startMagisterStandIn({ maxPageSize: 500 });
});
afterAll(() => standIn?.close());

const cell = (v: string) => (/[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
function csvOf(students: readonly TMagisterStudent[]): Uint8Array {
  const lines = ['Voornaam;Achternaam;E-mailadres;Leerlingnummer;Klas;Niveau'];
  for (const s of students)
    lines.push(
      [
        s.roepnaam,
        [s.tussenvoegsel, s.achternaam].filter(Boolean).join(' '),
        s.emailadres ?? '',
        s.stamnummer,
        s.klas ?? '',
        s.studie ?? '',
      ]
        .map(cell)
        .join(';'),
    );
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

const SOURCES: { name: string; source: (students: TMagisterStudent[]) => TRosterSource }[] = [
  { name: 'CSV', source: (students) => csvRosterSource(csvOf(students)) },
  {
    name: 'Magister',
    source: (students) => {
      standIn.students = students;
      standIn.classes = magisterRoster(0).classes;
      return magisterRosterSource(
        { baseUrl: standIn.url, clientId: standIn.clientId, clientSecret: standIn.clientSecret },
        { allowedHosts: ['127.0.0.1'] },
      );
    },
  },
];

const valuesOf = async (source: TRosterSource) => (await source.read()).map((r) => r.values);
const NO_STRUCTURE = { groups: new Set<string>(), levels: new Set<string>() };

describe.each(SOURCES)('roster contract: $name', ({ source }) => {
  it('gives each student as the six fields, in roster order', async () => {
    const { students } = magisterRoster(6);
    const values = await valuesOf(source(students));
    expect(values).toEqual([
      {
        first_name: 'Leerling0',
        last_name: 'van Achternaam 0',
        email: 'leerling0@import.test',
        student_number: 'LL100000',
        group: '1A',
        level: 'havo',
      },
      ...students.slice(1).map((s) => ({
        first_name: s.roepnaam,
        last_name: [s.tussenvoegsel, s.achternaam].filter(Boolean).join(' '),
        email: s.emailadres,
        student_number: s.stamnummer,
        group: s.klas,
        level: s.studie,
      })),
    ]);
  });

  it('refuses a student without an email address with the same errors', async () => {
    const { students } = magisterRoster(3);
    students[1] = { ...students[1]!, emailadres: null };
    students[2] = { ...students[2]!, stamnummer: students[0]!.stamnummer };
    const rows = validateStudentRows(await source(students).read(), NO_STRUCTURE, {
      createMissingGroups: true,
    });
    expect(rows.map((r) => r.errors.map((e) => `${e.code}:${e.field}`))).toEqual([
      [],
      ['required:email'],
      ['duplicate_student_number:student_number'],
    ]);
  });

  it('reads a large roster whole', async () => {
    const { students } = magisterRoster(1234);
    const values = await valuesOf(source(students));
    expect(values).toHaveLength(1234);
    expect(new Set(values.map((v) => v.student_number)).size).toBe(1234);
    expect(values.at(-1)?.email).toBe('leerling1233@import.test');
  });
});

describe('Magister source (stand-in)', () => {
  const sleeps: number[] = [];
  const source = (options: { attempts?: number; secret?: string } = {}) =>
    magisterRosterSource(
      {
        baseUrl: standIn.url,
        clientId: standIn.clientId,
        clientSecret: options.secret ?? standIn.clientSecret,
      },
      {
        allowedHosts: ['127.0.0.1'],
        attempts: options.attempts,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
      },
    );

  it('pages through the students (skip/top until totalCount) and names each class mentor', async () => {
    const roster = magisterRoster(1100);
    standIn.students = roster.students;
    standIn.classes = roster.classes;
    standIn.requests.length = 0;
    const rows = await source().read();
    expect(standIn.requests).toEqual([
      'POST /connect/token',
      'GET /api/leerlingen?skip=0&top=500',
      'GET /api/leerlingen?skip=500&top=500',
      'GET /api/leerlingen?skip=1000&top=500',
      'GET /api/klassen?skip=0&top=500',
    ]);
    expect(rows).toHaveLength(1100);
    expect(rows[2]).toMatchObject({ values: { group: '3C' }, mentor: 'mentor3@import.test' });
  });

  it("names every mentor of a student's class with an address, each once, sorted", () => {
    const [student] = magisterRoster(3).students.slice(2);
    const [row] = magisterRows(
      [student!],
      [
        {
          code: '3c',
          mentoren: [
            { code: 'B', naam: ' Bea de Vries ', emailadres: ' Bea@School.test ' },
            { code: 'X', naam: 'Zonder Adres', emailadres: null },
            { code: 'A', naam: 'Aad', emailadres: 'aad@school.test' },
            { code: 'B2', naam: 'Bea', emailadres: 'bea@school.test' },
          ],
        },
      ],
    );
    expect(row!.mentor).toBe('aad@school.test, bea@school.test');
    expect(row!.mentors).toEqual([
      { email: 'aad@school.test', name: 'Aad' },
      { email: 'bea@school.test', name: 'Bea de Vries' },
    ]);
  });

  it('waits as long as a 429 says (Retry-After) and goes on; a 503 is tried again', async () => {
    standIn.students = magisterRoster(700).students;
    standIn.faults.push({ status: 429, retryAfter: '2' }, { status: 503 });
    sleeps.length = 0;
    const rows = await source().read();
    expect(rows).toHaveLength(700);
    expect(sleeps[0]).toBe(2000);
    expect(sleeps).toHaveLength(2);
    expect(standIn.faults).toHaveLength(0);
  });

  it('gives up on a service that keeps failing, as retryable (the activity tries again later)', async () => {
    standIn.faults.push({ status: 500 }, { status: 500 }, { status: 500 });
    const error = await source({ attempts: 3 })
      .read()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RosterSourceError);
    expect(error).toMatchObject({ code: 'unavailable', retryable: true });
    standIn.faults.length = 0;
  });

  it('refuses wrong credentials as not retryable (the school must fix them)', async () => {
    const error = await source({ secret: 'wrong' })
      .read()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unauthorized', retryable: false });
  });

  it('never calls an address outside MAGISTER_HOSTS', async () => {
    standIn.requests.length = 0;
    await expect(
      magisterRosterSource(
        { baseUrl: standIn.url, clientId: 'x', clientSecret: 'y' },
        { allowedHosts: ['.magister.net'] },
      ).read(),
    ).rejects.toMatchObject({ code: 'host_not_allowed' });
    expect(standIn.requests).toEqual([]);
  });
});
