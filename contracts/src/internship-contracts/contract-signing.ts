import { z } from 'zod';
import { zDocumentOf, zRequestBodyOf, zResourceOf } from '../jsonapi/jsonapi.ts';
import {
  SIGNER_ROLES,
  SIGNER_STATES,
  CONTRACT_STATUSES,
  type TContractStatus,
  type TSignerRole,
  type TSignerState,
} from './contract-rules.ts';

/**
 * Signing internship contracts (issue #34 items 3-4, docs/decisions/internship-contracts.md "Signing"):
 * the signing workflow's timing, the signer links' actions and the wire schemas of
 * `/api/v1/contract_signers/{id}` (read, sign, QR token, the parent's address) and
 * `/api/v1/contracts/{id}/audit_trail`.
 */

/** When a signer whose turn it is gets reminded: 5 days after their turn came, then every 2, at most 5. */
export const SIGNING_REMINDERS = { firstAfterDays: 5, everyDays: 2, max: 5 } as const;
/** A contract not signed by everyone this many days after it went out for signing is voided (`expired`). */
export const SIGNING_EXPIRY_DAYS = 30;
/** A QR code's one-time token works this long. */
export const QR_TOKEN_MINUTES = 10;
/** The void reason the workflow records when the signing period ends. */
export const SIGNING_EXPIRED_REASON = 'expired';
/**
 * Sealing: the seal activity's attempts (10 s, doubling to 10 min: about 20 minutes) before the contract
 * shows `seal_state` `failed`; then the run waits for an admin's retry, or tries again this long after.
 */
export const SEALING = { attempts: 8, retryAfter: '1 day' } as const;

/** External-link actions (kit's external links; subject `{ type: 'contract_signer', id }`). */
export const SIGN_LINK_ACTION = 'sign_contract';
export const SIGN_QR_ACTION = 'sign_contract_qr';
export const SIGNER_LINK_SUBJECT = 'contract_signer';
/**
 * A signer without an account (the parent or guardian, a school representative or company by address) gets
 * this link by mail once the contract is sealed: it opens their signing page, which then offers the sealed
 * PDF (`GET /contracts/{id}/document` with the link). Not single use; works this many days; each download
 * is a `document_downloaded` trail entry.
 */
export const CONTRACT_DOWNLOAD_ACTION = 'download_contract';
export const CONTRACT_DOWNLOAD_LINK_DAYS = 30;
/** The actions a link may carry to read a signer's page (sign, a QR code's token, the sealed PDF's). */
export const SIGNER_PAGE_ACTIONS = [SIGN_LINK_ACTION, SIGN_QR_ACTION, CONTRACT_DOWNLOAD_ACTION] as const;

const DAY_MS = 86_400_000;

/** The moments (ms since epoch) a signer whose turn came at `turnAt` is reminded, in order. */
export function signerReminderMoments(turnAt: number): number[] {
  const r = SIGNING_REMINDERS;
  return Array.from({ length: r.max }, (_, i) => turnAt + (r.firstAfterDays + i * r.everyDays) * DAY_MS);
}

/** When signing that started at `startedAt` (ms) expires. */
export const signingExpiresAt = (startedAt: number): number => startedAt + SIGNING_EXPIRY_DAYS * DAY_MS;

/**
 * Where a signer stands, as their page shows it: `your_turn` (the signing screen; the workflow opened the
 * turn), `waiting` (a signer of an earlier order group has not signed: `waiting_for` says who; empty while
 * the contract is a draft, or while the signer's own turn is being opened), `signed`, `closed` (voided,
 * expired, or finished without this signer).
 */
export const SIGNER_TURNS = ['your_turn', 'waiting', 'signed', 'closed'] as const;
export type TSignerTurn = (typeof SIGNER_TURNS)[number];

/** A signature as the pad draws it: a PNG data URL, at most 200 kB. */
export const SIGNATURE_MAX_CHARS = 200_000;
export const ZSignatureImage = z
  .string()
  .max(SIGNATURE_MAX_CHARS)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);

export const ZContractSignerViewAttributes = z.object({
  contract_id: z.uuid(),
  contract_status: z.enum(CONTRACT_STATUSES),
  role: z.enum(SIGNER_ROLES),
  name: z.string().nullable(),
  state: z.enum(SIGNER_STATES),
  signed_at: z.iso.datetime({ offset: true }).nullable(),
  turn: z.enum(SIGNER_TURNS),
  /** Who must sign before this signer (their role and name). */
  waiting_for: z.array(z.object({ role: z.enum(SIGNER_ROLES), name: z.string().nullable() })),
  /** Why a voided contract was voided (`expired` when the signing period ended). */
  void_reason: z.string().nullable(),
  /** The frozen text (sanitized HTML), only when it is the signer's turn or they signed. */
  html_nl: z.string().nullable(),
  html_en: z.string().nullable(),
  internship_title: z.string().nullable(),
  organization_name: z.string().nullable(),
  /** The parent or guardian signer's id and whether their address is known (the student enters it). */
  parent: z
    .object({ signer_id: z.uuid(), email_known: z.boolean(), state: z.enum(SIGNER_STATES) })
    .nullable(),
});
export const ZContractSignerViewResource = zResourceOf('contract_signer', ZContractSignerViewAttributes);
export const ZContractSignerViewDocument = zDocumentOf(ZContractSignerViewResource);
export type TContractSignerView = z.infer<typeof ZContractSignerViewAttributes>;

export const ZContractSignBody = zRequestBodyOf(
  'contract_signature',
  z.object({ signature: ZSignatureImage, agree: z.literal(true) }).strict(),
);

export const ZContractQrTokenDocument = zDocumentOf(
  zResourceOf(
    'contract_qr_token',
    z.object({ token: z.string(), expires_at: z.iso.datetime({ offset: true }), signer_id: z.uuid() }),
  ),
);

export const ZContractSignerEmailBody = zRequestBodyOf(
  'contract_signer',
  z.object({ email: z.email().max(254), name: z.string().trim().min(1).max(200) }).strict(),
);

export const AUDIT_TRAIL_ACTIONS = [
  'signing_started',
  'turn',
  'link_sent',
  'reminded',
  'viewed',
  'signed_by',
  'signer_email_set',
  'qr_token_issued',
  'signed',
  'sealing_pending',
  'seal_failed',
  'seal_retry_requested',
  'sealed',
  'download_link_sent',
  'document_downloaded',
  'voided',
  'expired',
] as const;
export type TAuditTrailAction = (typeof AUDIT_TRAIL_ACTIONS)[number];

export const ZContractAuditEntry = z.object({
  seq: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  actor: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  action: z.enum(AUDIT_TRAIL_ACTIONS),
  data: z.record(z.string(), z.unknown()),
  prev_hash: z.string(),
  hash: z.string(),
});
export const ZContractAuditTrailDocument = zDocumentOf(
  zResourceOf(
    'contract_audit_trail',
    z.object({
      entries: z.array(ZContractAuditEntry),
      /** Whether every entry's hash matches its content and the previous hash (null: none broken). */
      intact: z.boolean(),
      first_broken_seq: z.number().int().nullable(),
    }),
  ),
);

/**
 * Who may act as a signer while signed in (no link): the user the signer is; for the company, also the
 * internship's contact person and an admin of the internship's organization acting for it (approved).
 */
export function maySignAs(
  viewer: {
    userId: string | null;
    permissions: { isAdmin: boolean };
    current: { id: string; status: string } | null | undefined;
  },
  signer: { role: (typeof SIGNER_ROLES)[number]; userId: string | null },
  contract: { organizationId: string | null; contactPersonId: string | null },
): boolean {
  if (!viewer.userId) return false;
  if (signer.userId !== null && signer.userId === viewer.userId) return true;
  if (signer.role !== 'company') return false;
  if (contract.contactPersonId !== null && contract.contactPersonId === viewer.userId) return true;
  return (
    viewer.permissions.isAdmin &&
    contract.organizationId !== null &&
    viewer.current?.id === contract.organizationId &&
    viewer.current.status === 'approved'
  );
}

/**
 * Who gives a signer without an account their address (`PUT /contract_signers/{id}/email`, and the
 * contract's `meta.set_address`): the contract's student for the parent or guardian; an admin of the
 * contract's School (contracts' `mayManageContracts`) for the school representative, and for the company
 * when the internship names no contact (no account to mail). Only while that signer has not signed and
 * the contract is not final or signed.
 */
export function maySetSignerAddress(
  viewer: { isStudent: boolean; isManager: boolean },
  signer: { role: TSignerRole; state: TSignerState; userId: string | null },
  status: TContractStatus,
): boolean {
  if (signer.state !== 'pending' || !['draft', 'company_fields', 'signing'].includes(status)) return false;
  if (signer.role === 'parent_guardian') return viewer.isStudent;
  if (signer.role === 'school_representative') return viewer.isManager;
  return signer.role === 'company' && viewer.isManager && signer.userId === null;
}

/**
 * The sealed PDF by a link (the signer without an account): a download link (`CONTRACT_DOWNLOAD_ACTION`) of
 * a signer of this very contract, once it is sealed. Any other link (a signing link, a QR token, another
 * contract's signer): no.
 */
export function mayDownloadByLink(
  link: { action: string; subject: { type: string; id: string } },
  signer: { id: string; contractId: string } | null,
  contract: { id: string; status: TContractStatus },
): boolean {
  return (
    link.action === CONTRACT_DOWNLOAD_ACTION &&
    link.subject.type === SIGNER_LINK_SUBJECT &&
    signer !== null &&
    link.subject.id === signer.id &&
    signer.contractId === contract.id &&
    contract.status === 'sealed'
  );
}
