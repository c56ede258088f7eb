import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailRequestedType } from '@stageplein/contracts/events/mail';
import {
  contractSigningWorkflowId,
  QUERIES,
  type TContractSigningState,
} from '@stageplein/contracts/workflows/names';
import { openLink } from '@stageplein/kit/mail/sealed-link';
import { DEMO_PASSWORD } from '@stageplein/identity/seeds/seed';
import { eventually, importHarness, SCHOOL, TENANT, type TImportHarness } from '../../test/import-harness.ts';

/**
 * Signing through the product (issue #34 items 3-4): the demo School's seeded contract of a minor, out
 * for signing with the company first (demo's `companySignsFirst`), then the student and the parent in
 * parallel, then the school representative. Placements' consumer starts the contract's workflow on the
 * run's Temporal dev server; the worker's activities mail each signer's link when their turn comes; the
 * routes admit a signer by link (or signed in) and send the workflow the signature.
 */
let h: TImportHarness;
type THeaders = Record<string, string>;
let student: THeaders;
let contractId: string;
let signers: { id: string; role: string; position: number; user_id: string | null; email: string | null }[];
const signerOf = (role: string) => signers.find((s) => s.role === role)!.id;

async function signIn(email: string, organization?: string): Promise<THeaders> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    headers: { 'x-tenant': TENANT },
    payload: { email, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign in ${email}: ${res.statusCode} ${res.body}`);
  return {
    'x-tenant': TENANT,
    'access-token': String(res.headers['access-token']),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
    ...(organization ? { 'x-current-organization-id': organization } : {}),
  };
}
const JSONAPI = { 'content-type': 'application/vnd.api+json' };
const link = (token: string, tenant = TENANT): THeaders => ({ 'x-tenant': tenant, 'x-action-link': token });
const view = (signerId: string, headers: THeaders) =>
  h.app.inject({ method: 'GET', url: `/api/v1/contract_signers/${signerId}`, headers });
// A 1×1 PNG: the seal step renders it on the certificate page.
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const sign = (signerId: string, headers: THeaders) =>
  h.app.inject({
    method: 'POST',
    url: `/api/v1/contract_signers/${signerId}/sign`,
    headers: { ...headers, ...JSONAPI, 'user-agent': 'Mozilla/5.0 (iPhone) test' },
    payload: { data: { type: 'contract_signature', attributes: { signature: SIGNATURE, agree: true } } },
  });
const putAddress = (signerId: string, headers: THeaders, email: string) =>
  h.app.inject({
    method: 'PUT',
    url: `/api/v1/contract_signers/${signerId}/email`,
    headers: { ...headers, ...JSONAPI },
    payload: { data: { type: 'contract_signer', attributes: { email, name: 'Naam Test' } } },
  });
const code = (res: { json(): unknown }) => (res.json() as { errors: { code: string }[] }).errors[0]!.code;

/** The token of the newest sign link mailed to a signer (the sealed link opened). */
async function mailedToken(signerId: string): Promise<string> {
  let token = '';
  await eventually(async () => {
    await h.settled();
    const rows = await sql<{ envelope: { data: { link_sealed: string | null } } }>`
      select envelope from placements.outbox where type = ${mailRequestedType('placements')} order by seq`.execute(
      h.owner,
    );
    const links = rows.rows
      .map((r) => (r.envelope.data.link_sealed ? openLink(h.config, r.envelope.data.link_sealed) : null))
      .filter((l): l is string => !!l && l.includes(`/contracts/${contractId}/sign/${signerId}#`));
    if (links.length === 0) throw new Error(`no link mailed to signer ${signerId} yet`);
    expect(links.at(-1)).toMatch(/#[A-Za-z0-9_-]{43}$/);
    token = links.at(-1)!.split('#')[1]!;
  }, 60_000);
  return token;
}

const runState = () =>
  h.temporal.client.workflow
    .getHandle(contractSigningWorkflowId(contractId))
    .query<TContractSigningState>(QUERIES.contractSigningState);

beforeAll(async () => {
  h = await importHarness({ placements: true, env: { EXTERNAL_LINK_RATE_LIMIT: '1000' } });
  student = await signIn(`student@${TENANT}.test`, SCHOOL);
  const c = await sql<{ id: string }>`select id from placements.contracts
    where tenant_id = ${TENANT} and status = 'signing'`.execute(h.owner);
  expect(c.rows).toHaveLength(1);
  contractId = c.rows[0]!.id;
  signers = (
    await sql<(typeof signers)[number]>`select id, role, position, user_id, email
      from placements.contract_signers where contract_id = ${contractId} order by position, role`.execute(
      h.owner,
    )
  ).rows;
}, 600_000);
afterAll(async () => {
  await h?.temporal.client.workflow
    .getHandle(contractSigningWorkflowId(contractId))
    .terminate('test done')
    .catch(() => undefined);
  await h?.close();
}, 60_000);

describe('signing a contract through the product', () => {
  it("seeds a minor's contract on demo: the company first, student and parent together, then the school", () => {
    expect(signers.map((s) => [s.role, s.position])).toEqual([
      ['company', 1],
      ['parent_guardian', 2],
      ['student', 2],
      ['school_representative', 3],
    ]);
  });

  it(
    'enforces turns on every action, admits links only for their signer, tenant and time, and stores hashes only',
    { timeout: 180_000 },
    async () => {
      // The seeded internship names no contact person: the school gives the company's address, and as it is
      // the company's turn already, its link is mailed at once.
      expect(signers.find((s) => s.role === 'company')).toMatchObject({ user_id: null, email: null });
      await eventually(async () => expect((await runState()).toAct).toEqual([signerOf('company')]), 60_000);
      // Not the student's to give.
      expect((await putAddress(signerOf('company'), student, 'x@example.com')).statusCode).toBe(409);
      expect((await putAddress(signerOf('company'), h.headers, 'bedrijf@example.com')).statusCode).toBe(204);
      const company = await mailedToken(signerOf('company'));

      // The student, signed in, before the company signed: "waiting for" the company, no signing screen.
      const waiting = await view(signerOf('student'), student);
      expect(waiting.statusCode, waiting.body).toBe(200);
      expect(waiting.json().data.attributes).toMatchObject({
        turn: 'waiting',
        waiting_for: [{ role: 'company' }],
        html_nl: null,
      });
      const early = await sign(signerOf('student'), student);
      expect(early.statusCode).toBe(409);
      expect(code(early)).toBe('contract_not_your_turn');

      // The company's link is for the company's signer only, in this tenant only.
      const other = await view(signerOf('student'), link(company));
      expect(other.statusCode).toBe(403);
      expect(code(other)).toBe('link_not_allowed');
      expect((await view(signerOf('company'), link(company, 'raayland'))).statusCode).toBe(401);
      expect((await view(signerOf('company'), link('x'.repeat(43)))).statusCode).toBe(401);
      // Anonymous without a link, or another signed-in user: nothing is revealed.
      expect((await view(signerOf('company'), { 'x-tenant': TENANT })).statusCode).toBe(401);
      expect((await view(signerOf('company'), student)).statusCode).toBe(404);

      // Only the token's SHA-256 is stored; 256 random bits (43 base64url characters).
      const stored = await sql<{ token_hash: string; single_use: boolean; action: string }>`
        select token_hash, single_use, action from placements.external_links
        where subject_type = 'contract_signer' and subject_id = ${signerOf('company')}`.execute(h.owner);
      expect(stored.rows).toEqual([
        {
          token_hash: createHash('sha256').update(company).digest('hex'),
          single_use: true,
          action: 'sign_contract',
        },
      ]);
      const columns = await sql<{ hit: number }>`select count(*)::int as hit from placements.external_links l
        where l::text like ${`%${company}%`}`.execute(h.owner);
      expect(columns.rows[0]!.hit).toBe(0);
      expect(Buffer.from(company, 'base64url')).toHaveLength(32);

      const page = await view(signerOf('company'), link(company));
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().data.attributes).toMatchObject({ turn: 'your_turn', role: 'company' });
      expect(page.json().data.attributes.html_nl).toContain('Praktijkovereenkomst');

      const signed = await sign(signerOf('company'), link(company));
      expect(signed.statusCode, signed.body).toBe(200);
      expect(signed.json().data.attributes).toMatchObject({ turn: 'signed', state: 'signed' });
      // Single use: the same link again is spent.
      const reused = await sign(signerOf('company'), link(company));
      expect(reused.statusCode).toBe(410);
      expect(code(reused)).toBe('link_used');

      // The student and the parent now, in parallel; the school representative still waits.
      await eventually(
        async () =>
          expect((await runState()).toAct.sort()).toEqual(
            [signerOf('student'), signerOf('parent_guardian')].sort(),
          ),
        30_000,
      );
      // The page says "your turn" once the workflow opened it (its openTurn activity, right after).
      await eventually(async () => {
        const school = await view(signerOf('student'), student);
        expect(school.json().data.attributes.turn).toBe('your_turn');
        expect(school.json().data.attributes.parent).toMatchObject({ email_known: false });
      }, 30_000);
    },
  );

  it(
    'signs by QR: a one-time token valid ten minutes, spent by the phone; an expired one refused',
    { timeout: 120_000 },
    async () => {
      const qr = async () => {
        const res = await h.app.inject({
          method: 'POST',
          url: `/api/v1/contract_signers/${signerOf('student')}/qr_token`,
          headers: student,
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data.attributes as { token: string; expires_at: string };
      };
      const first = await qr();
      const minutes = (Date.parse(first.expires_at) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(9);
      expect(minutes).toBeLessThanOrEqual(10);
      // Expired (its time moved back as the owner): refused.
      await sql`update placements.external_links set expires_at = now() - interval '1 second'
        where token_hash = ${createHash('sha256').update(first.token).digest('hex')}`.execute(h.owner);
      const expired = await view(signerOf('student'), link(first.token));
      expect(expired.statusCode).toBe(410);
      expect(code(expired)).toBe('link_expired');
      // A QR token cannot make further QR codes.
      const second = await qr();
      const chained = await h.app.inject({
        method: 'POST',
        url: `/api/v1/contract_signers/${signerOf('student')}/qr_token`,
        headers: link(second.token),
      });
      expect(chained.statusCode).toBe(403);
      // The phone opens it and signs (no session).
      expect((await view(signerOf('student'), link(second.token))).json().data.attributes.turn).toBe(
        'your_turn',
      );
      const signed = await sign(signerOf('student'), link(second.token));
      expect(signed.statusCode, signed.body).toBe(200);
      expect((await sign(signerOf('student'), link(second.token))).statusCode).toBe(410);
      // The desktop, following the signer, sees it signed.
      expect((await view(signerOf('student'), student)).json().data.attributes.turn).toBe('signed');
    },
  );

  it(
    "the student enters the parent's address, the parent signs by the mailed link, the school invites its representative, and the contract is signed",
    { timeout: 180_000 },
    async () => {
      // Not the student's to set for the school representative.
      expect((await putAddress(signerOf('school_representative'), student, 'x@example.com')).statusCode).toBe(
        409,
      );
      // A mistyped address first: its link is mailed, then revoked when the student corrects the address.
      expect((await putAddress(signerOf('parent_guardian'), student, 'oduer@example.com')).statusCode).toBe(
        204,
      );
      const mistyped = await mailedToken(signerOf('parent_guardian'));
      expect((await putAddress(signerOf('parent_guardian'), student, 'ouder@example.com')).statusCode).toBe(
        204,
      );
      let parent = mistyped;
      await eventually(async () => {
        parent = await mailedToken(signerOf('parent_guardian'));
        expect(parent).not.toBe(mistyped);
      }, 60_000);
      const old = await view(signerOf('parent_guardian'), link(mistyped));
      expect(old.statusCode).toBe(410);
      expect(code(old)).toBe('link_revoked');
      expect((await sign(signerOf('parent_guardian'), link(mistyped))).statusCode).toBe(410);
      expect((await sign(signerOf('parent_guardian'), link(parent))).statusCode).toBe(200);

      await eventually(
        async () => expect((await runState()).toAct).toEqual([signerOf('school_representative')]),
        30_000,
      );
      expect(
        (await putAddress(signerOf('school_representative'), h.headers, 'rector@example.com')).statusCode,
      ).toBe(204);
      const rep = await mailedToken(signerOf('school_representative'));
      expect((await sign(signerOf('school_representative'), link(rep))).statusCode).toBe(200);

      // Everyone signed: `placements.contract.signed`, then the seal: the PDF rendered and stored by the
      // contract-documents group, its hash on the contract, status sealed.
      await eventually(async () => {
        const c = await sql<{ status: string; seal_state: string | null }>`select status, seal_state
          from placements.contracts where id = ${contractId}`.execute(h.owner);
        expect(c.rows[0]).toEqual({ status: 'sealed', seal_state: 'sealed' });
      }, 120_000);
      const stored = await sql<{
        pdf_hash: string;
        document_sha256: string;
      }>`select d.pdf_hash, c.document_sha256
        from placements.contract_documents d join placements.contracts c on c.id = d.contract_id
        where d.contract_id = ${contractId}`.execute(h.owner);
      expect(stored.rows).toHaveLength(1);
      expect(stored.rows[0]!.document_sha256).toBe(stored.rows[0]!.pdf_hash);
      // The run ends after its seal step.
      const ended = await h.temporal.client.workflow
        .getHandle(contractSigningWorkflowId(contractId))
        .result();
      expect(ended).toMatchObject({ ended: 'sealed', toAct: [] });
      const events = await sql<{ type: string }>`select type from placements.outbox
        where aggregate_id = ${contractId} and type like 'placements.contract.%' order by seq`.execute(
        h.owner,
      );
      const types = events.rows.map((r) => r.type);
      expect(types.filter((t) => t === 'placements.contract.signer_turn')).toHaveLength(3);
      expect(types.filter((t) => t === 'placements.contract.signed_by')).toHaveLength(4);
      expect(types.slice(-2)).toEqual(['placements.contract.signed', 'placements.contract.sealed']);
    },
  );

  it(
    'gives the signers without an account the sealed PDF by a mailed link: for that contract only, never to sign, audited',
    { timeout: 120_000 },
    async () => {
      // Sealed: the parent, the representative and the company (by address) each get a download link.
      const parent = await mailedToken(signerOf('parent_guardian'));
      const stored = await sql<{ action: string; single_use: boolean; expires_at: Date }>`
        select action, single_use, expires_at from placements.external_links
        where token_hash = ${createHash('sha256').update(parent).digest('hex')}`.execute(h.owner);
      expect(stored.rows[0]).toMatchObject({ action: 'download_contract', single_use: false });
      expect((stored.rows[0]!.expires_at.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(29);
      // Its page: signed and sealed, the text readable.
      const page = await view(signerOf('parent_guardian'), link(parent));
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().data.attributes).toMatchObject({ turn: 'signed', contract_status: 'sealed' });
      const download = (id: string, headers: THeaders) =>
        h.app.inject({ method: 'GET', url: `/api/v1/contracts/${id}/document`, headers });
      // The PDF, twice (not single use); each download in the trail with where it came from.
      for (let i = 0; i < 2; i++) {
        const pdf = await download(contractId, {
          ...link(parent),
          'user-agent': 'Mozilla/5.0 (Android) ouder',
        });
        expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
        expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
      // Never to sign with, never another signer's page, never another contract's PDF or another tenant's.
      expect((await sign(signerOf('parent_guardian'), link(parent))).statusCode).toBe(403);
      expect((await view(signerOf('student'), link(parent))).statusCode).toBe(403);
      const other = await sql<{ id: string }>`select id from placements.contracts
        where tenant_id = ${TENANT} and id <> ${contractId} limit 1`.execute(h.owner);
      expect((await download(other.rows[0]!.id, link(parent))).statusCode).toBe(404);
      expect((await download(contractId, link(parent, 'raayland'))).statusCode).toBe(401);
      // Without any credentials: 401.
      expect((await download(contractId, { 'x-tenant': TENANT })).statusCode).toBe(401);
      const trail = await sql<{ action: string; user_agent: string | null; data: { role?: string } }>`
        select action, user_agent, data from placements.contract_audit_trail
        where contract_id = ${contractId} and action in ('download_link_sent', 'document_downloaded')
        order by seq`.execute(h.owner);
      expect(trail.rows.map((r) => `${r.action}:${r.data.role}`)).toEqual([
        'download_link_sent:company',
        'download_link_sent:parent_guardian',
        'download_link_sent:school_representative',
        'document_downloaded:parent_guardian',
        'document_downloaded:parent_guardian',
      ]);
      expect(trail.rows.at(-1)!.user_agent).toBe('Mozilla/5.0 (Android) ouder');
    },
  );

  it(
    'keeps an append-only, hash-chained audit trail: intact, refused to change, and an edited row detected',
    { timeout: 60_000 },
    async () => {
      const trail = async () => {
        const res = await h.app.inject({
          method: 'GET',
          url: `/api/v1/contracts/${contractId}/audit_trail`,
          headers: h.headers,
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.attributes as {
          entries: {
            seq: number;
            action: string;
            ip: string | null;
            user_agent: string | null;
            actor: string;
          }[];
          intact: boolean;
          first_broken_seq: number | null;
        };
      };
      const before = await trail();
      expect(before.intact).toBe(true);
      const actions = before.entries.map((e) => e.action);
      expect(actions[0]).toBe('signing_started');
      expect(actions.filter((a) => a === 'signed_by')).toHaveLength(4);
      expect(actions).toContain('qr_token_issued');
      const signing = actions.filter((a) => !['download_link_sent', 'document_downloaded'].includes(a));
      expect(signing.slice(-2)).toEqual(['signed', 'sealed']);
      expect(actions.filter((a) => a === 'download_link_sent')).toHaveLength(3);
      const byLink = before.entries.find((e) => e.action === 'signed_by')!;
      expect(byLink.actor).toMatch(/^link:/);
      expect(byLink.user_agent).toBe('Mozilla/5.0 (iPhone) test');
      expect(byLink.ip).toBeTruthy();
      // Others may not read it.
      expect(
        (
          await h.app.inject({
            method: 'GET',
            url: `/api/v1/contracts/${contractId}/audit_trail`,
            headers: student,
          })
        ).statusCode,
      ).toBe(403);

      // Even the owner cannot change or delete an entry.
      await expect(
        sql`update placements.contract_audit_trail set actor = 'someone' where contract_id = ${contractId}`.execute(
          h.owner,
        ),
      ).rejects.toThrow(/append-only/);
      await expect(
        sql`delete from placements.contract_audit_trail where contract_id = ${contractId}`.execute(h.owner),
      ).rejects.toThrow(/append-only/);
      // The owner switches the trigger off and edits a row: the chain shows it from that entry on.
      const edited = before.entries.find((e) => e.action === 'signed_by')!.seq;
      await h.owner.transaction().execute(async (trx) => {
        await sql`alter table placements.contract_audit_trail disable trigger contract_audit_trail_append_only`.execute(
          trx,
        );
        await sql`update placements.contract_audit_trail set ip = '203.0.113.9'
          where contract_id = ${contractId} and seq = ${edited}`.execute(trx);
        await sql`alter table placements.contract_audit_trail enable trigger contract_audit_trail_append_only`.execute(
          trx,
        );
      });
      const after = await trail();
      expect(after.intact).toBe(false);
      expect(after.first_broken_seq).toBe(edited);
    },
  );
});
