import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOf,
  asOwner,
  call,
  expectStatus,
  harness,
  internshipParties,
  outboxEvents,
  userWith,
  type THarness,
  type TInternshipParties,
  type TUser,
} from '../../../test/harness.ts';
import { createContractDocumentActivities, rendererFor } from '../../contract-documents/index.ts';
import { signaturePng } from '../../contract-documents/render/sample-contract.ts';
import { createSigningActivities } from './signing.activities.ts';

/**
 * Signed contracts after the signatures, through placements' HTTP app on a real PostgreSQL: the seal
 * (the signing activities with the contract-documents group's renderer and store), who may download the
 * sealed PDF (contracts' `mayDownloadContract`, on the server and in `meta.may_download`).
 */
let h: THarness;
let demo: TInternshipParties;
let raayland: TInternshipParties;
let contact: TUser;
let otherCompany: TUser;
let documents: ReturnType<typeof createContractDocumentActivities>;

beforeAll(async () => {
  h = await harness();
  [demo, raayland] = await Promise.all([internshipParties(h, 'demo'), internshipParties(h, 'raayland')]);
  // The internship's contact person: a user of another organization, so only the contact rule admits them.
  contact = await adminOf(h, 'NonProfit');
  otherCompany = await adminOf(h, 'NonProfit');
  documents = createContractDocumentActivities({ db: h.deps.db, config: h.deps.config });
}, 120_000);
afterAll(async () => {
  await rendererFor(h?.deps.config)?.close();
  await h?.close();
});

const C = '/api/v1/contracts';
const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

/** A published template of demo's School: the company first, then the student; no company fields. */
async function publishedTemplate(): Promise<string> {
  const res = await call(h.app, {
    method: 'POST',
    url: '/api/v1/contract_templates',
    headers: demo.school.headers,
    payload: {
      data: { type: 'contract_template', attributes: { name: `Sjabloon ${randomUUID().slice(0, 6)}` } },
    },
  });
  expectStatus(res, 201);
  const draftId = res.json().data.attributes.draft_version_id as string;
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
            body_nl: doc('Stage van {{student.name}} bij {{organization.name}}.'),
            company_fields: [],
            signers: [
              { role: 'company', order: 1 },
              { role: 'student', order: 2 },
            ],
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
  return res.json().data.id as string;
}

/** A demo internship of the School at its company naming `contact`, with a contract sent out for signing. */
async function contractOutForSigning(): Promise<string> {
  const templateId = await publishedTemplate();
  const internshipId = randomUUID();
  await asOwner(h, 'demo', (trx) =>
    sql`insert into placements.internships (id, tenant_id, student_id, school_id, organization_id, title,
        contract_type, self_found, updating_hours_allowed, status, start_date, end_date, organization_name,
        contact_person_id, created_at, updated_at)
      values (${internshipId}, 'demo', ${demo.student.id}, ${demo.schoolId}, ${demo.companyId}, 'Stage dierenasiel',
        'contract', false, false, 'active', '2027-02-01', '2027-06-30', 'Dierenasiel', ${contact.id}, now(), now())`.execute(
      trx,
    ),
  );
  const generated = await call(h.app, {
    method: 'POST',
    url: C,
    headers: demo.school.headers,
    payload: {
      data: {
        type: 'contract',
        attributes: {
          internship_id: internshipId,
          template_id: templateId,
          student_birth_date: '2000-01-01',
        },
      },
    },
  });
  expectStatus(generated, 201);
  const id = generated.json().data.id as string;
  const released = await call(h.app, {
    method: 'POST',
    url: `${C}/${id}/release`,
    headers: demo.school.headers,
  });
  expectStatus(released, 200);
  expect(released.json().data.attributes.status).toBe('signing');
  return id;
}

const SIGNATURE = signaturePng([
  [
    [10, 80],
    [60, 20],
    [120, 90],
  ],
]);

/** Every signer signs (as the signing workflow's recordSignature leaves them), then signing completes. */
async function signAll(contractId: string, activities: ReturnType<typeof createSigningActivities>) {
  await asOwner(h, 'demo', (trx) =>
    sql`update placements.contract_signers set state = 'signed', signature = ${SIGNATURE},
        signed_at = now(), signed_ip = '192.0.2.7', signed_user_agent = 'Mozilla/5.0 (test)', signed_by = 'system'
      where contract_id = ${contractId}`.execute(trx),
  );
  await activities.completeSigning({ tenant: 'demo', contractId, at: new Date().toISOString() });
}

const signing = () =>
  createSigningActivities({
    db: h.deps.db,
    config: h.deps.config,
    sealer: (d) => documents.sealContractDocument(d),
  });

const download = (user: TUser | null, id: string) =>
  call(h.app, {
    method: 'GET',
    url: `${C}/${id}/document`,
    headers: user ? user.headers : { 'x-tenant': 'demo' },
  });
const read = (user: TUser, id: string) => call(h.app, { url: `${C}/${id}`, headers: user.headers });

describe('the sealed PDF: downloadable by the contract’s parties only (contracts’ mayDownloadContract)', () => {
  let id: string;
  let pdfHash: string;
  beforeAll(async () => {
    id = await contractOutForSigning();
    const activities = signing();
    await signAll(id, activities);
    // Signed, not sealed yet: nobody downloads, the button is not offered.
    expectStatus(await download(demo.school, id), 404, 'not_found');
    expect((await read(demo.school, id)).json().data.meta.may_download).toBe(false);
    expect(await activities.sealContract({ tenant: 'demo', contractId: id })).toEqual({ sealed: true });
    pdfHash = await asOwner(
      h,
      'demo',
      async (trx) =>
        (
          await sql<{ pdf_hash: string }>`select pdf_hash from placements.contract_documents
          where contract_id = ${id}`.execute(trx)
        ).rows[0]!.pdf_hash,
    );
  }, 120_000);

  it('gives the student (a signer), the school’s admin, the mentor, the company’s admin and the contact person the PDF', async () => {
    for (const [who, user] of [
      ['student', demo.student],
      ['school admin', demo.school],
      ['mentor', demo.mentor],
      ['company admin', demo.company],
      ['contact person', contact],
    ] as const) {
      const res = await download(user, id);
      expectStatus(res, 200);
      expect(res.headers['content-type'], who).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="contract-${id}.pdf"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(createHash('sha256').update(res.rawPayload).digest('hex'), who).toBe(pdfHash);
      // The portal's download button follows the same rule.
      expect((await read(user, id)).json().data.meta.may_download, who).toBe(true);
    }
  });

  it('is 401 anonymous and 404 for outsiders, another school, another organization and another tenant', async () => {
    expectStatus(await download(null, id), 401, 'unauthorized');
    const someone = await userWith(h, 'student', demo.otherSchoolId, 'School');
    for (const [who, user] of [
      ['another student of the school', demo.otherStudent],
      ['a mentor of the school who is not hers', demo.strangerMentor],
      ['another school’s admin', demo.otherSchool],
      ['another organization’s admin', otherCompany],
      ['a student of another school', someone],
    ] as const) {
      const res = await download(user, id);
      expect(res.statusCode, who).toBe(404);
      expect(res.json().errors[0].code, who).toBe('not_found');
    }
    // Another tenant's admin, in their own tenant: the contract does not exist there.
    expectStatus(await download(raayland.school, id), 404, 'not_found');
    // Another tenant's credentials presented to demo are no demo session.
    const crossed = await call(h.app, {
      method: 'GET',
      url: `${C}/${id}/document`,
      headers: { ...raayland.school.headers, 'x-tenant': 'demo' },
    });
    expect([401, 404]).toContain(crossed.statusCode);
    expectStatus(await download(demo.school, randomUUID()), 404, 'not_found');
  });
});

describe('a contract that fails to seal: visible to the school’s admins and retried', () => {
  const trail = async (id: string) =>
    asOwner(h, 'demo', async (trx) =>
      (
        await sql<{ action: string }>`select action from placements.contract_audit_trail
          where contract_id = ${id} order by seq`.execute(trx)
      ).rows.map((r) => r.action),
    );
  const listed = async (user: TUser, query: string) =>
    (await call(h.app, { url: `${C}${query}`, headers: user.headers }))
      .json()
      .data.map((x: { id: string }) => x.id);
  const retry = (user: TUser, id: string) =>
    call(h.app, { method: 'POST', url: `${C}/${id}/retry_seal`, headers: user.headers });

  it('records each failed attempt, shows seal_state failed with its error (a filter, an action), and an admin’s retry asks the workflow to seal again', async () => {
    const id = await contractOutForSigning();
    const broken = createSigningActivities({
      db: h.deps.db,
      config: h.deps.config,
      sealer: async () => {
        throw new Error('the object store is away');
      },
    });
    await signAll(id, broken);
    await expect(broken.sealContract({ tenant: 'demo', contractId: id })).rejects.toThrow(/object store/);
    // While attempts remain: pending, the attempt and its error on the contract.
    const pending = (await read(demo.school, id)).json().data;
    expect(pending.attributes).toMatchObject({
      status: 'signed',
      seal_state: 'pending',
      seal_attempts: 1,
      seal_error: expect.stringContaining('the object store is away'),
    });
    expect(pending.meta.actions).not.toContain('retry_seal');
    // The workflow gave up for now: failed, for the admins to see and retry.
    await broken.markSealFailed({ tenant: 'demo', contractId: id });
    await broken.markSealFailed({ tenant: 'demo', contractId: id });
    const failed = (await read(demo.school, id)).json().data;
    expect(failed.attributes.seal_state).toBe('failed');
    expect(failed.meta.actions).toEqual(['retry_seal', 'void']);
    expect((await trail(id)).filter((a) => a === 'seal_failed')).toHaveLength(1);
    expect(await listed(demo.school, '?filter[seal_state]=failed')).toContain(id);
    expect(await listed(demo.school, '?filter[seal_state]=sealed')).not.toContain(id);
    expectStatus(
      await call(h.app, { url: `${C}?filter[seal_state]=broken`, headers: demo.school.headers }),
      422,
    );
    // The student sees the state, not the action.
    expect((await read(demo.student, id)).json().data.meta.actions).toEqual([]);

    // Only the school's admins retry.
    expectStatus(await retry(demo.student, id), 403, 'forbidden');
    expectStatus(await retry(demo.company, id), 403, 'forbidden');
    expectStatus(await retry(demo.otherSchool, id), 404, 'not_found');
    expectStatus(await retry(raayland.school, id), 404, 'not_found');
    const retried = await retry(demo.school, id);
    expectStatus(retried, 200);
    expect(retried.json().data.attributes.seal_state).toBe('pending');
    // Durably: the request is an event of the same transaction (the signing consumer signals the workflow).
    const [event] = await outboxEvents(h, 'placements.contract.seal_requested', id);
    expect(event?.data).toMatchObject({ contract_id: id, school_id: demo.schoolId });
    expect((await trail(id)).slice(-2)).toEqual(['seal_failed', 'seal_retry_requested']);
    // Pending again: no second retry until it fails again.
    expectStatus(await retry(demo.school, id), 409, 'invalid_contract_action');

    // The workflow's next attempt works: sealed, the error gone, nothing to retry.
    expect(await signing().sealContract({ tenant: 'demo', contractId: id })).toEqual({ sealed: true });
    const sealed = (await read(demo.school, id)).json().data;
    expect(sealed.attributes).toMatchObject({ status: 'sealed', seal_state: 'sealed', seal_error: null });
    expect(sealed.meta.actions).toEqual([]);
    expectStatus(await retry(demo.school, id), 409, 'invalid_contract_action');
  }, 120_000);

  it('refuses a retry of a contract that is not signed', async () => {
    const id = await contractOutForSigning();
    expectStatus(await retry(demo.school, id), 409, 'invalid_contract_action');
    expect(await outboxEvents(h, 'placements.contract.seal_requested', id)).toEqual([]);
  });
});
