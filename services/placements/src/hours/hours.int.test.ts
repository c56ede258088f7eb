import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { mailRequestedType } from '@stageplein/contracts/events/mail';
import { TENANT_LIST } from '@stageplein/contracts/tenants/tenant-registry';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { setTenant } from '@stageplein/kit/db/rls';
import { issueExternalLink } from '@stageplein/kit/external-links/external-links.repository';
import { openLink } from '@stageplein/kit/mail/sealed-link';
import { freshClientAddress } from '@stageplein/testing/client-address';
import {
  asOwner,
  auditOf,
  call,
  expectStatus,
  harness,
  internshipParties,
  NOW,
  outboxEvents,
  type THarness,
  type TInternshipParties,
  type TUser,
} from '../../test/harness.ts';

/**
 * Hours registration through placements' HTTP app on a real PostgreSQL (RLS): the tenant switches,
 * the arithmetic, locking, permissions, the supervisor's link (kit's external links) and tenants.
 */
let h: THarness;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h?.close());

interface TWorld extends TInternshipParties {
  internshipId: string;
}

/** One running internship of a student at a School, with every party of it and a few outsiders. */
async function world(
  tenant: TTenantId,
  internship: {
    hours?: number | null;
    periodId?: string | null;
    email?: string | null;
    /** The school approved the contact as supervisor (default). */
    approved?: boolean;
  } = {},
): Promise<TWorld> {
  const parties = await internshipParties(h, tenant);
  const internshipId = randomUUID();
  const email = internship.email === undefined ? 'begeleider@buurthuis.test' : internship.email;
  await asOwner(h, tenant, (trx) =>
    sql`insert into placements.internships (id, tenant_id, student_id, school_id, organization_id, title,
        contract_type, self_found, contact_name, contact_email, hours, updating_hours_allowed, status,
        start_date, internship_period_id, supervisor_approved_email, created_at, updated_at)
      values (${internshipId}, ${tenant}, ${parties.student.id}, ${parties.schoolId}, ${parties.companyId},
        'Maatschappelijke stage', 'hours', false, 'Bram Begeleider', ${email},
        ${internship.hours === undefined ? 40 : internship.hours}, true, 'active', '2026-09-01',
        ${internship.periodId ?? null}, ${internship.approved === false ? null : email}, now(), now())`.execute(
      trx,
    ),
  );
  return { ...parties, internshipId };
}

const sheetUrl = (w: TWorld, rest = '') => `/api/v1/hours/${w.internshipId}${rest}`;
const get = (w: TWorld, user: TUser) => call(h.app, { url: sheetUrl(w), headers: user.headers });
const post = (w: TWorld, user: TUser, rest: string, payload?: unknown) =>
  call(h.app, { method: 'POST', url: sheetUrl(w, rest), headers: user.headers, payload: payload as never });
const logHours = (w: TWorld, date: string, hours: number, description = 'Spelletjes met bewoners') =>
  post(w, w.student, '/entries', { data: { type: 'hours_entry', attributes: { date, hours, description } } });
const attrs = (res: { json(): unknown }) =>
  (res.json() as { data: { attributes: Record<string, unknown> } }).data.attributes;
const entries = (res: { json(): unknown }) =>
  (res.json() as { included: { id: string; attributes: { date: string; status: string; hours: number } }[] })
    .included;

/** The token of the newest confirmation link mailed for the internship (the sealed link opened). */
async function mailedToken(w: TWorld): Promise<string> {
  const mails = await outboxEvents(h, mailRequestedType('placements'));
  const mine = mails.filter(
    (m) => (m.data as { vars?: { purpose?: { nl?: string } } }).vars && m.tenant === w.tenant,
  );
  const last = mine.at(-1)!;
  const link = openLink(h.deps.config, (last.data as { link_sealed: string }).link_sealed)!;
  expect(link).toMatch(/\/urenbevestiging#[A-Za-z0-9_-]{43}$/);
  return link.split('#')[1]!;
}

/** Time passes for the internship's links: they were issued `minutes` earlier (the clock is fixed). */
const ageLinks = (w: TWorld, minutes: number) =>
  asOwner(h, w.tenant, (trx) =>
    sql`update placements.external_links set created_at = created_at - make_interval(mins => ${minutes})
      where subject_id = ${w.internshipId}`.execute(trx),
  );

const byLink = (token: string, tenant: TTenantId, payload?: unknown) =>
  call(h.app, {
    method: payload ? 'POST' : 'GET',
    url: '/api/v1/hours/confirmation',
    headers: { 'x-tenant': tenant, 'x-action-link': token, 'user-agent': 'vitest-supervisor' },
    remoteAddress: freshClientAddress(),
    ...(payload ? { payload: payload as never } : {}),
  });

describe('hours registration', () => {
  it('exists only on hours tenants (spec §1): traineeship tenants answer hours_unavailable', async () => {
    for (const tenant of TENANT_LIST) {
      const res = await call(h.app, {
        url: `/api/v1/hours/${randomUUID()}`,
        headers: { 'x-tenant': tenant.id },
      });
      if (tenant.features.usesHours) expectStatus(res, 401);
      else expectStatus(res, 404, 'hours_unavailable');
    }
  });

  it('logs entries in quarter hours and adds them up (hand-computed), with events and audit rows', async () => {
    const w = await world('corderius');
    expectStatus(await logHours(w, '2026-11-02', 3.75), 201);
    const res = await logHours(w, '2026-11-03', 4.5);
    expectStatus(res, 201);
    expect(attrs(res)).toMatchObject({
      required_hours: 40,
      hours_logged: 8.25,
      hours_pending: 8.25,
      hours_supervisor: 0,
      hours_remaining: 40,
      percent: 0,
      actions: ['log', 'send_link'],
    });
    expect(entries(res).map((e) => [e.attributes.date, e.attributes.hours])).toEqual([
      ['2026-11-02', 3.75],
      ['2026-11-03', 4.5],
    ]);
    expectStatus(await logHours(w, '2026-11-04', 3.7), 422, 'validation_failed');
    expectStatus(await logHours(w, '2026-11-22', 2), 422, 'hours_date_invalid'); // tomorrow (NOW is the 21st)
    expectStatus(await logHours(w, '2026-08-31', 2), 422, 'hours_date_invalid'); // before the start
    expectStatus(await logHours(w, '2026-11-02', 20), 201);
    expectStatus(await logHours(w, '2026-11-02', 0.5), 422, 'hours_day_full'); // 3.75 + 20 + 0.5 > 24
    expect((await outboxEvents(h, 'placements.hours.entry_logged', w.internshipId)).length).toBe(3);
    expect((await auditOf(h, w.internshipId)).filter((a) => a.action === 'hours.entry_logged')).toHaveLength(
      3,
    );
  });

  it('permissions: the student their own, a mentor their mentees (read), the school its own, others nothing', async () => {
    const w = await world('masplein');
    // An entry waits for the supervisor, so the link may be sent (#31: only then).
    await logHours(w, '2026-11-02', 1);
    expectStatus(await get(w, w.student), 200);
    expectStatus(await get(w, w.otherStudent), 404);
    const mentor = await get(w, w.mentor);
    expectStatus(mentor, 200);
    expect(attrs(mentor).actions).toEqual(['send_link']);
    expectStatus(await get(w, w.strangerMentor), 404);
    const school = await get(w, w.school);
    expect(attrs(school).actions).toEqual(['send_link', 'lock', 'correct', 'sign_off']);
    expectStatus(await get(w, w.otherSchool), 404);
    expect(attrs(await get(w, w.company)).actions).toEqual([]);
    // Only the student logs; only the school locks.
    const entry = {
      data: { type: 'hours_entry', attributes: { date: '2026-11-02', hours: 2, description: 'x' } },
    };
    expectStatus(await post(w, w.mentor, '/entries', entry), 403, 'forbidden');
    expectStatus(await post(w, w.school, '/entries', entry), 403, 'forbidden');
    expectStatus(await post(w, w.otherStudent, '/entries', entry), 404);
    expectStatus(await post(w, w.student, '/lock'), 403, 'forbidden');
    expectStatus(await post(w, w.company, '/lock'), 403, 'forbidden');
    expectStatus(await post(w, w.otherSchool, '/lock'), 404);
    expectStatus(await call(h.app, { url: sheetUrl(w), headers: { 'x-tenant': 'masplein' } }), 401);
  });

  it('the supervisor confirms and rejects by the mailed link without an account; the total follows', async () => {
    const w = await world('oldebroek');
    const a = entries(await logHours(w, '2026-11-02', 4))[0]!;
    const b = entries(await logHours(w, '2026-11-03', 2.5))[1]!;
    expectStatus(await post(w, w.student, '/supervisor_link'), 200);
    const token = await mailedToken(w);
    const shown = await byLink(token, 'oldebroek');
    expectStatus(shown, 200);
    expect(attrs(shown)).toMatchObject({
      student_name: 'Sanne de Vries',
      hours_pending: 6.5,
      hours_supervisor: 0,
    });
    const decided = await byLink(token, 'oldebroek', {
      decisions: [
        { entry_id: a.id, decision: 'confirm' },
        { entry_id: b.id, decision: 'reject', note: 'Die dag was ze ziek' },
      ],
    });
    expectStatus(decided, 200);
    expect(attrs(decided)).toMatchObject({ hours_supervisor: 4, hours_pending: 0 });
    const sheet = attrs(await get(w, w.student));
    expect(sheet).toMatchObject({ hours_supervisor: 4, hours_rejected: 2.5, hours_logged: 4 });
    const { rows } = await asOwner(h, 'oldebroek', (trx) =>
      sql<{
        hours_supervisor: number;
      }>`select hours_supervisor from placements.internships where id = ${w.internshipId}`.execute(trx),
    );
    expect(rows[0]!.hours_supervisor).toBe(4);
    // Decided entries stay decided: not again by the link, not changed or deleted by the student.
    expectStatus(
      await byLink(token, 'oldebroek', { decisions: [{ entry_id: a.id, decision: 'reject' }] }),
      409,
      'hours_entry_not_changeable',
    );
    expectStatus(
      await call(h.app, {
        method: 'DELETE',
        url: sheetUrl(w, `/entries/${a.id}`),
        headers: w.student.headers,
      }),
      409,
      'hours_entry_not_changeable',
    );
    const events = await outboxEvents(h, 'placements.hours.entry_confirmed', w.internshipId);
    expect(events).toHaveLength(1);
    expect(events[0]!.actor).toBe('system');
    // Every use of the link is logged with its address and user agent; the decision as consumed.
    const { rows: uses } = await asOwner(h, 'oldebroek', (trx) =>
      sql<{
        outcome: string;
        user_agent: string;
      }>`select u.outcome, u.user_agent from placements.external_link_uses u
        join placements.external_links l on l.id = u.link_id where l.subject_id = ${w.internshipId} order by u.id`.execute(
        trx,
      ),
    );
    expect(uses.map((u) => u.outcome)).toEqual(['accessed', 'accessed', 'consumed', 'accessed']);
    expect(uses.every((u) => u.user_agent === 'vitest-supervisor')).toBe(true);
  });

  it('refuses a re-sent, expired, foreign or other-subject link', async () => {
    const w = await world('public');
    entries(await logHours(w, '2026-11-02', 1));
    expectStatus(await post(w, w.school, '/supervisor_link'), 200);
    const first = await mailedToken(w);
    await ageLinks(w, 11);
    expect(attrs(await get(w, w.mentor)).actions).toEqual(['send_link']);
    expectStatus(await post(w, w.mentor, '/supervisor_link'), 200);
    const second = await mailedToken(w);
    expect(second).not.toBe(first);
    expectStatus(await byLink(first, 'public'), 410, 'link_revoked');
    expectStatus(await byLink(second, 'public'), 200);
    // Another tenant does not know the token.
    expectStatus(await byLink(second, 'corderius'), 401, 'link_invalid');
    expectStatus(await byLink('A'.repeat(43), 'public'), 401, 'link_invalid');
    const issue = (input: { action?: string; type?: string; expired?: boolean }) =>
      h.deps.db.transaction().execute(async (trx) => {
        await setTenant(trx, 'public');
        const now = input.expired ? new Date(NOW.getTime() - 31 * DAY) : NOW;
        return issueExternalLink(trx, 'placements', {
          tenant: 'public',
          subject: { type: input.type ?? 'internship', id: w.internshipId },
          action: input.action ?? 'confirm_hours',
          recipient: 'someone-else@x.test',
          expiresAt: new Date(now.getTime() + 30 * DAY),
          singleUse: false,
          createdBy: null,
          now,
        });
      });
    expectStatus(await byLink((await issue({ expired: true })).token, 'public'), 410, 'link_expired');
    expectStatus(
      await byLink((await issue({ action: 'fill_evaluation' })).token, 'public'),
      403,
      'link_not_allowed',
    );
    expectStatus(await byLink((await issue({ type: 'assignment' })).token, 'public'), 401, 'link_invalid');
    // A link to an address the internship no longer names (changed outside the PATCH, which revokes:
    // e.g. in the supervisor's own account) is refused as revoked on use (issue #31 item 2).
    await asOwner(h, 'public', (trx) =>
      sql`update placements.internships set contact_email = 'opvolger@buurthuis.test'
        where id = ${w.internshipId}`.execute(trx),
    );
    expectStatus(await byLink(second, 'public'), 410, 'link_revoked');
  });

  it('the school locks, unlocks, corrects with a reason and signs off; the student is held to it', async () => {
    const w = await world('corderius');
    const [entry] = entries(await logHours(w, '2026-11-02', 3));
    expectStatus(await post(w, w.school, '/lock'), 200);
    expectStatus(await logHours(w, '2026-11-03', 1), 409, 'hours_locked');
    expect(attrs(await get(w, w.student)).actions).toEqual(['send_link']);
    expectStatus(await post(w, w.school, '/lock'), 409, 'invalid_hours_action');
    expectStatus(await post(w, w.school, '/unlock'), 200);
    expectStatus(await logHours(w, '2026-11-03', 1), 201);
    const corrected = await post(w, w.school, `/entries/${entry!.id}/correct`, {
      data: {
        type: 'hours_correction',
        attributes: { hours: 2.25, status: 'confirmed', reason: 'Volgens rooster' },
      },
    });
    expectStatus(corrected, 200);
    expect(attrs(corrected)).toMatchObject({ hours_supervisor: 2.25, hours_pending: 1 });
    expect(entries(corrected)[0]!.attributes).toMatchObject({ correction_reason: 'Volgens rooster' });
    expectStatus(
      await post(w, w.school, `/entries/${entry!.id}/correct`, {
        data: { type: 'hours_correction', attributes: { hours: 2 } },
      }),
      422,
    );
    const signed = await post(w, w.school, '/sign_off');
    expectStatus(signed, 200);
    expect(attrs(signed)).toMatchObject({ updating_hours_allowed: false });
    expect(attrs(signed).signed_off_at).toBe(NOW.toISOString());
    expectStatus(await logHours(w, '2026-11-04', 1), 409, 'hours_locked');
    expectStatus(await post(w, w.student, '/supervisor_link'), 409, 'invalid_hours_action');
    expect(attrs(await get(w, w.school)).actions).toEqual(['unlock']);
    const actions = (await auditOf(h, w.internshipId)).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['hours.locked', 'hours.unlocked', 'hours.entry_corrected', 'hours.signed_off']),
    );
  });

  it('paper totals only on stageplein (spec §1), replacing the digital entries', async () => {
    const paper = {
      data: { type: 'hours_paper_total', attributes: { hours: 30.5, scan_url: '/api/v1/cms/files/abc' } },
    };
    const elsewhere = await world('corderius');
    expectStatus(
      await post(elsewhere, elsewhere.school, '/paper_total', paper),
      404,
      'paper_timesheets_unavailable',
    );
    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: sheetUrl(elsewhere, '/supervisor_link/request'),
        headers: { 'x-tenant': 'corderius' },
      }),
      404,
      'paper_timesheets_unavailable',
    );
    const w = await world('stageplein');
    await logHours(w, '2026-11-02', 2);
    expectStatus(await post(w, w.student, '/paper_total', paper), 403, 'forbidden');
    const res = await post(w, w.school, '/paper_total', paper);
    expectStatus(res, 200);
    expect(attrs(res)).toMatchObject({
      paper_hours: 30.5,
      hours_supervisor: 30.5,
      hours_pending: 0,
      percent: 76, // 30.5 / 40
      paper_scan_url: '/api/v1/cms/files/abc',
    });
    expectStatus(await logHours(w, '2026-11-03', 1), 409, 'hours_locked');
  });

  it('a paper sheet’s QR code mails the link only to the registered address, at most every 10 minutes', async () => {
    const w = await world('stageplein');
    await logHours(w, '2026-11-02', 2);
    const before = (await outboxEvents(h, mailRequestedType('placements'))).length;
    const request = (id = w.internshipId) =>
      call(h.app, {
        method: 'POST',
        url: `/api/v1/hours/${id}/supervisor_link/request`,
        headers: { 'x-tenant': 'stageplein' },
      });
    expectStatus(await request(), 202);
    expectStatus(await request(), 202);
    expectStatus(await request(randomUUID()), 202);
    const mails = (await outboxEvents(h, mailRequestedType('placements'))).slice(before);
    expect(mails).toHaveLength(1);
    expect((mails[0]!.data as { recipient: { email: string } }).recipient.email).toBe(
      'begeleider@buurthuis.test',
    );
  });

  it('requires the internship’s hours, else the period’s default set by its school', async () => {
    const w0 = await world('masplein', { hours: null });
    const periodId = randomUUID();
    await asOwner(h, 'masplein', (trx) =>
      sql`insert into placements.internship_periods (id, tenant_id, school_id, school_year_id, name, start_date, end_date, status, deleted, event_time)
        values (${periodId}, 'masplein', ${w0.schoolId}, ${randomUUID()}, 'Najaar 2026', '2026-09-01', '2027-01-31', 'active', false, now())`.execute(
        trx,
      ),
    );
    await asOwner(h, 'masplein', (trx) =>
      sql`update placements.internships set internship_period_id = ${periodId} where id = ${w0.internshipId}`.execute(
        trx,
      ),
    );
    expect(attrs(await get(w0, w0.student)).required_hours).toBeNull();
    const body = { data: { type: 'hours_period_default', attributes: { required_hours: 30 } } };
    const put = (user: TUser) =>
      call(h.app, {
        method: 'PUT',
        url: `/api/v1/hours/periods/${periodId}`,
        headers: user.headers,
        payload: body,
      });
    expectStatus(await put(w0.otherSchool), 403);
    expectStatus(await put(w0.student), 403);
    expectStatus(await put(w0.school), 204);
    expect(attrs(await get(w0, w0.student))).toMatchObject({
      required_hours: 30,
      internship_period_name: 'Najaar 2026',
    });
  });

  it('links go only to a supervisor the school approved, never the student, and only with hours to confirm (#31)', async () => {
    const w = await world('corderius', { approved: false });
    expectStatus(await post(w, w.student, '/supervisor_link'), 409, 'supervisor_not_approved');
    await logHours(w, '2026-11-02', 2);
    expectStatus(await post(w, w.student, '/supervisor_link'), 409, 'supervisor_not_approved');
    expect(attrs(await get(w, w.student))).toMatchObject({ supervisor_approved: false, actions: ['log'] });
    expect(attrs(await get(w, w.school)).actions).toContain('approve_supervisor');
    const approve = (user: TUser) =>
      call(h.app, {
        method: 'POST',
        url: `/api/v1/internships/${w.internshipId}/supervisor_approval`,
        headers: user.headers,
      });
    expectStatus(await approve(w.student), 403);
    expectStatus(await approve(w.company), 403);
    expectStatus(await approve(w.school), 200);
    expect(attrs(await get(w, w.student))).toMatchObject({ supervisor_approved: true });
    expectStatus(await post(w, w.student, '/supervisor_link'), 200);
    // The supervisor's decision shows the school who decided, from where; nobody else.
    const [entry] = entries(await get(w, w.school));
    expectStatus(
      await byLink(await mailedToken(w), 'corderius', {
        decisions: [{ entry_id: entry!.id, decision: 'confirm' }],
      }),
      200,
    );
    const decided = async (user: TUser) =>
      entries(await get(w, user))[0]!.attributes as unknown as Record<string, string | null>;
    expect(await decided(w.school)).toMatchObject({ decided_by: 'begeleider@buurthuis.test' });
    expect((await decided(w.school)).decided_from).toMatch(/\d/);
    expect(await decided(w.student)).toMatchObject({ decided_by: null, decided_from: null });
    // A changed address needs a new approval.
    await asOwner(h, 'corderius', (trx) =>
      sql`update placements.internships set contact_email = 'ander@buurthuis.test' where id = ${w.internshipId}`.execute(
        trx,
      ),
    );
    await logHours(w, '2026-11-03', 1);
    await ageLinks(w, 60);
    expectStatus(await post(w, w.student, '/supervisor_link'), 409, 'supervisor_not_approved');
    // The student's own address is never approved, nor used even when approved before the rule.
    await asOwner(h, 'corderius', (trx) =>
      sql`update placements.internships set contact_email = ${`${w.student.id}@x.test`},
        supervisor_approved_email = ${`${w.student.id}@x.test`} where id = ${w.internshipId}`.execute(trx),
    );
    expectStatus(await post(w, w.student, '/supervisor_link'), 409, 'supervisor_not_approved');
    expectStatus(await approve(w.school), 422, 'own_supervisor');
  });

  it('rate-limits new links per internship, whoever asks, and needs hours to confirm (#31)', async () => {
    const w = await world('stageplein');
    expectStatus(await post(w, w.student, '/supervisor_link'), 409, 'hours_nothing_to_confirm');
    await logHours(w, '2026-11-02', 2);
    const sent = await post(w, w.student, '/supervisor_link');
    expectStatus(sent, 200);
    // The sheet offers no new link while it must wait (contracts' `linkWaiting`), to anyone.
    expect(attrs(sent).actions).toEqual(['log']);
    expect(attrs(await get(w, w.mentor)).actions).toEqual([]);
    const again = await post(w, w.student, '/supervisor_link');
    expectStatus(again, 429, 'hours_link_too_often');
    expect(JSON.stringify(again.json())).toContain('10 minuten');
    expectStatus(await post(w, w.school, '/supervisor_link'), 429, 'hours_link_too_often');
    await ageLinks(w, 11);
    expectStatus(await post(w, w.mentor, '/supervisor_link'), 200);
    await ageLinks(w, 11);
    expectStatus(await post(w, w.student, '/supervisor_link'), 200);
    await ageLinks(w, 11);
    // Three in 24 hours: the fourth waits until the first is a day old, also from the paper sheet.
    expectStatus(await post(w, w.student, '/supervisor_link'), 429, 'hours_link_too_often');
    const before = (await outboxEvents(h, mailRequestedType('placements'))).length;
    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: `/api/v1/hours/${w.internshipId}/supervisor_link/request`,
        headers: { 'x-tenant': 'stageplein' },
      }),
      202,
    );
    expect((await outboxEvents(h, mailRequestedType('placements'))).length).toBe(before);
  });

  it('keeps tenants apart: another tenant’s user or header never reaches the sheet', async () => {
    const w = await world('corderius');
    const other = await world('oldebroek');
    await logHours(w, '2026-11-02', 2);
    await post(w, w.school, '/sign_off');
    // RLS: the app role under another tenant sees none of its rows, in every hours table.
    const rows = (tenant: TTenantId) =>
      h.deps.db.transaction().execute(async (trx) => {
        await setTenant(trx, tenant);
        const count = async (table: string) =>
          Number(
            (
              await sql<{ n: string }>`select count(*) as n from ${sql.table(`placements.${table}`)}
                where internship_id = ${w.internshipId}`.execute(trx)
            ).rows[0]!.n,
          );
        return [await count('hours_entries'), await count('hours_sheets')];
      });
    expect(await rows('corderius')).toEqual([1, 1]);
    expect(await rows('oldebroek')).toEqual([0, 0]);
    // Oldebroek's school admin, asking with their own tenant, for corderius' internship.
    expectStatus(await get(w, other.school), 404);
    // The corderius student's token under another tenant header is refused.
    expectStatus(
      await call(h.app, { url: sheetUrl(w), headers: { ...w.student.headers, 'x-tenant': 'oldebroek' } }),
      401,
    );
  });
});
