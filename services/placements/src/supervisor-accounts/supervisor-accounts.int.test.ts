import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { setTenant } from '@stageplein/kit/db/rls';
import { issueExternalLink } from '@stageplein/kit/external-links/external-links.repository';
import { freshClientAddress } from '@stageplein/testing/client-address';
import {
  adminOf,
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
 * A supervisor without an account asks for one through their link (issue #30 item 6), on a real
 * PostgreSQL (RLS): once, refused for a wrong, expired or other tenant's link, seen and answered only
 * by the admins of the internship's organization; events and audit rows.
 */
let h: THarness;
const DAY = 86_400_000;
const SUPERVISOR = 'bram@buurthuis.test';

beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h?.close());

interface TWorld extends TInternshipParties {
  internshipId: string;
}

/** A running internship whose supervisor is named by name and e-mail, approved by the school. */
async function world(tenant: TTenantId, options: { supervisorId?: string } = {}): Promise<TWorld> {
  const parties = await internshipParties(h, tenant);
  const internshipId = randomUUID();
  await asOwner(h, tenant, (trx) =>
    sql`insert into placements.internships (id, tenant_id, student_id, school_id, organization_id, title,
        contract_type, self_found, contact_name, contact_email, supervisor_name, supervisor_email,
        supervisor_id, hours, updating_hours_allowed, status, start_date, supervisor_approved_email,
        created_at, updated_at)
      values (${internshipId}, ${tenant}, ${parties.student.id}, ${parties.schoolId}, ${parties.companyId},
        'Maatschappelijke stage', 'hours', false, 'Carla Contact', 'carla@buurthuis.test', 'Bram Begeleider',
        ${SUPERVISOR}, ${options.supervisorId ?? null}, 40, true, 'active', '2026-09-01', ${SUPERVISOR},
        now(), now())`.execute(trx),
  );
  return { ...parties, internshipId };
}

/** A link to the supervisor about the internship, as hours and evaluations issue them. */
const link = (
  w: TWorld,
  input: { action?: string; expired?: boolean; tenant?: TTenantId } = {},
): Promise<string> =>
  h.deps.db.transaction().execute(async (trx) => {
    const tenant = input.tenant ?? w.tenant;
    await setTenant(trx, tenant);
    const now = input.expired ? new Date(NOW.getTime() - 31 * DAY) : NOW;
    const issued = await issueExternalLink(trx, 'placements', {
      tenant,
      subject: { type: 'internship', id: w.internshipId },
      action: input.action ?? 'confirm_hours',
      recipient: SUPERVISOR,
      expiresAt: new Date(now.getTime() + 30 * DAY),
      singleUse: false,
      createdBy: null,
      now,
    });
    return issued.token;
  });

const byLink = (token: string, tenant: TTenantId, method: 'GET' | 'POST', language = 'nl') =>
  call(h.app, {
    method,
    url: `/api/v1/supervisor_account_requests${method === 'GET' ? '/current' : ''}`,
    headers: { 'x-tenant': tenant, 'x-action-link': token, 'accept-language': language },
    remoteAddress: freshClientAddress(),
  });

const list = (user: TUser, query = '') =>
  call(h.app, { url: `/api/v1/supervisor_account_requests${query}`, headers: user.headers });
const answer = (user: TUser, id: string, how: 'invited' | 'declined', userId = randomUUID()) =>
  call(h.app, {
    method: 'POST',
    url: `/api/v1/supervisor_account_requests/${id}/${how}`,
    headers: user.headers,
    ...(how === 'invited'
      ? { payload: { data: { type: 'supervisor_account_invitation', attributes: { user_id: userId } } } }
      : {}),
  });

const attrs = (res: { json(): unknown }) =>
  (res.json() as { data: { id: string; attributes: Record<string, unknown> } }).data;
const errorOf = (res: { json(): unknown }) =>
  (res.json() as { errors: { code: string; title: string }[] }).errors[0]!;

describe('a supervisor asks for an account', () => {
  it('asks once through the hours link; asking again answers the first; an event, an audit row, a consumed use', async () => {
    const w = await world('oldebroek');
    const token = await link(w);
    expect((await byLink(token, 'oldebroek', 'GET')).json()).toEqual({ data: null, meta: { may_ask: true } });
    const asked = await byLink(token, 'oldebroek', 'POST');
    expectStatus(asked, 201);
    const request = attrs(asked);
    expect(request.attributes).toMatchObject({
      status: 'requested',
      name: 'Bram Begeleider',
      email: SUPERVISOR,
      organization_id: w.companyId,
      internship_id: w.internshipId,
      answered_at: null,
    });
    // Through an evaluation link of the same internship too: the same request.
    const again = await byLink(await link(w, { action: 'fill_evaluation' }), 'oldebroek', 'POST');
    expectStatus(again, 200);
    expect(attrs(again).id).toBe(request.id);
    expectStatus(await byLink(token, 'oldebroek', 'POST'), 200);
    const current = await byLink(token, 'oldebroek', 'GET');
    expect(attrs(current).id).toBe(request.id);
    expect(current.json()).toMatchObject({ meta: { may_ask: false } });
    const { rows } = await asOwner(h, 'oldebroek', (trx) =>
      sql<{ n: string }>`select count(*) as n from placements.supervisor_account_requests
        where internship_id = ${w.internshipId}`.execute(trx),
    );
    expect(Number(rows[0]!.n)).toBe(1);
    const events = await outboxEvents(h, 'placements.supervisor_account.requested', request.id);
    expect(events.map((e) => e.data)).toEqual([
      { request_id: request.id, organization_id: w.companyId, internship_id: w.internshipId },
    ]);
    expect(await auditOf(h, request.id)).toEqual([
      { action: 'supervisor_account.requested', actor_id: null, tenant_id: 'oldebroek' },
    ]);
    const uses = await asOwner(h, 'oldebroek', (trx) =>
      sql<{ outcome: string }>`select u.outcome from placements.external_link_uses u
        join placements.external_links l on l.id = u.link_id
        where l.subject_id = ${w.internshipId} and u.method = 'POST' order by u.id`.execute(trx),
    );
    expect(uses.rows.map((u) => u.outcome)).toContain('consumed');
  });

  it('refuses a wrong, expired, other-action or other tenant’s link, in nl and en, and changes nothing', async () => {
    const w = await world('corderius');
    const wrong = 'A'.repeat(43);
    const nl = await byLink(wrong, 'corderius', 'POST');
    expectStatus(nl, 401, 'link_invalid');
    const en = await byLink(wrong, 'corderius', 'POST', 'en');
    expectStatus(en, 401, 'link_invalid');
    expect(errorOf(nl).title).not.toBe(errorOf(en).title);
    expectStatus(await byLink(await link(w, { expired: true }), 'corderius', 'POST'), 410, 'link_expired');
    expectStatus(
      await byLink(await link(w, { action: 'complete_assignments' }), 'corderius', 'POST'),
      403,
      'link_not_allowed',
    );
    // A link of this tenant is unknown in another one (RLS).
    expectStatus(await byLink(await link(w), 'masplein', 'POST'), 401, 'link_invalid');
    // The school changed the supervisor's address: the old link no longer speaks for the internship.
    const old = await link(w);
    await asOwner(h, 'corderius', (trx) =>
      sql`update placements.internships set supervisor_email = 'nieuw@buurthuis.test'
        where id = ${w.internshipId}`.execute(trx),
    );
    expectStatus(await byLink(old, 'corderius', 'POST'), 410, 'link_revoked');
    const { rows } = await asOwner(h, 'corderius', (trx) =>
      sql`select id from placements.supervisor_account_requests where internship_id = ${w.internshipId}`.execute(
        trx,
      ),
    );
    expect(rows).toEqual([]);
  });

  it('a supervisor with an account, or an address with one, cannot ask (409, nl and en)', async () => {
    const w = await world('oldebroek', { supervisorId: randomUUID() });
    const token = await link(w);
    // Their link page offers nothing (no error: the page just shows no question).
    expect((await byLink(token, 'oldebroek', 'GET')).json()).toEqual({
      data: null,
      meta: { may_ask: false },
    });
    const nl = await byLink(token, 'oldebroek', 'POST');
    expectStatus(nl, 409, 'account_request_not_possible');
    expect(errorOf(nl).title).toBe('Account aanvragen niet mogelijk');
    expect(errorOf(await byLink(token, 'oldebroek', 'POST', 'en')).title).toBe(
      'Asking for an account is not possible',
    );
    const v = await world('oldebroek');
    await asOwner(h, 'oldebroek', (trx) =>
      sql`insert into placements.users (id, tenant_id, email, first_name, last_name, status, deleted, event_time)
        values (${randomUUID()}, 'oldebroek', ${'Bram@Buurthuis.test'}, 'Bram', 'B', 'active', false, now())`.execute(
        trx,
      ),
    );
    expectStatus(await byLink(await link(v), 'oldebroek', 'POST'), 409, 'account_request_not_possible');
  });

  it('only the organization’s admins see the request and answer it, once; events and audit rows', async () => {
    const w = await world('masplein');
    const request = attrs(await byLink(await link(w), 'masplein', 'POST'));
    const seen = await list(w.company, '?filter[status]=requested');
    expectStatus(seen, 200);
    expect(seen.json()).toMatchObject({
      meta: { total: 1 },
      data: [
        {
          id: request.id,
          attributes: {
            name: 'Bram Begeleider',
            email: SUPERVISOR,
            internship_title: 'Maatschappelijke stage · Sanne de Vries',
          },
        },
      ],
    });
    // The school, the student, another company's admin (of this tenant) and a provider pending approval.
    const otherCompany = await adminOf(h, 'Provider', 'approved', 'masplein');
    const pending = await adminOf(h, 'Provider', 'pending', 'masplein');
    for (const user of [w.school, w.student, w.mentor, pending]) {
      expectStatus(await list(user), 403, 'forbidden');
      expectStatus(await answer(user, request.id, 'invited'), 403, 'forbidden');
    }
    expect((await list(otherCompany)).json()).toMatchObject({ data: [], meta: { total: 0 } });
    expectStatus(await answer(otherCompany, request.id, 'declined'), 404);
    expectStatus(
      await call(h.app, { url: '/api/v1/supervisor_account_requests', headers: { 'x-tenant': 'masplein' } }),
      401,
    );
    // Bad input changes nothing.
    const bad = await call(h.app, {
      method: 'POST',
      url: `/api/v1/supervisor_account_requests/${request.id}/invited`,
      headers: w.company.headers,
      payload: { data: { type: 'supervisor_account_invitation', attributes: { user_id: 'x' } } },
    });
    expectStatus(bad, 422, 'validation_failed');
    const userId = randomUUID();
    const invited = await answer(w.company, request.id, 'invited', userId);
    expectStatus(invited, 200);
    expect(attrs(invited).attributes).toMatchObject({ status: 'invited', answered_at: NOW.toISOString() });
    expectStatus(await answer(w.company, request.id, 'declined'), 409, 'account_request_answered');
    expect((await list(w.company, '?filter[status]=requested')).json()).toMatchObject({ meta: { total: 0 } });
    expect(
      (await outboxEvents(h, 'placements.supervisor_account.invited', request.id)).map((e) => e.data),
    ).toEqual([
      {
        request_id: request.id,
        organization_id: w.companyId,
        internship_id: w.internshipId,
        user_id: userId,
      },
    ]);
    expect(await auditOf(h, request.id)).toEqual([
      { action: 'supervisor_account.requested', actor_id: null, tenant_id: 'masplein' },
      { action: 'supervisor_account.invited', actor_id: w.company.id, tenant_id: 'masplein' },
    ]);
    // The supervisor's page tells them the answer.
    expect(attrs(await byLink(await link(w), 'masplein', 'GET')).attributes).toMatchObject({
      status: 'invited',
    });
  });

  it('declined: answered once, and the other tenant’s admins never see it', async () => {
    const w = await world('corderius');
    const request = attrs(await byLink(await link(w), 'corderius', 'POST'));
    const stranger = await adminOf(h, 'NonProfit', 'approved', 'oldebroek');
    expectStatus(await answer(stranger, request.id, 'declined'), 404);
    expectStatus(await answer(w.company, request.id, 'declined'), 200);
    expectStatus(await answer(w.company, request.id, 'invited'), 409, 'account_request_answered');
    expect(await auditOf(h, request.id)).toEqual([
      { action: 'supervisor_account.requested', actor_id: null, tenant_id: 'corderius' },
      { action: 'supervisor_account.declined', actor_id: w.company.id, tenant_id: 'corderius' },
    ]);
  });
});
