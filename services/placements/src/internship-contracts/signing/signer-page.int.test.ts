import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_LINK_HEADER } from '@stageplein/contracts/http/headers';
import {
  adminOf,
  asOwner,
  call,
  expectStatus,
  harness,
  internshipParties,
  type THarness,
  type TInternshipParties,
  type TUser,
} from '../../../test/harness.ts';

/**
 * What the signing pages ask of placements (portal `/contracts/:id/sign/:signerId` and `/qr-sign/`),
 * without Temporal: where a signer stands through a contract's statuses (waiting for the company's
 * fields, waiting for the workflow to open the turn, their turn, voided), the contract's `meta.sign_as`,
 * and every opening of the page as a `viewed` entry of the hash-chained trail (by session and by a QR
 * code's token); strangers get 404 and leave no entry.
 */
let h: THarness;
let demo: TInternshipParties;

beforeAll(async () => {
  h = await harness();
  demo = await internshipParties(h, 'demo');
}, 120_000);
afterAll(async () => h?.close());

const C = '/api/v1/contracts';
const S = '/api/v1/contract_signers';
const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

async function contractInCompanyFields() {
  const t = await call(h.app, {
    method: 'POST',
    url: '/api/v1/contract_templates',
    headers: demo.school.headers,
    payload: { data: { type: 'contract_template', attributes: { name: `Ondertekenen ${randomUUID()}` } } },
  });
  expectStatus(t, 201);
  const draftId = t.json().data.attributes.draft_version_id as string;
  const fields = [{ key: 'uren', label: { nl: 'Uren', en: 'Hours' }, kind: 'number', required: true }];
  const signers = [
    { role: 'company', order: 1 },
    { role: 'student', order: 2 },
  ];
  expectStatus(
    await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/contract_template_versions/${draftId}`,
      headers: demo.school.headers,
      payload: {
        data: {
          type: 'contract_template_version',
          id: draftId,
          attributes: {
            body_nl: doc('{{company.uren}} uur bij {{organization.name}}.'),
            company_fields: fields,
            signers,
          },
        },
      },
    }),
    200,
  );
  expectStatus(
    await call(h.app, {
      method: 'POST',
      url: `/api/v1/contract_template_versions/${draftId}/publish`,
      headers: demo.school.headers,
    }),
    200,
  );
  const internshipId = randomUUID();
  await asOwner(h, 'demo', (trx) =>
    sql`insert into placements.internships (id, tenant_id, student_id, school_id, organization_id, title,
        contract_type, self_found, updating_hours_allowed, status, start_date, end_date, organization_name,
        created_at, updated_at)
      values (${internshipId}, 'demo', ${demo.student.id}, ${demo.schoolId}, ${demo.companyId}, 'Stage',
        'contract', false, false, 'approved', '2027-02-01', '2027-06-30', 'Dierenasiel', now(), now())`.execute(
      trx,
    ),
  );
  const c = await call(h.app, {
    method: 'POST',
    url: C,
    headers: demo.school.headers,
    payload: {
      data: {
        type: 'contract',
        attributes: {
          internship_id: internshipId,
          template_id: t.json().data.id,
          student_birth_date: '2000-01-01',
        },
      },
    },
  });
  expectStatus(c, 201);
  const id = c.json().data.id as string;
  expectStatus(
    await call(h.app, { method: 'POST', url: `${C}/${id}/release`, headers: demo.school.headers }),
    200,
  );
  const all = c.json().data.attributes.signers as { id: string; role: string }[];
  return {
    id,
    company: all.find((s) => s.role === 'company')!.id,
    student: all.find((s) => s.role === 'student')!.id,
  };
}

const view = async (user: TUser | { headers: Record<string, string> }, signerId: string, status = 200) => {
  const res = await call(h.app, { url: `${S}/${signerId}`, headers: user.headers });
  expectStatus(res, status);
  return res.json().data?.attributes;
};
const viewed = (headers: Record<string, string>, signerId: string) =>
  call(h.app, {
    method: 'POST',
    url: `${S}/${signerId}/viewed`,
    headers: { ...headers, 'user-agent': 'Telefoon/1.0' },
  });
const trail = async (contractId: string) => {
  const res = await call(h.app, { url: `${C}/${contractId}/audit_trail`, headers: demo.school.headers });
  expectStatus(res, 200);
  return res.json().data.attributes as {
    entries: { action: string; actor: string; user_agent: string | null; data: Record<string, unknown> }[];
    intact: boolean;
  };
};

describe('a signer’s page', () => {
  it('waits for the company’s fields, then for the turn to open; the turn shows the text; voided says why', async () => {
    const c = await contractInCompanyFields();
    const meta = async (user: TUser) =>
      (await call(h.app, { url: `${C}/${c.id}`, headers: user.headers })).json().data.meta;
    expect((await meta(demo.company)).sign_as).toEqual([c.company]);
    expect((await meta(demo.student)).sign_as).toEqual([c.student]);
    expect((await meta(demo.school)).sign_as).toEqual([]);

    // The company's own fields first: not closed, not a signing screen.
    expect(await view(demo.company, c.company)).toMatchObject({
      contract_status: 'company_fields',
      turn: 'waiting',
      waiting_for: [],
      html_nl: null,
    });
    expect(await view(demo.student, c.student)).toMatchObject({
      turn: 'waiting',
      waiting_for: [{ role: 'company' }],
    });

    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: `${C}/${c.id}/company_fields`,
        headers: demo.company.headers,
        payload: { data: { type: 'contract', attributes: { company_values: { uren: '32' } } } },
      }),
      200,
    );
    // Out for signing, but the workflow has not opened the company's turn yet: still waiting.
    expect(await view(demo.company, c.company)).toMatchObject({
      contract_status: 'signing',
      turn: 'waiting',
      waiting_for: [],
    });
    // The QR page's polling: an unchanged view is a 304 to the browser's revalidation.
    const first = await call(h.app, { url: `${S}/${c.company}`, headers: demo.company.headers });
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await call(h.app, {
      url: `${S}/${c.company}`,
      headers: { ...demo.company.headers, 'if-none-match': etag },
    });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    await asOwner(h, 'demo', (trx) =>
      sql`update placements.contract_signers set turn_at = now() where id = ${c.company}`.execute(trx),
    );
    const changed = await call(h.app, {
      url: `${S}/${c.company}`,
      headers: { ...demo.company.headers, 'if-none-match': etag },
    });
    expectStatus(changed, 200);
    expect(changed.headers.etag).not.toBe(etag);
    const mine = await view(demo.company, c.company);
    expect(mine).toMatchObject({ turn: 'your_turn', waiting_for: [], void_reason: null });
    expect(mine.html_nl).toContain('32 uur bij');
    // A later signer: who they wait for, never the text.
    expect(await view(demo.student, c.student)).toMatchObject({
      turn: 'waiting',
      waiting_for: [{ role: 'company' }],
      html_nl: null,
    });
    // Another's signer: 404.
    await view(demo.student, c.company, 404);

    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: `${C}/${c.id}/void`,
        headers: demo.school.headers,
        payload: { data: { type: 'contract', attributes: { reason: 'Stage gaat niet door' } } },
      }),
      200,
    );
    expect(await view(demo.company, c.company)).toMatchObject({
      turn: 'closed',
      contract_status: 'voided',
      void_reason: 'Stage gaat niet door',
      html_nl: null,
    });
    expect((await meta(demo.company)).sign_as).toEqual([]);
  });

  it('every opening is a `viewed` entry of the trail: by session, by a QR code’s token; strangers none', async () => {
    const c = await contractInCompanyFields();
    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: `${C}/${c.id}/company_fields`,
        headers: demo.company.headers,
        payload: { data: { type: 'contract', attributes: { company_values: { uren: '20' } } } },
      }),
      200,
    );
    await asOwner(h, 'demo', (trx) =>
      sql`update placements.contract_signers set turn_at = now() where id = ${c.company}`.execute(trx),
    );
    const before = (await trail(c.id)).entries.length;

    expectStatus(await viewed(demo.company.headers, c.company), 204);
    expectStatus(await viewed(demo.student.headers, c.student), 204);
    const stranger = await adminOf(h, 'NonProfit', 'approved', 'demo');
    expectStatus(await viewed(stranger.headers, c.company), 404);
    expectStatus(await viewed(demo.student.headers, c.company), 404);
    expectStatus(await viewed({ 'x-tenant': 'demo' }, c.company), 401);

    // The desktop's QR code: its token opens the page on a phone.
    const qr = await call(h.app, {
      method: 'POST',
      url: `${S}/${c.company}/qr_token`,
      headers: demo.company.headers,
    });
    expectStatus(qr, 201);
    const token = qr.json().data.attributes.token as string;
    expect(
      await view({ headers: { 'x-tenant': 'demo', [EXTERNAL_LINK_HEADER]: token } }, c.company),
    ).toMatchObject({
      turn: 'your_turn',
    });
    expectStatus(await viewed({ 'x-tenant': 'demo', [EXTERNAL_LINK_HEADER]: token }, c.company), 204);
    // Not for another signer.
    expectStatus(
      await viewed({ 'x-tenant': 'demo', [EXTERNAL_LINK_HEADER]: token }, c.student),
      403,
      'link_not_allowed',
    );

    const t = await trail(c.id);
    expect(t.intact).toBe(true);
    const added = t.entries.slice(before).filter((e) => e.action === 'viewed');
    expect(added.map((e) => [e.actor, e.data.role, e.data.turn, e.data.via ?? null, e.user_agent])).toEqual([
      [demo.company.id, 'company', 'your_turn', null, 'Telefoon/1.0'],
      [demo.student.id, 'student', 'waiting', null, 'Telefoon/1.0'],
      [expect.stringMatching(/^link:/), 'company', 'your_turn', 'sign_contract_qr', 'Telefoon/1.0'],
    ]);
  });
});
