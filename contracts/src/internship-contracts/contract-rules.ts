/**
 * Internship contracts (issue #34, docs/decisions/internship-contracts.md): the vocabulary — statuses,
 * signer roles, the typed variable list, company fields — and the rules the placements service and the
 * portal share: which tenants have contracts, who manages templates and contracts, the signer order per
 * tenant switch, variable checking and filling. Pure and zod-free (the wire schemas are in
 * contract-schemas.ts).
 */
import type { TPermissions } from '../identity/permissions.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import type { TTenantFeatures } from '../tenants/tenant.types.ts';
import type { TRichTextDocument, TRichTextNode } from '../content/content.ts';
import type { TInternshipParty } from '../placements/internships.ts';

// ---------------------------------------------------------------------------------------------
// Statuses
// ---------------------------------------------------------------------------------------------

/**
 * A contract's status:
 * - `draft`: generated (text, variables and signers frozen from a published template version); the
 *   school checks it and sends it out (`release`);
 * - `company_fields`: the organization's contact fills the template's company fields (only when the
 *   template has any; the tenant switch `companyFillsContractFields`);
 * - `signing`: out for signing, the signers in their order (the signing workflow runs);
 * - `signed`: every signer signed; `sealed`: the sealed PDF is stored (final);
 * - `voided`: withdrawn by a school admin with a reason (final), from any status but `sealed`.
 */
export const CONTRACT_STATUSES = [
  'draft',
  'company_fields',
  'signing',
  'signed',
  'sealed',
  'voided',
] as const;
export type TContractStatus = (typeof CONTRACT_STATUSES)[number];

/** The statuses a contract may move to from each (voiding included). */
export const CONTRACT_TRANSITIONS: Readonly<Record<TContractStatus, readonly TContractStatus[]>> = {
  draft: ['company_fields', 'signing', 'voided'],
  company_fields: ['signing', 'voided'],
  signing: ['signed', 'voided'],
  signed: ['sealed', 'voided'],
  sealed: [],
  voided: [],
};

export const mayMoveContract = (from: TContractStatus, to: TContractStatus): boolean =>
  CONTRACT_TRANSITIONS[from].includes(to);

/**
 * Whether a contract counts as signed by everyone (the phases' "contract signed" task): `signed`, or
 * `sealed` after it.
 */
export const isSignedContractStatus = (s: TContractStatus): boolean => s === 'signed' || s === 'sealed';

/** Statuses that end a contract: a new one may be generated for the internship after `voided` only. */
export const isFinalContractStatus = (s: TContractStatus): boolean => s === 'sealed' || s === 'voided';

/** The status a released draft moves to: the company fields first when the template has any. */
export const releasedStatus = (companyFieldCount: number): TContractStatus =>
  companyFieldCount > 0 ? 'company_fields' : 'signing';

// ---------------------------------------------------------------------------------------------
// Signers
// ---------------------------------------------------------------------------------------------

/**
 * Who signs: the student; their parent or guardian (only when the student is under 18 on the start
 * date); the organization (its contact person); a school representative (only where the tenant's
 * `schoolRepresentativesInvitable` is on); the mentor.
 */
export const SIGNER_ROLES = [
  'student',
  'parent_guardian',
  'company',
  'school_representative',
  'mentor',
] as const;
export type TSignerRole = (typeof SIGNER_ROLES)[number];

/** A signer's state: waiting for their signature, or signed (the signing part adds the signature). */
export const SIGNER_STATES = ['pending', 'signed'] as const;
export type TSignerState = (typeof SIGNER_STATES)[number];

/** A template's signer: a role and its order (1 first; equal order signs in parallel). */
export interface TTemplateSigner {
  role: TSignerRole;
  order: number;
}

export const CONTRACT_LIMITS = {
  templateName: 200,
  /** Characters of one language's body (its text, variables included). */
  bodyText: 50_000,
  companyFields: 20,
  fieldLabel: 200,
  fieldValue: 2000,
  signerOrder: 10,
  voidReason: 1000,
} as const;

/** The tenant's switches a template is checked against (spec §1). */
export type TContractSwitches = Pick<
  TTenantFeatures,
  'traineeship' | 'companySignsFirst' | 'schoolRepresentativesInvitable' | 'companyFillsContractFields'
>;

/** Spec §1: contracts exist only on traineeship tenants (contract type `contract`); hours tenants have none. */
export const contractsAvailable = (features: Pick<TTenantFeatures, 'traineeship'>): boolean =>
  features.traineeship;

/** Whether a role may sign on a tenant with these switches. */
export const signerRoleAvailable = (role: TSignerRole, switches: TContractSwitches): boolean =>
  role !== 'school_representative' || switches.schoolRepresentativesInvitable;

/** The signer roles a template may name on this tenant. */
export const availableSignerRoles = (switches: TContractSwitches): TSignerRole[] =>
  SIGNER_ROLES.filter((r) => signerRoleAvailable(r, switches));

/** A sensible default order for a new template: company first where the tenant says so. */
export function defaultSigners(switches: TContractSwitches): TTemplateSigner[] {
  const first = switches.companySignsFirst;
  const rows: TTemplateSigner[] = [
    { role: 'company', order: first ? 1 : 2 },
    { role: 'student', order: first ? 2 : 1 },
    { role: 'parent_guardian', order: first ? 2 : 1 },
  ];
  if (switches.schoolRepresentativesInvitable) rows.push({ role: 'school_representative', order: 3 });
  return rows.sort((a, b) => a.order - b.order);
}

/**
 * The signers of a contract from its template's: the parent or guardian only for a minor. Sorted by
 * order (stable: the template's order within a group).
 */
export function contractSigners(signers: readonly TTemplateSigner[], minor: boolean): TTemplateSigner[] {
  return signers
    .filter((s) => s.role !== 'parent_guardian' || minor)
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.order - b.s.order || a.i - b.i)
    .map(({ s }) => s);
}

/** Whether someone born on `birthDate` is under 18 on `onDate` (both `YYYY-MM-DD`). */
export function isMinorOn(birthDate: string, onDate: string): boolean {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = onDate.split('-').map(Number) as [number, number, number];
  const age = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return age < 18;
}

/**
 * Whose turn it is: the pending signers of the lowest order that still has a pending signer (equal
 * order: all of them at once). Empty when everyone signed.
 */
export function signersToAct<T extends { order: number; state: TSignerState }>(signers: readonly T[]): T[] {
  const pending = signers.filter((s) => s.state === 'pending');
  if (pending.length === 0) return [];
  const order = Math.min(...pending.map((s) => s.order));
  return pending.filter((s) => s.order === order);
}

/** Who must act next on a contract, as a role list (`school` for a draft, `company` for its fields). */
export type TContractActor = TSignerRole | 'school';
export function contractNextActors(
  status: TContractStatus,
  signers: readonly { role: TSignerRole; order: number; state: TSignerState }[],
): TContractActor[] {
  switch (status) {
    case 'draft':
      return ['school'];
    case 'company_fields':
      return ['company'];
    case 'signing':
      return signersToAct(signers).map((s) => s.role);
    default:
      return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Company fields
// ---------------------------------------------------------------------------------------------

export const COMPANY_FIELD_KINDS = ['text', 'date', 'number'] as const;
export type TCompanyFieldKind = (typeof COMPANY_FIELD_KINDS)[number];

/** A field the organization fills in before signing; `key` names it as `{{company.<key>}}` in the body. */
export interface TCompanyField {
  key: string;
  label: { nl: string; en: string };
  kind: TCompanyFieldKind;
  required: boolean;
}

export const COMPANY_FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;

/** Whether a value fits its field (`''`: not given). */
export function companyValueValid(field: Pick<TCompanyField, 'kind' | 'required'>, value: string): boolean {
  const v = value.trim();
  if (v === '') return !field.required;
  if (v.length > CONTRACT_LIMITS.fieldValue) return false;
  if (field.kind === 'number') return /^-?\d+([.,]\d+)?$/.test(v);
  if (field.kind === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));
  return true;
}

// ---------------------------------------------------------------------------------------------
// Variables
// ---------------------------------------------------------------------------------------------

/** The kind of a variable's value (how it is shown). */
export type TVariableKind = 'text' | 'date' | 'number';

/**
 * The typed variable list: what a template may write as `{{name}}`. `company.<key>` names a company
 * field of the same template in addition.
 */
export const CONTRACT_VARIABLES = {
  'student.name': 'text',
  'student.first_name': 'text',
  'student.last_name': 'text',
  'student.email': 'text',
  'student.birth_date': 'date',
  'organization.name': 'text',
  'organization.address': 'text',
  'internship.title': 'text',
  'internship.start_date': 'date',
  'internship.end_date': 'date',
  'internship.hours': 'number',
  'supervisor.name': 'text',
  'supervisor.email': 'text',
  'contact.name': 'text',
  'contact.email': 'text',
  'school.name': 'text',
  'mentor.name': 'text',
  'contract.date': 'date',
} as const satisfies Record<string, TVariableKind>;
export type TContractVariable = keyof typeof CONTRACT_VARIABLES;
export const CONTRACT_VARIABLE_NAMES = Object.keys(CONTRACT_VARIABLES) as TContractVariable[];

/** The values of a contract's variables (null: unknown, shown as a blank line). */
export type TContractVariables = Partial<Record<string, string | null>>;

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The variable names a text uses, in order of appearance. */
export function variablesIn(text: string): string[] {
  return [...text.matchAll(VARIABLE)].map((m) => m[1] ?? '');
}

/** Whether `name` is a variable of the list or one of the template's company fields. */
export function isKnownVariable(name: string, companyFieldKeys: readonly string[] = []): boolean {
  if (name in CONTRACT_VARIABLES) return true;
  return name.startsWith('company.') && companyFieldKeys.includes(name.slice('company.'.length));
}

/** Every text node of a rich-text document with its JSON pointer (under the document). */
function textNodes(doc: TRichTextDocument): { text: string; pointer: string }[] {
  const out: { text: string; pointer: string }[] = [];
  const walk = (nodes: readonly TRichTextNode[] | undefined, at: string) =>
    (nodes ?? []).forEach((n, i) => {
      const here = `${at}/content/${i}`;
      if (typeof n.text === 'string') out.push({ text: n.text, pointer: `${here}/text` });
      walk(n.content, here);
    });
  walk(doc.content, '');
  return out;
}

/** The document's plain text (its text nodes joined; what a length limit counts). */
export const documentText = (doc: TRichTextDocument): string =>
  textNodes(doc)
    .map((t) => t.text)
    .join('');

export interface TVariableIssue {
  /** The unknown name as written between the braces. */
  variable: string;
  /** JSON pointer of the text node under the body, e.g. `/content/0/content/1/text`. */
  pointer: string;
}

/**
 * The unknown variables of a body: every `{{name}}` that is neither in the typed list nor a company field
 * of the template. A variable split across two text nodes (a mark inside the braces) is not a variable.
 */
export function unknownVariables(
  doc: TRichTextDocument,
  companyFieldKeys: readonly string[] = [],
): TVariableIssue[] {
  return textNodes(doc).flatMap(({ text, pointer }) =>
    variablesIn(text)
      .filter((name) => !isKnownVariable(name, companyFieldKeys))
      .map((variable) => ({ variable, pointer })),
  );
}

/** A value as shown in the text: dates as `DD-MM-YYYY` (nl) or `YYYY-MM-DD` (en), unknown as dots. */
export function formatVariable(
  kind: TVariableKind,
  value: string | null | undefined,
  lang: 'nl' | 'en',
): string {
  if (value === null || value === undefined || value === '') return '…………';
  if (kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value) && lang === 'nl')
    return value.split('-').reverse().join('-');
  return value;
}

const kindOf = (name: string, fields: readonly TCompanyField[]): TVariableKind =>
  (CONTRACT_VARIABLES as Record<string, TVariableKind>)[name] ??
  fields.find((f) => `company.${f.key}` === name)?.kind ??
  'text';

/**
 * The document with every known variable replaced by its value in `lang` (unknown ones stay as written;
 * publishing refuses them). Pure: the server renders the result to sanitized HTML, the preview likewise.
 */
export function fillVariables(
  doc: TRichTextDocument,
  values: TContractVariables,
  lang: 'nl' | 'en',
  fields: readonly TCompanyField[] = [],
): TRichTextDocument {
  const keys = fields.map((f) => f.key);
  const fill = (text: string) =>
    text.replace(VARIABLE, (whole, name: string) =>
      isKnownVariable(name, keys) ? formatVariable(kindOf(name, fields), values[name], lang) : whole,
    );
  const walk = (n: TRichTextNode): TRichTextNode => ({
    ...n,
    ...(typeof n.text === 'string' ? { text: fill(n.text) } : {}),
    ...(n.content ? { content: n.content.map(walk) } : {}),
  });
  return { ...doc, content: (doc.content ?? []).map(walk) };
}

/** A sample internship's values for a template's preview (fixed, so the preview is the same for all). */
export const SAMPLE_VARIABLES: Readonly<Record<TContractVariable, string>> = {
  'student.name': 'Sanne de Vries',
  'student.first_name': 'Sanne',
  'student.last_name': 'de Vries',
  'student.email': 'sanne@example.com',
  'student.birth_date': '2010-05-14',
  'organization.name': 'Bakkerij Het Zoete Brood',
  'organization.address': '1234 AB Voorbeeldstad',
  'internship.title': 'Stage bakkerij',
  'internship.start_date': '2027-02-01',
  'internship.end_date': '2027-06-30',
  'internship.hours': '320',
  'supervisor.name': 'Peter Jansen',
  'supervisor.email': 'peter@example.com',
  'contact.name': 'Peter Jansen',
  'contact.email': 'peter@example.com',
  'school.name': 'Voorbeeldcollege',
  'mentor.name': 'Karin Bos',
  'contract.date': '2027-01-15',
};

// ---------------------------------------------------------------------------------------------
// Template validation
// ---------------------------------------------------------------------------------------------

/** Validation codes: each is a catalogue error code (422) with nl/en texts (`api.<code>`). */
export const CONTRACT_TEMPLATE_CODES = [
  'contract_variable_unknown',
  'contract_signer_role_unavailable',
  'contract_signer_duplicate',
  'contract_signers_missing',
  'contract_company_first',
  'contract_company_fields_unavailable',
  'contract_company_field_duplicate',
  'contract_body_empty',
] as const;
export type TContractTemplateCode = (typeof CONTRACT_TEMPLATE_CODES)[number];

export interface TContractTemplateIssue {
  code: TContractTemplateCode;
  /** JSON pointer into the version's attributes, e.g. `/body_nl/content/0/content/1/text`. */
  pointer: string;
  vars: Record<string, number | string>;
}

/** What a template version holds. */
export interface TContractTemplateContent {
  body_nl: TRichTextDocument;
  body_en: TRichTextDocument;
  company_fields: TCompanyField[];
  signers: TTemplateSigner[];
}

/**
 * The checks made on every save (the variables, the switches) — `publishing` adds what a draft may still
 * lack (a Dutch body, signers). The server answers 422 with these issues and changes nothing; the editor
 * shows the same before sending.
 */
export function validateContractTemplate(
  t: TContractTemplateContent,
  switches: TContractSwitches,
  publishing = false,
): TContractTemplateIssue[] {
  const issues: TContractTemplateIssue[] = [];
  const add = (code: TContractTemplateCode, pointer: string, vars: TContractTemplateIssue['vars'] = {}) =>
    issues.push({ code, pointer, vars });

  if (t.company_fields.length > 0 && !switches.companyFillsContractFields)
    add('contract_company_fields_unavailable', '/company_fields');
  const keys = new Set<string>();
  t.company_fields.forEach((f, i) => {
    if (keys.has(f.key)) add('contract_company_field_duplicate', `/company_fields/${i}/key`, { key: f.key });
    keys.add(f.key);
  });
  const fieldKeys = switches.companyFillsContractFields ? [...keys] : [];
  for (const lang of ['nl', 'en'] as const)
    for (const issue of unknownVariables(t[`body_${lang}`], fieldKeys))
      add('contract_variable_unknown', `/body_${lang}${issue.pointer}`, { variable: issue.variable });

  const roles = new Set<TSignerRole>();
  t.signers.forEach((s, i) => {
    if (!signerRoleAvailable(s.role, switches))
      add('contract_signer_role_unavailable', `/signers/${i}/role`, { role: s.role });
    if (roles.has(s.role)) add('contract_signer_duplicate', `/signers/${i}/role`, { role: s.role });
    roles.add(s.role);
  });
  if (switches.companySignsFirst) {
    const company = t.signers.find((s) => s.role === 'company');
    const i = t.signers.findIndex((s) => s.role === 'company');
    // The company alone first: nobody else at or before its order.
    if (!company) {
      if (publishing || t.signers.length > 0) add('contract_company_first', '/signers');
    } else if (t.signers.some((s) => s.role !== 'company' && s.order <= company.order))
      add('contract_company_first', `/signers/${i}/order`);
  }
  if (publishing) {
    if (documentText(t.body_nl).trim() === '') add('contract_body_empty', '/body_nl');
    if (!roles.has('student') || !roles.has('company')) add('contract_signers_missing', '/signers');
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Who may do what
// ---------------------------------------------------------------------------------------------

/**
 * Templates and contracts are managed by the admins of the selected, approved School, for that school
 * only (`schoolId`: the template's or contract's school; omitted: the school selected). Not a role
 * alone: the ownership is part of the rule.
 */
export const mayManageContracts = (
  permissions: Pick<TPermissions, 'isSchoolAdmin'> | undefined,
  current: TCurrentOrganizationFacts | null | undefined,
  features: Pick<TTenantFeatures, 'traineeship'>,
  schoolId?: string,
): boolean =>
  contractsAvailable(features) &&
  !!permissions?.isSchoolAdmin &&
  current?.type === 'School' &&
  current.status === 'approved' &&
  (schoolId === undefined || current.id === schoolId);

/**
 * Who fills a contract's company fields: the internship's contact person, or an admin of the internship's
 * organization acting for it (approved), while the contract waits for them.
 */
export function mayFillCompanyFields(
  viewer: {
    userId: string | null;
    permissions: Pick<TPermissions, 'isAdmin'>;
    current: TCurrentOrganizationFacts | null | undefined;
  },
  contract: { status: TContractStatus; organizationId: string | null; contactPersonId: string | null },
): boolean {
  if (contract.status !== 'company_fields' || !viewer.userId) return false;
  if (contract.contactPersonId !== null && contract.contactPersonId === viewer.userId) return true;
  const c = viewer.current;
  return (
    viewer.permissions.isAdmin &&
    contract.organizationId !== null &&
    c?.id === contract.organizationId &&
    c.status === 'approved'
  );
}

/**
 * A signed contract's seal: `pending` (being sealed, retried automatically), `sealed`, or `failed`
 * (every automatic attempt failed: shown to the school's admins, who may retry it; the workflow tries
 * again by itself a day later too). Null before everyone signed.
 */
export const CONTRACT_SEAL_STATES = ['pending', 'sealed', 'failed'] as const;
export type TContractSealState = (typeof CONTRACT_SEAL_STATES)[number];

/** The school admin's actions on a contract in a status (`retry_seal`: a signed contract whose seal failed). */
export const CONTRACT_ADMIN_ACTIONS = ['release', 'void', 'change', 'retry_seal'] as const;
export type TContractAdminAction = (typeof CONTRACT_ADMIN_ACTIONS)[number];
export function contractAdminActions(
  status: TContractStatus,
  sealState: TContractSealState | null = null,
): TContractAdminAction[] {
  const out: TContractAdminAction[] = [];
  if (status === 'draft') out.push('change', 'release');
  if (status === 'signed' && sealState === 'failed') out.push('retry_seal');
  if (mayMoveContract(status, 'voided')) out.push('void');
  return out;
}

/**
 * What a student sees of their own contracts (issue #34): not a draft (the school may still change or
 * drop it), and a voided one only when it had been sent out (`releasedAt`), shown with its reason. Staff
 * and the organization see every contract of the internships they follow. The list's SQL follows this.
 */
export const studentSeesContract = (c: { status: TContractStatus; releasedAt: string | null }): boolean =>
  c.status !== 'draft' && (c.status !== 'voided' || c.releasedAt !== null);

// ---------------------------------------------------------------------------------------------
// The sealed PDF
// ---------------------------------------------------------------------------------------------

/** The contract facts the download rule looks at. */
export interface TContractPartyFacts {
  status: TContractStatus;
  /** The contact person the contract names (the organization's contact). */
  contactPersonId: string | null;
  /** The signers' accounts (null: a signer by address only, the parent say). */
  signerUserIds: readonly (string | null)[];
}

/**
 * The internship parties (contracts' `partiesOf`) that may download a sealed contract: the school's staff
 * who act for the internship (an admin of the contract's School acting for it, the student's mentor
 * there), an admin of the internship's approved organization acting for it, and the student.
 */
const DOWNLOADING_PARTIES: readonly TInternshipParty[] = ['student', 'mentor', 'school', 'organization'];

/**
 * Who may download a sealed contract's PDF (`GET /api/v1/contracts/{id}/document`, and the portal's
 * download button through the contract's `meta.may_download`): its parties only — a signer with an
 * account, the contact person the contract names, and the internship parties of `DOWNLOADING_PARTIES`
 * (`parties`: contracts' `partiesOf` for the viewer and the contract's internship). Nobody before it is
 * sealed, nobody anonymous; another school, another organization or another student: no.
 */
export function mayDownloadContract(
  viewer: { userId: string | null; parties: readonly TInternshipParty[] },
  contract: TContractPartyFacts,
): boolean {
  if (contract.status !== 'sealed' || !viewer.userId) return false;
  return (
    contract.signerUserIds.includes(viewer.userId) ||
    contract.contactPersonId === viewer.userId ||
    viewer.parties.some((p) => DOWNLOADING_PARTIES.includes(p))
  );
}
