import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signServiceToken } from '@stageplein/kit/auth/service-token';
import {
  facts,
  getImport,
  importHarness,
  SCHOOL,
  studentsCsv,
  TENANT,
  upload,
  waitForImport,
  type TImportHarness,
} from '../../test/import-harness.ts';
import { createActivities } from '@stageplein/organizations/activities';
import { httpStudentDirectory } from './student-directory.ts';

/**
 * The student import end to end against the real engines: PostgreSQL (identity and organizations
 * schemas), the Temporal dev server and a worker, through the HTTP API a school admin uses.
 */
let h: TImportHarness;

beforeAll(async () => {
  h = await importHarness();
}, 300_000);
afterAll(async () => h?.close(), 60_000);

const rowsOf = async (id: string, status?: string, lang = 'en') => {
  const res = await h.app.inject({
    url: `/api/v1/imports/${id}/rows?page[size]=1000${status ? `&filter[status_eq]=${status}` : ''}`,
    headers: { ...h.headers, 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    attributes: { row: number; status: string; messages: string[]; errors: { code: string }[] };
  }[];
};

describe('student import (CSV) through Temporal', () => {
  it('imports 5,000 rows completely and correctly', { timeout: 300_000 }, async () => {
    const before = await facts(h);
    const csv = studentsCsv(5000);
    const started = performance.now();
    const res = await upload(h, csv, { createMissingGroups: true });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const id = res.body.data.id as string;
    const done = await waitForImport(h, id, 240_000);
    const seconds = (performance.now() - started) / 1000;
    const after = await facts(h);
    console.log(
      `[5,000-row import] ${seconds.toFixed(2)} s end to end, ${Math.round(5000 / seconds)} rows/s; parsing ${done.attributes.parse_ms} ms ` +
        `(${((100 * done.attributes.parse_ms) / (seconds * 1000)).toFixed(1)}%); counts ${JSON.stringify(done.attributes.counts)}; ` +
        `users +${after.users - before.users}, invitations +${after.invitations - before.invitations}, memberships +${after.memberships - before.memberships}`,
    );
    expect(done.attributes).toMatchObject({
      status: 'completed',
      total_rows: 5000,
      processed_rows: 5000,
      progress: 100,
    });
    expect(done.attributes.counts).toEqual({
      valid: 5000,
      invalid: 0,
      created: 5000,
      updated: 0,
      unchanged: 0,
      failed: 0,
      left: 0,
    });
    expect(after.users - before.users).toBe(5000);
    expect(after.distinctEmails).toBe(after.users);
    expect(after.studentRoles - before.studentRoles).toBe(5000);
    expect(after.invitations - before.invitations).toBe(5000);
    expect(after.enrolments - before.enrolments).toBe(5000);
    expect(after.memberships - before.memberships).toBe(5000);
    // Spot check one row through every service: names, student number, group and level as in the file.
    const { rows } = await sql<{
      first_name: string;
      status: string;
      student_number: string;
      group_name: string;
      level_name: string;
    }>`
      select u.first_name, u.status, e.student_number, g.name as group_name, l.name as level_name
      from identity.users u
      join organizations.student_enrolments e on e.student_id = u.id
      join organizations.group_memberships m on m.student_id = u.id
      join organizations.groups g on g.id = m.group_id
      left join organizations.levels l on l.id = e.level_id
      where u.email = 'leerling4321@import.test'`.execute(h.owner);
    expect(rows).toEqual([
      {
        first_name: 'Leerling4321',
        status: 'invited',
        student_number: 'LL104321',
        group_name: '2B',
        level_name: 'vwo',
      },
    ]);
    // Groups and levels were created once each, by name.
    const groups = await sql<{
      n: number;
    }>`select count(*)::int as n from organizations.groups where school_id = ${SCHOOL} and name in ('1A', '2B', '3C', '4D')`.execute(
      h.owner,
    );
    expect(groups.rows[0]!.n).toBe(4);
    // The same file twice is one import: nothing new.
    const again = await upload(h, csv, { createMissingGroups: true });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(id);
    expect(await facts(h)).toEqual(after);
  });

  it(
    're-importing the same students (another file) creates nothing new and reports them unchanged',
    { timeout: 120_000 },
    async () => {
      const csv = studentsCsv(300, { offset: 20_000, delimiter: ',', bom: false, english: true });
      const first = await upload(h, csv, { createMissingGroups: true });
      await waitForImport(h, first.body.data.id);
      const before = await facts(h);
      // Same rows, other separator and a changed name: another file, another import, same students.
      const changed = studentsCsv(300, { offset: 20_000 }).replace('Leerling20007;', 'Leerlinge20007;');
      const second = await upload(h, changed, { createMissingGroups: true });
      expect(second.status).toBe(202);
      expect(second.body.data.id).not.toBe(first.body.data.id);
      const done = await waitForImport(h, second.body.data.id);
      expect(done.attributes.counts).toEqual({
        valid: 300,
        invalid: 0,
        created: 0,
        updated: 1,
        unchanged: 299,
        failed: 0,
        left: 0,
      });
      expect(await facts(h)).toEqual(before);
    },
  );

  it(
    'reports exactly the bad rows, with localized messages, and applies the rest',
    { timeout: 120_000 },
    async () => {
      // The school has group 1A and levels havo and vwo (created by an import that may create them).
      const setup = await upload(
        h,
        'voornaam;achternaam;email;leerlingnummer;klas;niveau\nS;T;setup1@import.test;S1;1A;havo\nS;U;setup2@import.test;S2;1A;vwo\n',
        { fileName: 'setup.csv', createMissingGroups: true },
      );
      expect((await waitForImport(h, setup.body.data.id)).attributes.status).toBe('completed');
      const before = await facts(h);
      const csv = [
        'voornaam,achternaam,email,leerlingnummer,klas,niveau',
        'Ada,Lovelace,ada@import.test,B1,1A,havo', // 2: ok
        'Alan,,alan@import.test,B2,1A,havo', // 3: last name missing
        'Grace,Hopper,grace-at-import.test,B3,1A,havo', // 4: bad email
        'Edsger,Dijkstra,ADA@import.test,B4,1A,havo', // 5: duplicate email of row 2
        'Barbara,Liskov,barbara@import.test,B1,1A,havo', // 6: duplicate student number of row 2
        'Donald,Knuth,donald@import.test,B6,9Z,havo', // 7: unknown group
        'Ken,Thompson,ken@import.test,B7,1A,mbo', // 8: unknown level
        'Linus,Torvalds,linus@import.test,B8,1A', // 9: too few columns
        '"Tony ""Quicksort""",Hoare,tony@import.test,B9,1A,vwo', // 10: ok (quoted)
      ].join('\n');
      const res = await upload(h, csv, { fileName: 'met-fouten.csv' });
      expect(res.status).toBe(202);
      const done = await waitForImport(h, res.body.data.id);
      expect(done.attributes.status).toBe('completed');
      expect(done.attributes.counts).toMatchObject({ valid: 2, invalid: 7, created: 2 });
      const invalid = await rowsOf(res.body.data.id, 'invalid');
      expect(invalid.map((r) => [r.attributes.row, r.attributes.errors.map((e) => e.code)])).toEqual([
        [3, ['required']],
        [4, ['email_invalid']],
        [5, ['duplicate_email']],
        [6, ['duplicate_student_number']],
        [7, ['unknown_group']],
        [8, ['unknown_level']],
        [9, ['column_count']],
      ]);
      expect(invalid[2]!.attributes.messages).toEqual([
        'Email address: this email address already appears in row 2',
      ]);
      const nl = await rowsOf(res.body.data.id, 'invalid', 'nl');
      expect(nl[0]!.attributes.messages).toEqual(['Achternaam: dit veld is verplicht']);
      expect((await facts(h)).users - before.users).toBe(2);
      // The downloadable report lists every row with its outcome.
      const report = await h.app.inject({
        url: `/api/v1/imports/${res.body.data.id}/report`,
        headers: { ...h.headers, 'accept-language': 'nl' },
      });
      expect(report.statusCode).toBe(200);
      expect(report.headers['content-type']).toMatch(/^text\/csv/);
      const lines = report.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines).toHaveLength(10);
      expect(lines[0]).toBe(
        'Rij;Resultaat;Voornaam;Achternaam;E-mailadres;Leerlingnummer;Klas;Niveau;Mentor;Meldingen',
      );
      expect(lines[1]).toBe('2;aangemaakt;Ada;Lovelace;ada@import.test;B1;1A;havo;;');
      expect(lines[4]).toBe(
        '5;overgeslagen;Edsger;Dijkstra;ada@import.test;B4;1A;havo;;E-mailadres: dit e-mailadres staat al in rij 2',
      );
    },
  );

  it('refuses oversize files and non-CSV uploads before parsing', { timeout: 60_000 }, async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10).fill(0x61);
    expect((await upload(h, big)).status).toBe(413);
    const xlsx = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    expect((await upload(h, xlsx, { fileName: 'leerlingen.csv' })).status).toBe(415);
    expect(
      (await upload(h, 'a;b\n1;2\n', { fileName: 'leerlingen.pdf', type: 'application/pdf' })).status,
    ).toBe(415);
    const latin1 = Uint8Array.from([...Buffer.from('voornaam;achternaam\nJos'), 0xe9, 0x0a]);
    expect((await upload(h, latin1)).status).toBe(415);
    const list = await h.app.inject({ url: '/api/v1/imports', headers: h.headers });
    expect(
      list
        .json()
        .data.every((i: { attributes: { file_size: number } }) => i.attributes.file_size < 5 * 1024 * 1024),
    ).toBe(true);
  });

  it('a file without the required columns fails the import with a reason', { timeout: 60_000 }, async () => {
    const res = await upload(h, 'naam;klas\nPiet;1A\n', {
      fileName: 'zonder-kolommen.csv',
      fieldPrefix: true,
    });
    expect(res.status).toBe(202);
    const done = await waitForImport(h, res.body.data.id);
    expect(done.attributes.status).toBe('failed');
    expect(done.attributes.failure).toMatch(/missing_columns: first_name, last_name, email, student_number/);
  });

  it('only the school’s admin may import or see its imports', async () => {
    const anonymous = await h.app.inject({ url: '/api/v1/imports', headers: { 'x-tenant': TENANT } });
    expect(anonymous.statusCode).toBe(401);
    const other = await h.app.inject({
      url: '/api/v1/imports',
      headers: { ...h.headers, 'x-current-organization-id': '00000000-0000-4000-8000-000000000000' },
    });
    expect(other.statusCode).toBe(403);
  });

  it('an activity retried with the same key has one effect', { timeout: 60_000 }, async () => {
    const csv = studentsCsv(5, { offset: 30_000 });
    const res = await upload(h, csv);
    const id = res.body.data.id as string;
    await waitForImport(h, id);
    const before = await facts(h);
    // Identity's bulk upsert called again with the keys of that import: recorded outcomes, no new effect.
    const students = httpStudentDirectory(h.baseUrl, h.config.AUTH_TOKEN_SECRET);
    const rows = [2, 3].map((row) => ({
      key: `${id}:${row}`,
      email: `leerling${30_000 + row - 2}@import.test`,
      first_name: 'Other',
      last_name: 'Name',
    }));
    const body = {
      school_id: SCHOOL,
      actor_id: (await getImport(h, id)).attributes.school_id,
      locale: 'nl' as const,
      rows,
    };
    const answers = [await students.bulkUpsert(TENANT, body), await students.bulkUpsert(TENANT, body)];
    for (const a of answers) expect(a.results.map((r) => r.outcome)).toEqual(['created', 'created']);
    expect(await facts(h)).toEqual(before);
    const names = await sql<{
      first_name: string;
    }>`select first_name from identity.users where email = 'leerling30000@import.test'`.execute(h.owner);
    expect(names.rows[0]!.first_name).toBe('Leerling30000');
    // The batch activity itself, run again after it completed: nothing left to apply.
    const activities = createActivities({ db: h.platform.deps.db, config: h.config, students });
    expect(await activities.applyBatch({ tenant: TENANT, importId: id, batch: 0 })).toEqual({ applied: 0 });
    expect(await facts(h)).toEqual(before);
    // Without a valid service token the internal endpoint refuses.
    const forged = await fetch(`${h.baseUrl}/internal/v1/students/bulk_upsert`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-tenant': TENANT,
        authorization: `Bearer ${signServiceToken('workflows', TENANT, 'x'.repeat(40))}`,
      },
      body: JSON.stringify(body),
    });
    expect(forged.status).toBe(401);
  });
});
