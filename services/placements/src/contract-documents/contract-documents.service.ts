import type { TContractVerificationAttributes } from '@stageplein/contracts/internship-contracts/sealed-document';
import { notFound, unauthorized } from '@stageplein/kit/errors/api-error';
import type { TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import type { TObjectStorages } from '@stageplein/kit/object-storage/object-storage';
import type { TCaller } from '../shared/caller.ts';
import type { TCtx } from '../shared/request.ts';
import {
  findByHash,
  findContractDocument,
  insertContractDocument,
  type TContractDocument,
} from './contract-documents.repository.ts';
import type { TRenderedContract, TSealedContractFacts } from './render/sealed-contract-renderer.ts';

/**
 * A request's context: a GET reads outside a transaction (kit's read database), so what must be written
 * (a download's trail entry) goes through `independently`.
 */
export type TDocumentCtx = TCtx & { independently<T>(fn: (db: TCtx['db']) => Promise<T>): Promise<T> };

/**
 * Who may download a sealed contract's PDF: the contracts group's rule (contracts' `mayDownloadContract`
 * signed in, `mayDownloadByLink` by a signer's download link, which it also records in the contract's
 * trail), handed in by placements.module.ts (this group imports no other group).
 */
export type TContractDocumentAccess = (
  ctx: TDocumentCtx,
  caller: TCaller,
  document: TContractDocument,
  link: TLinkActor | null,
) => boolean | Promise<boolean>;

/**
 * Stores a sealed contract's PDF in placements' object store and records its hashes, in the caller's
 * transaction (tenant set). Idempotent per contract: when the contract is already sealed, the stored
 * row is returned and nothing is written (a retried activity, or a second render whose bytes differ).
 */
export async function storeSealedContract(
  ctx: TCtx,
  storages: Pick<TObjectStorages, 'write'>,
  doc: TSealedContractFacts,
  rendered: TRenderedContract,
): Promise<TContractDocument> {
  if (doc.tenantId !== ctx.tenant.id)
    throw new Error('storeSealedContract: the document is another tenant’s');
  const known = await findContractDocument(ctx.db, ctx.tenant.id, doc.contractId);
  if (known) return known;
  const storage = storages.write;
  await storage.put({ db: ctx.db, tenantId: ctx.tenant.id }, rendered.pdfHash, rendered.pdf);
  const row = await insertContractDocument(ctx.db, {
    tenant_id: ctx.tenant.id,
    contract_id: doc.contractId,
    school_id: doc.schoolId,
    school_name: doc.schoolName,
    title: doc.title,
    language: doc.language,
    pdf_hash: rendered.pdfHash,
    content_hash: rendered.contentHash,
    byte_size: rendered.pdf.length,
    storage: storage.kind,
    party_user_ids: [...new Set(doc.signers.flatMap((s) => (s.userId ? [s.userId] : [])))],
    sealed_at: new Date(doc.sealedAt),
    created_at: ctx.now,
  });
  // A concurrent seal of the same contract committed first: keep its row (our bytes are unreferenced).
  return row ?? (await findContractDocument(ctx.db, ctx.tenant.id, doc.contractId))!;
}

/** The public verification page's answer: sealed here or not, when, by which school. Nothing personal. */
export async function verifyContractHash(ctx: TCtx, hash: string): Promise<TContractVerificationAttributes> {
  const row = await findByHash(ctx.db, ctx.tenant.id, hash);
  if (!row) return { sealed: false, sealed_at: null, school_name: null, matched: null };
  return {
    sealed: true,
    sealed_at: row.sealed_at.toISOString(),
    school_name: row.school_name,
    matched: row.pdf_hash === hash ? 'document' : 'content',
  };
}

/**
 * A sealed contract's PDF for one of its parties (signed in, or by a signer's download link): 401
 * anonymous without a link, 404 unknown, unsealed or not theirs.
 */
export async function contractDocumentFor(
  ctx: TDocumentCtx,
  caller: TCaller,
  link: TLinkActor | null,
  contractId: string,
  storages: Pick<TObjectStorages, 'of'>,
  access: TContractDocumentAccess,
): Promise<{ document: TContractDocument; pdf: Buffer }> {
  if (!caller.userId && !link) throw unauthorized();
  const document = await findContractDocument(ctx.db, ctx.tenant.id, contractId);
  if (!document || !(await access(ctx, caller, document, link))) throw notFound();
  const pdf = await storages
    .of(document.storage)
    .get({ db: ctx.db, tenantId: ctx.tenant.id }, document.pdf_hash);
  if (!pdf)
    throw new Error(`contract ${contractId}: its sealed PDF is missing from the ${document.storage} store`);
  return { document, pdf };
}
