import type { TContractDetail } from './contracts-api.ts';

/**
 * RESERVED FOR THE SIGNING PART (issue #34 items 3-4): the signing actions (sign, resend to a signer,
 * the QR code) and the audit-trail display of `/contracts/:id` go here; the read view renders this
 * section below the signers. Until then it shows nothing.
 */
export function ContractSigningSection(_props: { contract: TContractDetail; onChanged: () => void }) {
  return null;
}
