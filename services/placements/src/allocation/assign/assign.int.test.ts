import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asOwner,
  call,
  expectStatus,
  harness,
  internshipParties,
  publishVacancy,
  type THarness,
  type TInternshipParties,
  type TUser,
} from '../../../test/harness.ts';

/**
 * Assigning in one go with the workplace supervisor named by name and address (issue #30 item 6):
 * every internship of the batch gets that supervisor under an internship's own rules (the address's
 * format, not the student's own), approved as the school named them; a refusal is a localized JSON:API
 * error and changes nothing. (Who may assign, idempotency and places: allocation.int.test.ts.)
 */

let h: THarness;
let w: TInternshipParties;
let vacancy: string;

beforeAll(async () => {
  h = await harness();
  w = await internshipParties(h, 'demo');
  vacancy = await publishVacancy(h, w.company, 5, { title: 'Zorgboerderij de Klaver' });
}, 180_000);
afterAll(async () => {
  await h?.close();
});

const assign = (
  user: TUser,
  students: TUser[],
  supervisor: Record<string, unknown>,
  options: { key?: string; lang?: string } = {},
) =>
  call(h.app, {
    method: 'POST',
    url: '/api/v1/internship_assignments',
    headers: {
      ...user.headers,
      'idempotency-key': options.key ?? randomUUID(),
      'accept-language': options.lang ?? 'nl',
    },
    payload: {
      data: {
        type: 'internship_assignment',
        attributes: {
          assignments: students.map((s) => ({ student_id: s.id, vacancy_id: vacancy })),
          ...supervisor,
        },
      },
    },
  });

/** What the batch's internships hold about their supervisor (none: nothing was created). */
const supervisorsOn = (students: TUser[]) =>
  asOwner(h, 'demo', async (trx) => {
    const { rows } = await sql<{
      student_id: string;
      supervisor_id: string | null;
      supervisor_name: string | null;
      supervisor_email: string | null;
      supervisor_approved_email: string | null;
      supervisor_approved_by: string | null;
    }>`select student_id, supervisor_id, supervisor_name, supervisor_email, supervisor_approved_email,
          supervisor_approved_by
        from placements.internships
        where vacancy_id = ${vacancy} and student_id in (${sql.join(students.map((s) => s.id))})
        order by student_id`.execute(trx);
    return rows;
  });

const batches = () =>
  asOwner(h, 'demo', async (trx) => {
    const { rows } = await sql<{ n: string }>`select count(*) as n from placements.internship_assignments
      where school_id = ${w.schoolId}`.execute(trx);
    return Number(rows[0]!.n);
  });

describe('assign in one go: the supervisor named by name and e-mail', () => {
  it('gives every internship of the batch that supervisor, approved by the school, without an account', async () => {
    const students = [w.student, w.otherStudent];
    const res = await assign(w.school, students, {
      supervisor_name: 'Petra Praktijk',
      supervisor_email: 'Petra.Praktijk@Klaver.test',
    });
    expectStatus(res, 201);
    const ids = res.json().data.attributes.internship_ids as string[];
    expect(ids).toHaveLength(2);
    const rows = await supervisorsOn(students);
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row).toEqual({
        student_id: row.student_id,
        supervisor_id: null,
        supervisor_name: 'Petra Praktijk',
        supervisor_email: 'Petra.Praktijk@Klaver.test',
        // The school named them: the links may go to this address (issue #31).
        supervisor_approved_email: 'petra.praktijk@klaver.test',
        supervisor_approved_by: w.school.id,
      });
    // The internship says so to its parties, the student included.
    const shown = await call(h.app, { url: `/api/v1/internships/${ids[0]}`, headers: w.student.headers });
    expectStatus(shown, 200);
    expect(shown.json().data.attributes).toMatchObject({
      supervisor_name: 'Petra Praktijk',
      supervisor_email: 'Petra.Praktijk@Klaver.test',
      supervisor_approved: true,
    });
    // No account: placements knows no user of that address.
    const users = await asOwner(h, 'demo', (trx) =>
      sql`select 1 from placements.users where lower(email) = 'petra.praktijk@klaver.test'`.execute(trx),
    );
    expect(users.rows).toEqual([]);
    // Cleared for the refusals below, which use the same students.
    await asOwner(h, 'demo', (trx) =>
      sql`delete from placements.internships where id in (${sql.join(ids)})`.execute(trx),
    );
  });

  it('refuses an address that is no e-mail address, in the caller’s language, and changes nothing', async () => {
    const before = await batches();
    const key = randomUUID();
    for (const [lang, title] of [
      ['nl', 'Validatie mislukt'],
      ['en', 'Validation failed'],
    ] as const) {
      const refused = await assign(
        w.school,
        [w.student],
        { supervisor_name: 'Petra Praktijk', supervisor_email: 'petra at klaver' },
        { key, lang },
      );
      expectStatus(refused, 422, 'validation_failed');
      expect(refused.headers['content-type']).toContain('application/vnd.api+json');
      const [error] = refused.json().errors;
      expect(error).toMatchObject({ title, source: { pointer: '/data/attributes/supervisor_email' } });
    }
    expect(await supervisorsOn([w.student])).toEqual([]);
    expect(await batches()).toBe(before);
    // The key was not used up: the corrected batch goes through with it.
    const fixed = await assign(
      w.school,
      [w.student],
      { supervisor_name: 'Petra Praktijk', supervisor_email: 'petra@klaver.test' },
      { key },
    );
    expectStatus(fixed, 201);
    await asOwner(h, 'demo', (trx) =>
      sql`delete from placements.internships where vacancy_id = ${vacancy}`.execute(trx),
    );
  });

  it('refuses the student’s own address as the supervisor’s (own_supervisor), and creates none of the batch', async () => {
    const before = await batches();
    for (const lang of ['nl', 'en']) {
      const refused = await assign(
        w.school,
        [w.otherStudent, w.student],
        // Sanne's own mailbox, written another way (case and a +tag).
        { supervisor_name: 'Sanne', supervisor_email: `${w.student.id}+stage@X.test` },
        { lang },
      );
      expectStatus(refused, 422, 'own_supervisor');
      expect(refused.json().errors[0].source).toEqual({ pointer: '/data/attributes/supervisor_email' });
      expect(refused.json().errors[0].detail).not.toBe('');
    }
    expect(await supervisorsOn([w.student, w.otherStudent])).toEqual([]);
    expect(await batches()).toBe(before);
  });

  it('still assigns without a supervisor, who can be named later on the internship', async () => {
    const res = await assign(w.school, [w.student], {});
    expectStatus(res, 201);
    expect(await supervisorsOn([w.student])).toEqual([
      expect.objectContaining({
        supervisor_name: null,
        supervisor_email: null,
        supervisor_approved_email: null,
      }),
    ]);
  });
});
