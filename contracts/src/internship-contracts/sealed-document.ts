import { z } from 'zod';
import { ZRichTextDocument } from '../content/content.ts';

/**
 * The sealed contract PDF's input (issue #34 item 5): everything the contract pages and the certificate
 * page show, frozen by whoever seals (the signing workflow's activity reads the contract and builds it).
 * Placements' contract-documents group renders it (`renderSealedContract`), stores the PDF and records
 * its hashes (`storeSealedContract`); docs/decisions/contract-documents.md.
 */

/** A signature as the signature pad exports it: a PNG data URL (base64), at most ~700 kB. */
export const ZSignaturePng = z
  .string()
  .max(1_000_000)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'a PNG data URL');

const ZMoment = z.iso.datetime({ offset: true });

export const ZSealedSigner = z.object({
  /** The signer's role (the contract's signer roles: student, parent_guardian, company, …). */
  role: z.string().min(1).max(40),
  /** The user who signed, when they have an account (a parent signing by link may not): may download. */
  userId: z.uuid().nullable(),
  name: z.string().min(1).max(200),
  signature: ZSignaturePng,
  signedAt: ZMoment,
  /** The client address the signature came from, as the server saw it. */
  ipAddress: z.string().min(1).max(64),
  /** The browser's user agent (the device), as the server saw it. */
  userAgent: z.string().max(1000),
});
export type TSealedSigner = z.infer<typeof ZSealedSigner>;

/** A party the contract binds (shown above the text): the school, the organization, the student… */
export const ZSealedParty = z.object({
  role: z.string().min(1).max(40),
  name: z.string().min(1).max(200),
  /** Address, representative or other lines the template names, already in the contract's language. */
  details: z.array(z.string().max(300)).max(10).default([]),
});
export type TSealedParty = z.infer<typeof ZSealedParty>;

export const ZSealedContractDocument = z.object({
  tenantId: z.string().regex(/^[a-z0-9-]+$/),
  contractId: z.uuid(),
  /** The school whose contract it is (its admins may download; its name is the verification page's answer). */
  schoolId: z.uuid(),
  /** The school's public name, as the verification page may tell it. */
  schoolName: z.string().min(1).max(200),
  title: z.string().min(1).max(300),
  language: z.enum(['nl', 'en']),
  /** The contract's text with its variables filled in, as the template's rich text (sanitized on render). */
  body: ZRichTextDocument,
  parties: z.array(ZSealedParty).max(10),
  signers: z.array(ZSealedSigner).min(1).max(10),
  /** When the last signature made it complete: the seal's moment (also the PDF's creation date). */
  sealedAt: ZMoment,
  /**
   * The tenant's public verification page (`CONTRACT_VERIFICATION_PATH` on its site, without a query):
   * the certificate's QR code opens it with `?hash=` and the content hash (`contractVerificationLink`).
   */
  verificationUrl: z.url(),
});
export type TSealedContractDocument = z.infer<typeof ZSealedContractDocument>;

export { CONTRACT_VERIFICATION_PATH } from '../routes/route-manifest.ts';

/** The verification page's address for one hash: what the certificate's QR code opens. */
export const contractVerificationLink = (verificationUrl: string, hash: string): string =>
  `${verificationUrl}?hash=${hash}`;

/** JSON with object keys sorted at every level: one text for one value, whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The canonical content of the contract pages: the contract, its title, language, parties and text, as
 * canonical JSON (UTF-8). The certificate prints its SHA-256 (`content_hash`); the same contract gives
 * the same hash however the PDF is laid out, and a changed word gives another.
 */
export function canonicalContractContent(doc: TSealedContractDocument): string {
  return canonicalJson({
    contract_id: doc.contractId,
    tenant_id: doc.tenantId,
    title: doc.title,
    language: doc.language,
    parties: doc.parties,
    body: doc.body,
  });
}

/** A SHA-256 as the verification page takes it: 64 lowercase hex digits. */
export const ZSha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in hex');

/**
 * `GET /api/v1/contract_verifications?hash=…`: whether a hash (of a sealed PDF's bytes, or the content
 * hash its certificate prints) belongs to a contract sealed here. Nothing personal: the school's public
 * name and the moment only.
 */
export const ZContractVerificationQuery = z.object({
  hash: z.string().trim().toLowerCase().pipe(ZSha256Hex),
});
export const ZContractVerificationAttributes = z.object({
  sealed: z.boolean(),
  sealed_at: z.string().nullable(),
  school_name: z.string().nullable(),
  /** Which hash matched: the PDF's bytes, the contract pages' content, or none. */
  matched: z.enum(['document', 'content']).nullable(),
});
export type TContractVerificationAttributes = z.infer<typeof ZContractVerificationAttributes>;
export const ZContractVerificationResource = z.object({
  type: z.literal('contract_verifications'),
  id: ZSha256Hex,
  attributes: ZContractVerificationAttributes,
});
export const ZContractVerificationDocument = z.object({ data: ZContractVerificationResource });
export type TContractVerificationDocument = z.infer<typeof ZContractVerificationDocument>;
