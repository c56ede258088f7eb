import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import type { TWriteBackDocument } from '@stageplein/contracts/placements/write-back';
import { startMagisterStandIn, type TMagisterStandIn } from '@stageplein/testing/magister-stand-in';
import { eventually, importHarness, signInAs, type TImportHarness } from '../../test/import-harness.ts';

/**
 * The write-back (issue #36 item 4) on the real engines: a school's completed internships with hours and
 * grade, previewed, sent through the workflow to a local stand-in of its Magister (an external system we
 * do not run: @stageplein/testing/magister-stand-in serves the documented shape, including the write
 * side, rate limits and failures), never twice; the import file; who may do it.
 * corderius runs hours and evaluations, so its demo student's completed internship has both.
 */
const TENANT = 'corderius';
const SCHOOL = seedOrganizationId(TENANT, 'school');
let h: TImportHarness;
let magister: TMagisterStandIn;
let admin: Record<string, string>;
let periodId: string;
let internshipId: string;
let studentId: string;

const signIn = (tenant: string, email: string, organizationId: string) =>
  signInAs(h, tenant, email, organizationId);

const api = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = admin,
) =>
  h.app.inject({
    method,
    url,
    headers: { ...headers, 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });

const start = (target: 'magister' | 'file', extra: Record<string, unknown> = {}) =>
  api('POST', '/api/v1/write_backs', {
    data: { type: 'write_back', attributes: { period_id: periodId, target, ...extra } },
  });

async function finished(id: string) {
  let doc: TWriteBackDocument['data'] | undefined;
  await eventually(async () => {
    const res = await api('GET', `/api/v1/write_backs/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    doc = res.json().data;
    if (doc!.attributes.status === 'queued' || doc!.attributes.status === 'running')
      throw new Error(`write-back ${String(doc!.attributes.status)}`);
  }, 120_000);
  return doc!;
}

beforeAll(async () => {
  magister = await startMagisterStandIn();
  // Content too: its published evaluation forms are what the seeded evaluation is opened with.
  h = await importHarness({ placements: true, content: true, env: { MAGISTER_HOSTS: '127.0.0.1' } });
  admin = await signIn(TENANT, `admin@${TENANT}.test`, SCHOOL);
  // The demo student's running internship (seeded with hours in each state and an evaluation whose
  // mentor part is sent), completed by the school as it would be at its end.
  const { rows } = await sql<{ id: string; student_id: string; internship_period_id: string }>`
    select i.id, i.student_id, i.internship_period_id from placements.internships i
    where i.tenant_id = ${TENANT} and i.school_id = ${SCHOOL} and i.status = 'active'
      and exists (select 1 from placements.hours_entries h where h.internship_id = i.id)
      and exists (select 1 from placements.evaluations e where e.internship_id = i.id)
    limit 1`.execute(h.owner);
  const row = rows[0]!;
  internshipId = row.id;
  studentId = row.student_id;
  periodId = row.internship_period_id;
  await eventually(async () => {
    const res = await api('POST', `/api/v1/internships/${internshipId}/complete`);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  }, 30_000);
  // The school's student number, as a roster import leaves it (organizations' enrolment).
  await sql`insert into organizations.student_enrolments (tenant_id, school_id, student_id, student_number, created_at, updated_at)
    values (${TENANT}, ${SCHOOL}, ${studentId}, 'LL424242', now(), now())`.execute(h.owner);
  magister.students = [
    {
      stamnummer: 'LL424242',
      roepnaam: 'Demo',
      achternaam: 'Student',
      emailadres: null,
      klas: '3A',
      studie: 'havo',
    },
  ];
  // Organizations and placements learn the admin's roles from identity's events.
  await eventually(async () => {
    const res = await api('GET', `/api/v1/write_backs/preview?period_id=${periodId}`);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  }, 30_000);
}, 300_000);
afterAll(async () => {
  await h?.close();
  await magister?.close();
}, 60_000);

describe('write-back', () => {
  it("previews the period's completed internships with hours done, required and the grade", async () => {
    const res = await api('GET', `/api/v1/write_backs/preview?period_id=${periodId}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { id: string; attributes: Record<string, unknown> }[];
    const row = rows.find((r) => r.id === internshipId);
    expect(row?.attributes).toMatchObject({ student_id: studentId, sent_at: null });
    // Its confirmed hours against the required 40, and the mentor's scored part as a grade.
    expect(row?.attributes.hours_done).toBeGreaterThan(0);
    expect(row?.attributes.hours_required).toBe(40);
    expect(row?.attributes.grade).toBeGreaterThanOrEqual(1);
    // Only completed internships are written back.
    const { rows: statuses } = await sql<{ status: string }>`select status from placements.internships
      where id in (${sql.join(rows.map((r) => r.id))})`.execute(h.owner);
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['completed']));
  });

  it(
    'fails with the reason while the school has no Magister connection, sending nothing',
    { timeout: 180_000 },
    async () => {
      const res = await start('magister');
      expect(res.statusCode, res.body).toBe(202);
      const run = await finished(res.json().data.id);
      expect(run.attributes).toMatchObject({ status: 'failed', error: 'roster_not_configured', sent: 0 });
      expect(magister.writes).toBe(0);
    },
  );

  it(
    'sends each completed internship once through rate limits and failures; a second run sends nothing',
    { timeout: 240_000 },
    async () => {
      const connect = await api('PUT', '/api/v1/imports/magister/connection', {
        data: {
          type: 'magister_connection',
          attributes: {
            base_url: magister.url,
            client_id: magister.clientId,
            client_secret: magister.clientSecret,
            nightly: false,
          },
        },
      });
      expect(connect.statusCode, connect.body).toBe(200);
      magister.faults.push({ status: 429, retryAfter: '1' }, { status: 503 });
      const res = await start('magister', { internship_ids: [internshipId] });
      expect(res.statusCode, res.body).toBe(202);
      const run = await finished(res.json().data.id);
      expect(run.attributes).toMatchObject({ status: 'done', total: 1, done: 1, sent: 1, refused: 0 });
      expect(magister.faults).toHaveLength(0);
      const record = magister.internships.get(`LL424242/${internshipId}`);
      const preview = (await api('GET', `/api/v1/write_backs/preview?period_id=${periodId}`)).json().data as {
        id: string;
        attributes: Record<string, unknown>;
      }[];
      const row = preview.find((r) => r.id === internshipId)!.attributes;
      expect(record).toEqual({
        bedrijf: row.organization_name,
        begindatum: row.start_date,
        einddatum: row.end_date,
        urenGerealiseerd: row.hours_done,
        urenVereist: row.hours_required,
        beoordeling: row.grade,
      });
      expect(row.sent_at).not.toBeNull();

      const writes = magister.writes;
      const again = await finished(
        (await start('magister', { internship_ids: [internshipId] })).json().data.id,
      );
      expect(again.attributes).toMatchObject({ status: 'done', sent: 0, already_sent: 1 });
      expect(again.attributes.items.find((i) => i.internship_id === internshipId)?.state).toBe(
        'already_sent',
      );
      expect(magister.writes).toBe(writes);
    },
  );

  it(
    'refuses a student Magister does not know, and one without a student number, with the reason',
    { timeout: 180_000 },
    async () => {
      await sql`delete from placements.write_back_items where internship_id = ${internshipId}`.execute(
        h.owner,
      );
      magister.students = [];
      const run = await finished(
        (await start('magister', { internship_ids: [internshipId] })).json().data.id,
      );
      expect(run.attributes).toMatchObject({ status: 'done', sent: 0, refused: 1 });
      expect(run.attributes.items[0]).toMatchObject({ state: 'refused', reason: 'student_unknown' });

      await sql`update organizations.student_enrolments set student_number = '' where student_id = ${studentId}`.execute(
        h.owner,
      );
      const none = await finished(
        (await start('magister', { internship_ids: [internshipId] })).json().data.id,
      );
      expect(none.attributes.items[0]).toMatchObject({ state: 'refused', reason: 'no_student_number' });
      await sql`update organizations.student_enrolments set student_number = 'LL424242' where student_id = ${studentId}`.execute(
        h.owner,
      );
    },
  );

  it(
    'gives the import file: student number, hours and grade with a decimal comma',
    { timeout: 180_000 },
    async () => {
      const run = await finished((await start('file')).json().data.id);
      expect(run.attributes).toMatchObject({ status: 'done', sent: 0 });
      expect(run.attributes.items.find((i) => i.internship_id === internshipId)?.state).toBe('exported');
      const file = await api('GET', `/api/v1/write_backs/${run.id}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('text/csv');
      const lines = file.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Stamnummer;Naam;Bedrijf;Begindatum;Einddatum;Uren gerealiseerd;Uren vereist;Cijfer',
      );
      const item = run.attributes.items.find((i) => i.internship_id === internshipId)!;
      const comma = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));
      // Its line: the student number, name and company, then hours done, required and the grade.
      const line = lines.find((l) =>
        l.startsWith(`LL424242;${item.student_name};${item.organization_name};`),
      );
      expect(line?.split(';').slice(5)).toEqual([
        comma(item.hours_done),
        comma(item.hours_required),
        comma(item.grade),
      ]);
      expect(item.hours_done % 1).not.toBe(0); // a decimal comma was written, not only whole hours
    },
  );

  it("is for the school's admins only; another school or tenant sees nothing of it", async () => {
    const { rows } = await sql<{ id: string }>`select id from placements.write_backs limit 1`.execute(
      h.owner,
    );
    const runId = rows[0]!.id;
    const mentor = await signIn(TENANT, `mentor@${TENANT}.test`, SCHOOL);
    const student = await signIn(TENANT, `student@${TENANT}.test`, SCHOOL);
    for (const who of [mentor, student]) {
      expect(
        (await api('GET', `/api/v1/write_backs/preview?period_id=${periodId}`, undefined, who)).statusCode,
      ).toBe(403);
      expect((await api('GET', `/api/v1/write_backs/${runId}`, undefined, who)).statusCode).toBe(403);
      expect(
        (
          await api(
            'POST',
            '/api/v1/write_backs',
            { data: { type: 'write_back', attributes: { period_id: periodId, target: 'file' } } },
            who,
          )
        ).statusCode,
      ).toBe(403);
    }
    // Another tenant's school admin: the period and the run do not exist for them.
    const other = await signIn('demo', 'admin@demo.test', seedOrganizationId('demo', 'school'));
    expect(
      (await api('GET', `/api/v1/write_backs/preview?period_id=${periodId}`, undefined, other)).statusCode,
    ).toBe(404);
    expect((await api('GET', `/api/v1/write_backs/${runId}`, undefined, other)).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/write_backs/${runId}/file`, undefined, other)).statusCode).toBe(404);
  });
});
