import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { seedInternshipId } from '@stageplein/placements/internships/internships.seed';
import { freshClientAddress } from '@stageplein/testing/client-address';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';
import { at, DEMO_PASSWORD, eventually, ownershipCalls, type THeaders } from './ownership-helpers.ts';

/**
 * Issue #31 item 2, the reproductions against the whole product: a supervisor's link dies with its
 * purpose. Before, only re-sending to the same address revoked a link: after the school changed the
 * supervisor's address the old hours link still read and confirmed (200) and the old evaluation link
 * still opened the evaluation; a cancelled internship's link still confirmed hours and moved
 * `hours_supervisor`; a completed internship still took hours. Hours tenants with evaluation forms
 * (oldebroek, masplein): the demo student's seeded active internship has pending entries, the demo
 * company's admin as supervisor and an opened evaluation whose supervisor part is open.
 */
let product: TTestProduct;
let calls: ReturnType<typeof ownershipCalls>;

beforeAll(async () => {
  product = await testProduct({ seed: true });
  calls = ownershipCalls(product);
}, 120_000);
afterAll(async () => product?.close());

interface TWorld {
  tenant: string;
  internshipId: string;
  school: THeaders;
  student: THeaders;
}

async function world(tenant: string): Promise<TWorld> {
  const schoolId = seedOrganizationId(tenant, 'school');
  return {
    tenant,
    internshipId: seedInternshipId(tenant, 0),
    school: at(await calls.signIn(`admin@${tenant}.test`, DEMO_PASSWORD, tenant), schoolId),
    student: at(await calls.signIn(`student@${tenant}.test`, DEMO_PASSWORD, tenant), schoolId),
  };
}

const app = () => product.app;
const send = (headers: THeaders, method: 'POST' | 'PATCH', url: string, payload?: unknown) =>
  app().inject({ method, url, headers, ...(payload ? { payload: payload as never } : {}) });

/** The newest mail's link token to an address (identity's dev mailbox), once it is newer than `after`. */
async function mailedToken(to: string, path: string, after: number): Promise<{ token: string; seq: number }> {
  let found: { token: string; seq: number } | undefined;
  await eventually(async () => {
    const { rows } = await calls.withOwner((owner) =>
      sql<{ text_body: string; seq: string }>`select text_body, seq::text from identity.dev_mails
        where to_address = ${to} and seq > ${after} order by seq desc`.execute(owner),
    );
    const pattern = new RegExp(`${path}#([A-Za-z0-9_-]{43})`);
    const row = rows.find((r) => pattern.test(r.text_body));
    expect(row, `a ${path} mail to ${to}`).toBeDefined();
    found = { token: pattern.exec(row!.text_body)![1]!, seq: Number(row!.seq) };
  }, 15_000);
  return found!;
}

const lastSeq = async () =>
  calls.withOwner(async (owner) => {
    const { rows } = await sql<{
      seq: string | null;
    }>`select max(seq)::text as seq from identity.dev_mails`.execute(owner);
    return Number(rows[0]?.seq ?? 0);
  });

/** A call by the link's holder, from a fresh address (the link limiter counts per address). */
const byLink = (w: TWorld, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app().inject({
    method,
    url,
    headers: { 'x-tenant': w.tenant, 'x-action-link': token, 'user-agent': 'security-suite' },
    remoteAddress: freshClientAddress(),
    ...(payload ? { payload: payload as never } : {}),
  });

const code = (res: LightMyRequestResponse) =>
  (res.json() as { errors?: { code: string }[] }).errors?.[0]?.code;
const expectStatus = (res: LightMyRequestResponse, status: number, error?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  if (error) expect(code(res)).toBe(error);
};

async function pendingEntry(w: TWorld): Promise<string> {
  return calls.withOwner(async (owner) => {
    const { rows } = await sql<{ id: string }>`select id from placements.hours_entries
      where internship_id = ${w.internshipId} and status = 'pending' order by date limit 1`.execute(owner);
    expect(rows[0], 'a pending entry').toBeDefined();
    return rows[0]!.id;
  });
}

const internshipRow = (w: TWorld) =>
  calls.withOwner(async (owner) => {
    const { rows } = await sql<{ hours_supervisor: number | null; status: string }>`
      select hours_supervisor, status from placements.internships where id = ${w.internshipId}`.execute(
      owner,
    );
    return rows[0]!;
  });

const confirmEntry = (w: TWorld, token: string, entryId: string) =>
  byLink(w, token, 'POST', '/api/v1/hours/confirmation', {
    decisions: [{ entry_id: entryId, decision: 'confirm' }],
  });

async function sendHoursLink(w: TWorld, to: string) {
  const after = await lastSeq();
  expectStatus(await send(w.school, 'POST', `/api/v1/hours/${w.internshipId}/supervisor_link`), 200);
  return (await mailedToken(to, '/urenbevestiging', after)).token;
}

async function sendEvaluationLink(w: TWorld, to: string) {
  const after = await lastSeq();
  expectStatus(
    await send(w.school, 'POST', `/api/v1/internships/${w.internshipId}/evaluation/supervisor_link`),
    200,
  );
  return (await mailedToken(to, '/evaluatie', after)).token;
}

const revokedReasons = (w: TWorld) =>
  calls.withOwner(async (owner) => {
    const { rows } = await sql<{ action: string; revoked_reason: string | null }>`
      select action, revoked_reason from placements.external_links
      where subject_id = ${w.internshipId} order by created_at`.execute(owner);
    return rows;
  });

describe('a supervisor’s link dies with its purpose', () => {
  it('a new supervisor address ends the old hours and evaluation links; a cancelled internship’s link confirms nothing', async () => {
    const w = await world('oldebroek');
    const old = 'bedrijf@oldebroek.test';
    const hoursToken = await sendHoursLink(w, old);
    const evaluationToken = await sendEvaluationLink(w, old);
    expectStatus(await byLink(w, hoursToken, 'GET', '/api/v1/hours/confirmation'), 200);
    expectStatus(await byLink(w, evaluationToken, 'GET', '/api/v1/evaluations/supervisor'), 200);

    // The school gives the internship another supervisor address.
    const changed = await send(w.school, 'PATCH', `/api/v1/internships/${w.internshipId}`, {
      data: {
        type: 'internship',
        attributes: { supervisor_id: null, contact_email: 'nieuwe-begeleider@oldebroek.test' },
      },
    });
    expectStatus(changed, 200);
    const before = await internshipRow(w);
    const entry = await pendingEntry(w);
    expectStatus(await byLink(w, hoursToken, 'GET', '/api/v1/hours/confirmation'), 410, 'link_revoked');
    expectStatus(await confirmEntry(w, hoursToken, entry), 410, 'link_revoked');
    expectStatus(
      await byLink(w, evaluationToken, 'GET', '/api/v1/evaluations/supervisor'),
      410,
      'link_revoked',
    );
    expect((await internshipRow(w)).hours_supervisor).toBe(before.hours_supervisor);
    expect(
      (await revokedReasons(w)).filter((l) => l.revoked_reason === 'recipient_changed').map((l) => l.action),
    ).toEqual(expect.arrayContaining(['confirm_hours', 'fill_evaluation']));

    // The new address gets a working link; cancelling the internship ends it.
    const newToken = await sendHoursLink(w, 'nieuwe-begeleider@oldebroek.test');
    expectStatus(await byLink(w, newToken, 'GET', '/api/v1/hours/confirmation'), 200);
    expectStatus(
      await send(w.school, 'POST', `/api/v1/internships/${w.internshipId}/cancel`, {
        data: { type: 'internship', attributes: { reason: 'De stageplek is vervallen.' } },
      }),
      200,
    );
    expectStatus(await byLink(w, newToken, 'GET', '/api/v1/hours/confirmation'), 410, 'link_revoked');
    expectStatus(await confirmEntry(w, newToken, entry), 410, 'link_revoked');
    const after = await internshipRow(w);
    expect(after).toEqual({ hours_supervisor: before.hours_supervisor, status: 'cancelled' });
    expect(
      (await revokedReasons(w)).filter((l) => l.revoked_reason === 'subject_closed').map((l) => l.action),
    ).toContain('confirm_hours');
    // Nothing more goes out for it either.
    expectStatus(
      await send(w.school, 'POST', `/api/v1/hours/${w.internshipId}/supervisor_link`),
      409,
      'invalid_hours_action',
    );
  });

  it('a completed internship takes no hours: its hours link ends, the student logs nothing; its evaluation link still works', async () => {
    const w = await world('masplein');
    const supervisor = 'bedrijf@masplein.test';
    const hoursToken = await sendHoursLink(w, supervisor);
    const evaluationToken = await sendEvaluationLink(w, supervisor);
    expectStatus(await send(w.school, 'POST', `/api/v1/internships/${w.internshipId}/complete`), 200);
    const entry = await pendingEntry(w);
    expectStatus(await confirmEntry(w, hoursToken, entry), 410, 'link_revoked');
    expectStatus(await byLink(w, hoursToken, 'GET', '/api/v1/hours/confirmation'), 410, 'link_revoked');
    const logged = await send(w.student, 'POST', `/api/v1/hours/${w.internshipId}/entries`, {
      data: {
        type: 'hours_entry',
        attributes: { date: new Date().toISOString().slice(0, 10), hours: 8, description: 'Na afloop' },
      },
    });
    expect(logged.statusCode, logged.body).toBe(409);
    expectStatus(
      await send(w.school, 'POST', `/api/v1/hours/${w.internshipId}/supervisor_link`),
      409,
      'invalid_hours_action',
    );
    // A completed internship is still evaluated: the supervisor's evaluation link keeps working.
    expectStatus(await byLink(w, evaluationToken, 'GET', '/api/v1/evaluations/supervisor'), 200);
  });
});
