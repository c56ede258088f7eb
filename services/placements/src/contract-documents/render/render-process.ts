import type { TSealedContractDocument } from '@stageplein/contracts/internship-contracts/sealed-document';
import { renderSealedContractPdf } from './sealed-contract-pdf.ts';

/** A render process's task (kit's process pool): one sealed contract to PDF bytes and its content hash. */
export default async function renderInProcess(
  doc: TSealedContractDocument,
): Promise<{ pdf: Uint8Array; contentHash: string }> {
  const { pdf, contentHash } = await renderSealedContractPdf(doc);
  return { pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), contentHash };
}
