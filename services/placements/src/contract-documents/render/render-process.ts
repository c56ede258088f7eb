import { createHash } from 'node:crypto';
import {
  ZSealedContractDocument,
  type TSealedContractDocument,
  type TSealedSigner,
} from '@stageplein/contracts/internship-contracts/sealed-document';
import { renderSealedContractPdf } from './sealed-contract-pdf.ts';

/** What a seal records of its document beside the PDF (the contract's row): no text, no signatures. */
export type TSealedContractFacts = Pick<
  TSealedContractDocument,
  'tenantId' | 'contractId' | 'schoolId' | 'schoolName' | 'title' | 'language' | 'sealedAt'
> & { signers: Pick<TSealedSigner, 'userId'>[] };

/** A render process's answer: the PDF's bytes, both hashes and the checked document's facts. */
export interface TRenderOutput {
  pdf: Uint8Array;
  pdfHash: string;
  contentHash: string;
  document: TSealedContractFacts;
}

/**
 * A render process's task (kit's process pool): one sealed contract checked against
 * ZSealedContractDocument, rendered to PDF and hashed. The check and the hash run here, not in the
 * caller: zod over four signature images and a rich text holds an event loop for about a millisecond
 * per seal, enough to show in the API's p99 (docs/benchmarks.md "Sealing a contract").
 */
export default async function renderInProcess(input: unknown): Promise<TRenderOutput> {
  const doc = ZSealedContractDocument.parse(input);
  const { pdf, contentHash } = await renderSealedContractPdf(doc);
  const { tenantId, contractId, schoolId, schoolName, title, language, sealedAt } = doc;
  return {
    pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength),
    pdfHash: createHash('sha256').update(pdf).digest('hex'),
    contentHash,
    document: {
      tenantId,
      contractId,
      schoolId,
      schoolName,
      title,
      language,
      sealedAt,
      signers: doc.signers.map((s) => ({ userId: s.userId })),
    },
  };
}
