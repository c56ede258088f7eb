import { z } from 'zod';
import { CONTRACT_STATUSES, SIGNER_ROLES } from '../internship-contracts/contract-rules.ts';

/**
 * Internship contracts (docs/decisions/internship-contracts.md). A template's events have the template as
 * subject; a contract's the contract, so one contract's events stay in order (the signing workflow reads
 * them in that order).
 */
const ZTemplate = z.object({ template_id: z.uuid(), school_id: z.uuid() });
const ZContractRef = z.object({
  contract_id: z.uuid(),
  internship_id: z.uuid(),
  school_id: z.uuid(),
  organization_id: z.uuid().nullable(),
  student_id: z.uuid(),
});
const ZSignerRef = z.object({ signer_id: z.uuid(), role: z.enum(SIGNER_ROLES), order: z.number().int() });

export const INTERNSHIP_CONTRACT_EVENT_PAYLOADS = {
  /** A template and its first draft (version 1). */
  'placements.contract_template.created': ZTemplate.extend({ name: z.string(), version_id: z.uuid() }),
  /** A change that is not a publication: `name`, or `draft` (changed, or a new one: `version_id`). */
  'placements.contract_template.updated': ZTemplate.extend({
    changed: z.array(z.enum(['name', 'draft'])),
    version_id: z.uuid().nullable(),
  }),
  /** A version was published (immutable since); new contracts of the school are generated from it. */
  'placements.contract_template.published': ZTemplate.extend({
    version_id: z.uuid(),
    version: z.number().int(),
  }),
  /** A contract was generated for an internship (status `draft`): text, variables and signers frozen. */
  'placements.contract.generated': ZContractRef.extend({
    template_id: z.uuid(),
    template_version_id: z.uuid(),
    /** `manual` (a school admin) or `phase` (the internship's "contract signed" task). */
    source: z.enum(['manual', 'phase']),
    signers: z.array(ZSignerRef),
  }),
  /** A draft's birth date changed (its signers and variables with it). */
  'placements.contract.changed': ZContractRef.extend({ signers: z.array(ZSignerRef) }),
  /** A draft was sent out: to `company_fields` or straight to `signing`. */
  'placements.contract.released': ZContractRef.extend({ status: z.enum(CONTRACT_STATUSES) }),
  /** The organization filled the company fields. */
  'placements.contract.company_fields_filled': ZContractRef.extend({ keys: z.array(z.string()) }),
  /**
   * The contract is out for signing (from `draft` or `company_fields`): the signing workflow starts from
   * this event, with the signers in their order groups.
   */
  'placements.contract.ready_for_signing': ZContractRef.extend({ signers: z.array(ZSignerRef) }),
  /** Voided by a school admin with a reason (final). `from`: the status it left. */
  'placements.contract.voided': ZContractRef.extend({
    from: z.enum(CONTRACT_STATUSES),
    reason: z.string(),
  }),
  /**
   * Signing (the contract-signing workflow): an order group's turn came; each signer's link was mailed
   * (`mailed` false: no address yet, e.g. the parent's until the student enters it).
   */
  'placements.contract.signer_turn': ZContractRef.extend({
    signers: z.array(ZSignerRef.extend({ mailed: z.boolean() })),
  }),
  /** One signer signed (by link, QR or signed in). */
  'placements.contract.signed_by': ZContractRef.extend({ signer: ZSignerRef, signed_at: z.iso.datetime() }),
  /** Every signer signed (status `signed`): the phases' "contract signed" task completes. */
  'placements.contract.signed': ZContractRef.extend({ signed_at: z.iso.datetime() }),
  /**
   * A school admin asked to seal again a signed contract whose seal failed (`seal_state` back to
   * `pending`): the signing workflow gets the retry signal, or starts again to seal when it had ended.
   */
  'placements.contract.seal_requested': ZContractRef,
  /** The sealed PDF is stored (status `sealed`, final). */
  'placements.contract.sealed': ZContractRef.extend({ sha256: z.string(), sealed_at: z.iso.datetime() }),
} as const satisfies Record<string, z.ZodType>;
