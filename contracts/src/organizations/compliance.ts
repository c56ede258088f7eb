import { z } from 'zod';
import type { TPermissions } from '../identity/permissions.ts';
import type { TOrganizationType } from '../identity/roles.ts';
import { zDate } from '../validation/dates.ts';
import { ZResource, zCollectionOf, zDocumentOf, type TQuerySpec } from '../jsonapi/jsonapi.ts';
import { editsContent } from '../content/content-policy.ts';
import { isPlatformOperator, type TCurrentOrganizationFacts } from './moderation.ts';

/**
 * Compliance gating (issue #14 item 6, docs/decisions/compliance.md): organizations that take in
 * students or volunteers keep documents with expiry dates; schools and volunteer centres decide which
 * kinds they require; a required kind that is missing or expired stops the organization publishing.
 */

/** Kinds of document a school can require. VOG: "verklaring omtrent het gedrag" for work with minors. */
export const COMPLIANCE_KINDS = ['vog', 'liability_insurance', 'code_of_conduct'] as const;
export type TComplianceKind = (typeof COMPLIANCE_KINDS)[number];
export const ZComplianceKind = z.enum(COMPLIANCE_KINDS);

/** Who keeps documents (they offer places) and who requires them (they send students and volunteers). */
export const COMPLIANCE_SUBJECT_TYPES: readonly TOrganizationType[] = ['NonProfit', 'Provider'];
export const COMPLIANCE_REQUIRER_TYPES: readonly TOrganizationType[] = ['School', 'VolunteerCenter'];

/** Days before the expiry date when a document counts as "expiring" and its organization is reminded. */
export const COMPLIANCE_REMINDER_DAYS = 30;

/** Per required kind, best first; missing and expired stop publishing. */
export const COMPLIANCE_STATUSES = ['compliant', 'expiring', 'expired', 'missing'] as const;
export type TComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];
export const ZComplianceStatus = z.enum(COMPLIANCE_STATUSES);

export interface TComplianceDocumentFacts {
  id: string;
  kind: TComplianceKind;
  /** YYYY-MM-DD; a document issued in the future does not count yet. */
  issued_on: string;
  /** YYYY-MM-DD, the last day it is valid; null: it does not expire. */
  expires_on: string | null;
}

export const ZComplianceKindState = z.object({
  kind: ZComplianceKind,
  status: ZComplianceStatus,
  /** The document that counts (the valid one that lasts longest), null when missing. */
  document_id: z.string().nullable(),
  expires_on: z.string().nullable(),
});
export type TComplianceKindState = z.infer<typeof ZComplianceKindState>;

export const ZComplianceState = z.object({
  /** The worst status of the required kinds (`compliant` when nothing is required). */
  status: ZComplianceStatus,
  /** False while a required kind is missing or expired: vacancies cannot be published. */
  may_publish: z.boolean(),
  kinds: z.array(ZComplianceKindState),
});
export type TComplianceState = z.infer<typeof ZComplianceState>;

const DAY_MS = 86_400_000;
/** Whole days from `from` to `to` (YYYY-MM-DD, calendar days, no time zone involved). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A kind's document that counts: issued by today, the one valid longest (no expiry beats any date). */
function bestDocument<D extends TComplianceDocumentFacts>(
  documents: readonly D[],
  today: string,
): D | undefined {
  let best: D | undefined;
  for (const d of documents) {
    if (d.issued_on > today) continue;
    if (!best || best.expires_on === null) {
      if (!best) best = d;
      continue;
    }
    if (d.expires_on === null || d.expires_on > best.expires_on) best = d;
  }
  return best;
}

/**
 * The one rule of compliance, used by the server (publishing gate, events, reminders) and the UIs:
 * for each required kind, `missing` without a document that counts, `expired` after its last valid
 * day, `expiring` within `reminderDays` of it, else `compliant`. `today` is YYYY-MM-DD (Dutch date).
 */
export function complianceState(
  required: readonly TComplianceKind[],
  documents: readonly TComplianceDocumentFacts[],
  today: string,
  reminderDays = COMPLIANCE_REMINDER_DAYS,
): TComplianceState {
  const kinds = COMPLIANCE_KINDS.filter((k) => required.includes(k)).map((kind): TComplianceKindState => {
    const doc = bestDocument(
      documents.filter((d) => d.kind === kind),
      today,
    );
    if (!doc) return { kind, status: 'missing', document_id: null, expires_on: null };
    const status: TComplianceStatus =
      doc.expires_on === null
        ? 'compliant'
        : doc.expires_on < today
          ? 'expired'
          : daysBetween(today, doc.expires_on) <= reminderDays
            ? 'expiring'
            : 'compliant';
    return { kind, status, document_id: doc.id, expires_on: doc.expires_on };
  });
  const worst = kinds.reduce(
    (w, k) => Math.max(w, COMPLIANCE_STATUSES.indexOf(k.status)),
    COMPLIANCE_STATUSES.indexOf('compliant'),
  );
  return {
    status: COMPLIANCE_STATUSES[worst]!,
    may_publish: kinds.every((k) => k.status === 'compliant' || k.status === 'expiring'),
    kinds,
  };
}

// ---------------------------------------------------------------------------------------------
// Who may do what (the service's compliance.policy.ts and the admin's buttons)
// ---------------------------------------------------------------------------------------------

export interface TComplianceActor {
  permissions: TPermissions;
  current: TCurrentOrganizationFacts | null | undefined;
}

/** Admin acting for that very organization (any status: a pending one prepares its documents). */
const ownAdmin = ({ permissions, current }: TComplianceActor, organizationId: string) =>
  permissions.isAdmin && current?.id === organizationId;

/** Admins of an approved School or VolunteerCenter: they decide what they require and see who complies. */
export const isComplianceRequirer = ({ permissions, current }: TComplianceActor) =>
  current?.status === 'approved' &&
  ((permissions.isSchoolAdmin && current.type === 'School') || isPlatformOperator(permissions, current));

export const complianceRules = {
  /** An organization's state (per kind: missing, expired, expiring, compliant): its own admins, and the tenant's schools and centres. */
  view: (a: TComplianceActor, organizationId: string) =>
    ownAdmin(a, organizationId) || isComplianceRequirer(a),
  /**
   * Its documents (references, notes: what a school does not need to see whether it complies): its own
   * admins and the tenant's content editors (contracts/content/content-policy.ts `editsContent`).
   */
  viewDocuments: (a: TComplianceActor, organizationId: string) =>
    ownAdmin(a, organizationId) || editsContent(a.permissions, a.current),
  /** Every organization's documents at once: the tenant's content editors. */
  viewAllDocuments: (a: TComplianceActor) => editsContent(a.permissions, a.current),
  /** Add, edit or remove documents: the organization's own admins, for an organization that keeps them. */
  manageDocuments: (a: TComplianceActor, target: { id: string; type: TOrganizationType }) =>
    ownAdmin(a, target.id) && COMPLIANCE_SUBJECT_TYPES.includes(target.type),
  /** A school's or centre's required kinds: its own admins. */
  setRequirements: (a: TComplianceActor, requirerId: string) =>
    isComplianceRequirer(a) && a.current?.id === requirerId,
};

// ---------------------------------------------------------------------------------------------
// Wire schemas
// ---------------------------------------------------------------------------------------------

export const ZComplianceDocumentAttributes = z.object({
  organization_id: z.string(),
  kind: ZComplianceKind,
  /** A reference (certificate or policy number) or where the file is kept; no file storage yet. */
  reference: z.string().nullable(),
  note: z.string().nullable(),
  issued_on: z.string(),
  expires_on: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const ZComplianceDocumentResource = ZResource.extend({
  type: z.literal('compliance_document'),
  attributes: ZComplianceDocumentAttributes,
});
export type TComplianceDocumentResource = z.infer<typeof ZComplianceDocumentResource>;
export const ZComplianceDocumentDocument = zDocumentOf(ZComplianceDocumentResource);
export const ZComplianceDocumentCollection = zCollectionOf(ZComplianceDocumentResource);

const ZOptionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const ZComplianceDocumentInput = z
  .object({
    kind: ZComplianceKind,
    reference: ZOptionalText(200),
    note: ZOptionalText(2000),
    issued_on: zDate(),
    expires_on: zDate().nullable().optional(),
    /** Default and only allowed value: the current organization. */
    organization_id: z.uuid().optional(),
  })
  .strict();
export type TComplianceDocumentInput = z.infer<typeof ZComplianceDocumentInput>;

const ZDocumentType = z.enum(['compliance_document', 'compliance_documents']);
export const ZComplianceDocumentCreateBody = z.object({
  data: z.object({ type: ZDocumentType, attributes: ZComplianceDocumentInput }),
});
export const ZComplianceDocumentUpdateBody = z.object({
  data: z.object({
    type: ZDocumentType,
    id: z.string().optional(),
    attributes: ZComplianceDocumentInput.partial(),
  }),
});

/** GET /api/v1/compliance_documents. */
export const COMPLIANCE_DOCUMENTS_QUERY: TQuerySpec = {
  filters: { organization_id: ['eq'], kind: ['eq', 'in'] },
};

/** A School's or VolunteerCenter's required kinds; the resource id is the requiring organization's. */
export const ZComplianceRequirementResource = ZResource.extend({
  type: z.literal('compliance_requirement'),
  attributes: z.object({ organization_id: z.string(), kinds: z.array(ZComplianceKind) }),
});
export type TComplianceRequirementResource = z.infer<typeof ZComplianceRequirementResource>;
export const ZComplianceRequirementDocument = zDocumentOf(ZComplianceRequirementResource);
export const ZComplianceRequirementCollection = zCollectionOf(ZComplianceRequirementResource);
export const ZComplianceRequirementUpdateBody = z.object({
  data: z.object({
    type: z.enum(['compliance_requirement', 'compliance_requirements']),
    id: z.string().optional(),
    attributes: z.object({ kinds: z.array(ZComplianceKind).max(COMPLIANCE_KINDS.length) }).strict(),
  }),
});

/** `include=compliance` on an organization: its state today, for those who may view it. */
export const ZOrganizationComplianceAttributes = ZComplianceState.extend({
  /** The kinds required of it and by which schools or centres. */
  required_by: z.record(z.string(), z.array(z.string())),
  computed_on: z.string(),
});
export type TOrganizationComplianceAttributes = z.infer<typeof ZOrganizationComplianceAttributes>;
