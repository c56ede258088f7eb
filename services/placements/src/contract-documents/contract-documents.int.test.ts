import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ZContractVerificationDocument } from '@stageplein/contracts/internship-contracts/sealed-document';
import {
  adminOf,
  call,
  expectStatus,
  harness,
  userWith,
  type THarness,
  type TUser,
} from '../../test/harness.ts';
import { createContractDocumentActivities } from './contract-documents.activities.ts';
import { sampleSealedContract } from './render/sample-contract.ts';
import { rendererFor } from './render/sealed-contract-renderer.ts';

/**
 * Sealing through the activity (render processes, placements' object store, the hashes' row) and the public
 * verification, against a seeded database. Who may download the PDF: internship-contracts'
 * signing/sealed-contracts.int.test.ts (the rule needs a contract).
 */
let h: THarness;
let schoolAdmin: TUser & { organizationId: string };
let student: TUser;
let doc: ReturnType<typeof sampleSealedContract>;
let seal: ReturnType<typeof createContractDocumentActivities>['sealContractDocument'];

beforeAll(async () => {
  h = await harness();
  schoolAdmin = await adminOf(h, 'School');
  student = await userWith(h, 'student', schoolAdmin.organizationId, 'School');
  const base = sampleSealedContract();
  doc = sampleSealedContract({
    contractId: crypto.randomUUID(),
    schoolId: schoolAdmin.organizationId,
    signers: base.signers.map((s) => (s.role === 'student' ? { ...s, userId: student.id } : s)),
  });
  seal = createContractDocumentActivities({ db: h.deps.db, config: h.deps.config }).sealContractDocument;
});
afterAll(async () => {
  await rendererFor(h?.deps.config)?.close();
  await h?.close();
});

const verify = (hash: string, tenant = 'demo', lang = 'nl') =>
  call(h.app, {
    method: 'GET',
    url: `/api/v1/contract_verifications?hash=${hash}`,
    headers: { 'x-tenant': tenant, 'accept-language': lang },
  });

describe('sealing a contract', () => {
  it('renders in a render process, stores the PDF and records its hashes; a retry returns the first record', async () => {
    const first = await seal(doc);
    expect(first).toMatchObject({ contractId: doc.contractId, created: true, sealedAt: doc.sealedAt });
    const again = await seal(doc);
    expect(again).toEqual({ ...first, created: false });
    const rows = await sql<{ pdf_hash: string; storage: string; party_user_ids: string[] }>`
      select pdf_hash, storage, party_user_ids from placements.contract_documents
      where contract_id = ${doc.contractId}`.execute(h.owner);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]).toMatchObject({ pdf_hash: first.pdfHash, storage: 'postgres' });
    // The signers with an account, not the parent who signed by link.
    expect(rows.rows[0]!.party_user_ids.sort()).toEqual(
      doc.signers.flatMap((s) => (s.userId ? [s.userId] : [])).sort(),
    );
    const blob = await sql<{ bytes: Buffer }>`select bytes from placements.file_blobs
      where tenant_id = 'demo' and hash = ${first.pdfHash}`.execute(h.owner);
    expect(createHash('sha256').update(blob.rows[0]!.bytes).digest('hex')).toBe(first.pdfHash);
    expect(blob.rows[0]!.bytes.length).toBe(first.byteSize);
  });

  it('refuses a document that is not one (the signature is no PNG) before rendering', async () => {
    await expect(
      seal({
        ...doc,
        contractId: crypto.randomUUID(),
        signers: [{ ...doc.signers[0]!, signature: 'data:text/html,<b>' }],
      }),
    ).rejects.toThrow('a PNG data URL');
  });
});

describe('GET /api/v1/contract_verifications (public)', () => {
  it('tells that a sealed PDF’s hash or its content hash was sealed here, when and by which school — nothing personal', async () => {
    const record = await seal(doc);
    const byDocument = await verify(record.pdfHash);
    expectStatus(byDocument, 200);
    const body = ZContractVerificationDocument.parse(byDocument.json());
    expect(body.data.attributes).toEqual({
      sealed: true,
      sealed_at: doc.sealedAt,
      school_name: doc.schoolName,
      matched: 'document',
    });
    for (const signer of doc.signers) {
      expect(byDocument.body).not.toContain(signer.name);
      expect(byDocument.body).not.toContain(signer.ipAddress);
    }
    expect(byDocument.body).not.toContain(doc.title);
    expect(byDocument.headers['cache-control']).toBe('no-store');
    const byContent = await verify(record.contentHash.toUpperCase());
    expect(byContent.json().data.attributes).toMatchObject({ sealed: true, matched: 'content' });
  });

  it('says no for an unknown hash and for another tenant’s contract', async () => {
    const record = await seal(doc);
    const unknown = await verify(createHash('sha256').update('not a contract').digest('hex'));
    expectStatus(unknown, 200);
    expect(unknown.json().data.attributes).toEqual({
      sealed: false,
      sealed_at: null,
      school_name: null,
      matched: null,
    });
    const elsewhere = await verify(record.pdfHash, 'raayland');
    expect(elsewhere.json().data.attributes.sealed).toBe(false);
  });

  it('refuses what is no SHA-256 with a localized error', async () => {
    const nl = await verify('abc');
    expect(nl.statusCode).toBeGreaterThanOrEqual(400);
    expect(nl.statusCode).toBeLessThan(500);
    expect(nl.json().errors[0].source).toEqual({ parameter: 'hash' });
    const en = await verify('abc', 'demo', 'en');
    expect(en.json().errors[0].detail).not.toBe(nl.json().errors[0].detail);
  });
});
