import {
  companyValueValid,
  contractAdminActions,
  contractSigners,
  fillVariables,
  isMinorOn,
  mayDownloadContract,
  studentSeesContract,
  mayFillCompanyFields,
  mayManageContracts,
  mayMoveContract,
  releasedStatus,
  type TContractSealState,
  type TContractStatus,
  type TContractVariables,
} from '@stageplein/contracts/internship-contracts/contract-rules';
import type { TContractMeta } from '@stageplein/contracts/internship-contracts/contract-schemas';
import {
  mayDownloadByLink,
  maySetSignerAddress,
  maySignAs,
} from '@stageplein/contracts/internship-contracts/contract-signing';
import type { TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import {
  internshipScopes,
  partiesOf,
  readsInternship,
} from '@stageplein/contracts/placements/internship-policy';
import { ApiError, notFound, unauthorized } from '@stageplein/kit/errors/api-error';
import { renderRichText } from '@stageplein/kit/rich-text/rich-text';
import { viewerFor } from '../../internships/index.ts';
import type { TCaller } from '../../shared/caller.ts';
import { record } from '../../shared/events.ts';
import type { TChangeActor, TCtx } from '../../shared/request.ts';
import { assertContractManager, assertContractsAvailable } from '../internship-contracts.policy.ts';
import { appendAudit } from '../signing/audit-trail.ts';
import {
  findTemplate,
  publishedVersionFor,
  type TTemplateVersionRow,
} from '../templates/templates.repository.ts';
import { hasText } from '../templates/templates.service.ts';
import {
  contractStatusOf,
  deleteSigners,
  findContract,
  findContractView,
  insertContract,
  insertSigners,
  listContracts,
  mentorOf,
  openContractOf,
  organizationOf,
  updateContract,
  userOf,
  type TContractRow,
  type TContractView,
  type TSignerRow,
} from './contracts.repository.ts';

/** Internship statuses a contract is never generated for. */
const NO_CONTRACT = new Set(['declined', 'rejected', 'withdrawn', 'cancelled']);

type TInternship = Awaited<ReturnType<typeof lockInternship>>;

async function lockInternship(ctx: TCtx, id: string) {
  return ctx.db
    .selectFrom('placements.internships')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

const fullName = (u: { first_name: string | null; last_name: string | null } | undefined) =>
  u ? [u.first_name, u.last_name].filter(Boolean).join(' ') || null : null;

/** The values of the typed variable list for an internship (contracts' CONTRACT_VARIABLES), frozen at generation. */
async function variablesFor(
  ctx: TCtx,
  i: NonNullable<TInternship>,
  birthDate: string | null,
): Promise<TContractVariables> {
  const [student, organization, school, mentor, contact, supervisor] = await Promise.all([
    userOf(ctx.db, i.student_id),
    organizationOf(ctx.db, i.organization_id),
    organizationOf(ctx.db, i.school_id),
    mentorOf(ctx.db, i.school_id, i.student_id),
    userOf(ctx.db, i.contact_person_id),
    userOf(ctx.db, i.supervisor_id),
  ]);
  const address = organization ? [organization.postcode, organization.city].filter(Boolean).join(' ') : '';
  return {
    'student.name': fullName(student),
    'student.first_name': student?.first_name ?? null,
    'student.last_name': student?.last_name ?? null,
    'student.email': student?.email ?? null,
    'student.birth_date': birthDate,
    'organization.name': organization?.name ?? i.organization_name,
    'organization.address': address || null,
    'internship.title': i.title,
    'internship.start_date': i.start_date,
    'internship.end_date': i.end_date,
    'internship.hours': i.hours === null ? null : String(i.hours),
    'supervisor.name': fullName(supervisor) ?? i.supervisor_name ?? i.contact_name,
    'supervisor.email': supervisor?.email ?? i.supervisor_email ?? i.contact_email,
    'contact.name': fullName(contact) ?? i.contact_name,
    'contact.email': contact?.email ?? i.contact_email,
    'school.name': school?.name ?? null,
    'mentor.name': fullName(mentor),
    'contract.date': ctx.now.toISOString().slice(0, 10),
  };
}

/** The text in both languages with the values filled (an empty English body shows the Dutch one). */
function renderContract(version: TTemplateVersionRow, variables: TContractVariables) {
  const html = (lang: 'nl' | 'en') =>
    renderRichText(
      fillVariables(
        lang === 'en' && hasText(version.body_en) ? version.body_en : version.body_nl,
        variables,
        lang,
        version.company_fields,
      ),
    );
  return { html_nl: html('nl'), html_en: html('en') };
}

/**
 * The signers from the template's order: the parent or guardian only for a student under 18 on the start
 * date (kept while the birth date is unknown: releasing needs it). Who each is, where known.
 */
async function signerRows(
  ctx: TCtx,
  contract: TContractRow,
  version: TTemplateVersionRow,
  i: NonNullable<TInternship>,
) {
  const minor =
    contract.student_birth_date === null || isMinorOn(contract.student_birth_date, i.start_date ?? '');
  const [student, contact, mentor] = await Promise.all([
    userOf(ctx.db, i.student_id),
    userOf(ctx.db, i.contact_person_id),
    mentorOf(ctx.db, i.school_id, i.student_id),
  ]);
  const who = {
    student: { user_id: i.student_id, name: fullName(student), email: student?.email ?? null },
    company: {
      user_id: i.contact_person_id,
      name: fullName(contact) ?? i.contact_name,
      email: contact?.email ?? i.contact_email,
    },
    mentor: { user_id: mentor?.id ?? null, name: fullName(mentor), email: mentor?.email ?? null },
    parent_guardian: { user_id: null, name: null, email: null },
    school_representative: { user_id: null, name: null, email: null },
  };
  return insertSigners(
    ctx.db,
    contractSigners(version.signers, minor).map((s) => ({
      tenant_id: ctx.tenant.id,
      contract_id: contract.id,
      role: s.role,
      position: s.order,
      ...who[s.role],
      signed_at: null,
      created_at: ctx.now,
      updated_at: ctx.now,
    })),
  );
}

const ref = (c: TContractRow) => ({
  contract_id: c.id,
  internship_id: c.internship_id,
  school_id: c.school_id,
  organization_id: c.organization_id,
  student_id: c.student_id,
});
const signerRefs = (rows: TSignerRow[]) =>
  rows.map((s) => ({ signer_id: s.id, role: s.role, order: s.position }));

export interface TGenerateContract {
  internshipId: string;
  /** Default: the school's most recently published template. */
  templateId?: string;
  studentBirthDate?: string | null;
  source: 'manual' | 'phase';
  /** Values known better than the read models' (seeds run before any event reached them). */
  known?: TContractVariables;
}

/**
 * Generates a contract (status `draft`) for an internship from the school's published template: the text
 * with the variables filled, the variables and the signers frozen, `placements.contract.generated` in the
 * same transaction. The caller checked who may (a school admin, or the internship's phase).
 * 404 unknown internship or template of another school; 409 `contract_exists`,
 * `contract_template_not_published`; 422 `contract_internship_not_ready`.
 */
export async function generateContract(
  ctx: TCtx,
  actor: TChangeActor,
  input: TGenerateContract,
): Promise<TContractRow> {
  assertContractsAvailable(ctx);
  const i = await lockInternship(ctx, input.internshipId);
  if (!i) throw notFound();
  if (
    NO_CONTRACT.has(i.status) ||
    !i.start_date ||
    !i.end_date ||
    (!i.organization_id && !i.organization_name) ||
    i.contract_type !== 'contract'
  )
    throw new ApiError('contract_internship_not_ready', {}, { pointer: '/data/attributes/internship_id' });
  if (await openContractOf(ctx.db, i.id)) throw new ApiError('contract_exists');
  if (input.templateId) {
    const t = await findTemplate(ctx.db, input.templateId);
    if (!t || t.school_id !== i.school_id) throw notFound();
  }
  const found = await publishedVersionFor(ctx.db, i.school_id, input.templateId);
  if (!found) throw new ApiError('contract_template_not_published');
  const { version } = found;
  const birthDate = input.studentBirthDate ?? null;
  const variables = { ...(await variablesFor(ctx, i, birthDate)), ...input.known };
  const contract = await insertContract(ctx.db, {
    tenant_id: ctx.tenant.id,
    internship_id: i.id,
    school_id: i.school_id,
    organization_id: i.organization_id,
    student_id: i.student_id,
    contact_person_id: i.contact_person_id,
    template_id: version.template_id,
    template_version_id: version.id,
    status: 'draft',
    source: input.source,
    student_birth_date: birthDate,
    variables: variables as Record<string, string | null>,
    company_fields: version.company_fields,
    company_values: {},
    ...renderContract(version, variables),
    void_reason: null,
    voided_by: null,
    voided_at: null,
    created_by: actor.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  const signers = await signerRows(ctx, contract, version, i);
  await record(
    ctx,
    actor,
    'placements.contract.generated',
    { type: 'contract', id: contract.id },
    {
      ...ref(contract),
      template_id: version.template_id,
      template_version_id: version.id,
      source: input.source,
      signers: signerRefs(signers),
    },
  );
  return contract;
}

/**
 * The contracts part's plug-in for the phases' "contract signed" task (contracts/src/phases TASK_KINDS):
 * the internship's open contract, generated from the school's published template when it has none.
 * Idempotent (a retried activity finds the same contract). Runs as `actor` (SYSTEM from the workflow).
 */
export async function ensureInternshipContract(
  ctx: TCtx,
  actor: TChangeActor,
  internshipId: string,
): Promise<TContractRow> {
  const open = await openContractOf(ctx.db, internshipId);
  if (open) return open;
  return generateContract(ctx, actor, { internshipId, source: 'phase' });
}

/** `POST /api/v1/contracts`: a school admin generates a contract for an internship of their school. */
export async function generateContractFor(
  ctx: TCtx,
  caller: TCaller,
  input: { internship_id: string; template_id?: string; student_birth_date?: string | null },
): Promise<TContractView> {
  const schoolId = assertContractManager(ctx, caller);
  const i = await ctx.db
    .selectFrom('placements.internships')
    .select('school_id')
    .where('id', '=', input.internship_id)
    .executeTakeFirst();
  if (!i || i.school_id !== schoolId) throw notFound();
  const contract = await generateContract(ctx, caller, {
    internshipId: input.internship_id,
    templateId: input.template_id,
    studentBirthDate: input.student_birth_date,
    source: 'manual',
  });
  return (await findContractView(ctx.db, contract.id))!;
}

/** The caller's relation to a contract: what they may read and do. */
async function relationTo(ctx: TCtx, caller: TCaller, c: TContractView) {
  const viewer = (await viewerFor(ctx, caller))(c.student_id);
  const facts = {
    studentId: c.student_id,
    schoolId: c.school_id,
    organizationId: c.organization_id,
    status: c.internship_status,
    selfFound: c.internship_self_found,
  };
  const manager = mayManageContracts(caller.permissions, caller.current, ctx.tenant.features, c.school_id);
  const fills = mayFillCompanyFields(viewer, {
    status: c.status,
    organizationId: c.organization_id,
    contactPersonId: c.contact_person_id,
  });
  const parties = partiesOf(viewer, facts);
  const contact = c.contact_person_id !== null && c.contact_person_id === caller.userId;
  // A student alone (no other relation): only what contracts' studentSeesContract shows them.
  const onlyStudent = !manager && !fills && !contact && parties.every((p) => p === 'student');
  const reads =
    manager ||
    fills ||
    contact ||
    (readsInternship(viewer, facts) &&
      (!onlyStudent ||
        studentSeesContract({ status: c.status, releasedAt: c.released_at?.toISOString() ?? null })));
  const downloads = mayDownloadContract(
    { userId: caller.userId, parties: partiesOf(viewer, facts) },
    {
      status: c.status,
      contactPersonId: c.contact_person_id,
      signerUserIds: c.signers.map((s) => s.user_id),
    },
  );
  return { reads, manager, fills, downloads };
}

/**
 * The contract-documents group's download rule (handed in by placements.module.ts): contracts'
 * `mayDownloadContract` for the caller and the sealed document's contract.
 */
export async function mayDownloadContractDocument(
  ctx: TCtx & { independently<T>(fn: (db: TCtx['db']) => Promise<T>): Promise<T> },
  caller: TCaller,
  document: { contract_id: string },
  link: TLinkActor | null,
): Promise<boolean> {
  const contract = await findContractView(ctx.db, document.contract_id);
  if (!contract) return false;
  if (link) {
    const signer = contract.signers.find((s) => s.id === link.subject.id);
    const ok = mayDownloadByLink(link, signer ? { id: signer.id, contractId: signer.contract_id } : null, {
      id: contract.id,
      status: contract.status,
    });
    // A GET reads outside a transaction: the trail's entry is written in one of its own.
    if (ok)
      await ctx.independently((db) =>
        appendAudit(
          { ...ctx, db },
          {
            contractId: contract.id,
            at: ctx.now,
            actor: `link:${link.id}`,
            ip: link.use.ip,
            userAgent: link.use.userAgent,
            action: 'document_downloaded',
            data: { signer_id: signer!.id, role: signer!.role },
          },
        ),
      );
    return ok;
  }
  if (!caller.userId) return false;
  return (await relationTo(ctx, caller, contract)).downloads;
}

/** A contract the caller may read (404 otherwise: another's contract is not revealed). */
export async function readContract(
  ctx: TCtx,
  caller: TCaller,
  id: string,
): Promise<{ contract: TContractView; meta: TContractMeta }> {
  assertContractsAvailable(ctx);
  if (!caller.userId) throw unauthorized();
  const contract = await findContractView(ctx.db, id);
  if (!contract) throw notFound();
  const rel = await relationTo(ctx, caller, contract);
  if (!rel.reads) throw notFound();
  return {
    contract,
    meta: {
      actions: rel.manager ? contractAdminActions(contract.status, contract.seal_state) : [],
      may_fill_company_fields: rel.fills,
      sign_as: contract.signers
        .filter(
          (s) =>
            s.state === 'pending' &&
            ['company_fields', 'signing'].includes(contract.status) &&
            maySignAs(
              caller,
              { role: s.role, userId: s.user_id },
              { organizationId: contract.organization_id, contactPersonId: contract.contact_person_id },
            ),
        )
        .map((s) => s.id),
      may_download: rel.downloads,
      set_address: contract.signers
        .filter((s) =>
          maySetSignerAddress(
            { isStudent: contract.student_id === caller.userId, isManager: rel.manager },
            { role: s.role, state: s.state, userId: s.user_id },
            contract.status,
          ),
        )
        .map((s) => s.id),
    },
  };
}

/** `GET /api/v1/contracts`: the contracts of the internships the caller sees (per role). */
export async function listVisibleContracts(
  ctx: TCtx,
  caller: TCaller,
  filters: { internshipId?: string; status?: TContractStatus; sealState?: TContractSealState },
): Promise<TContractView[]> {
  assertContractsAvailable(ctx);
  if (!caller.userId) throw unauthorized();
  const scopes = internshipScopes({
    userId: caller.userId,
    permissions: caller.permissions,
    current: caller.current,
  });
  return listContracts(ctx.db, scopes, caller.userId, filters);
}

/** The contract for a school admin's change, locked; 404 when it is another school's. */
async function managedContract(ctx: TCtx, caller: TCaller, id: string): Promise<TContractRow> {
  const schoolId = assertContractManager(ctx, caller);
  const c = await findContract(ctx.db, id, true);
  if (!c || c.school_id !== schoolId) throw notFound();
  return c;
}

async function versionOf(ctx: TCtx, c: TContractRow): Promise<TTemplateVersionRow> {
  return (await ctx.db
    .selectFrom('placements.contract_template_versions')
    .selectAll()
    .where('id', '=', c.template_version_id)
    .executeTakeFirstOrThrow()) as TTemplateVersionRow;
}

/** A draft's student birth date: the variables, text and signers follow (the parent only for a minor). */
export async function changeContractDraft(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  birthDate: string | null,
): Promise<TContractView> {
  const c = await managedContract(ctx, caller, id);
  if (c.status !== 'draft') throw new ApiError('invalid_contract_action');
  const i = (await lockInternship(ctx, c.internship_id))!;
  const version = await versionOf(ctx, c);
  const variables = { ...c.variables, 'student.birth_date': birthDate };
  const updated = await updateContract(ctx.db, id, {
    student_birth_date: birthDate,
    variables,
    ...renderContract(version, variables),
    updated_at: ctx.now,
  });
  await deleteSigners(ctx.db, id);
  const signers = await signerRows(ctx, updated, version, i);
  await record(
    ctx,
    caller,
    'placements.contract.changed',
    { type: 'contract', id },
    {
      ...ref(updated),
      signers: signerRefs(signers),
    },
  );
  return (await findContractView(ctx.db, id))!;
}

/** Records the move to `signing`: the signing workflow starts from `placements.contract.ready_for_signing`. */
async function readyForSigning(ctx: TCtx, actor: TChangeActor, c: TContractRow) {
  const signers = (await findContractView(ctx.db, c.id))!.signers;
  await record(
    ctx,
    actor,
    'placements.contract.ready_for_signing',
    { type: 'contract', id: c.id },
    {
      ...ref(c),
      signers: signerRefs(signers),
    },
  );
}

/**
 * A school admin sends a draft out: to `company_fields` when the template has company fields, else
 * straight to `signing`. Needs the birth date when a parent or guardian might have to sign.
 */
export async function releaseContract(
  ctx: TCtx,
  actor: TChangeActor,
  c: TContractRow,
): Promise<TContractRow> {
  if (c.status !== 'draft') throw new ApiError('invalid_contract_action');
  const version = await versionOf(ctx, c);
  if (c.student_birth_date === null && version.signers.some((s) => s.role === 'parent_guardian'))
    throw new ApiError('contract_birth_date_missing', {}, { pointer: '/data/attributes/student_birth_date' });
  const status = releasedStatus(c.company_fields.length);
  const updated = await updateContract(ctx.db, c.id, { status, released_at: ctx.now, updated_at: ctx.now });
  await record(
    ctx,
    actor,
    'placements.contract.released',
    { type: 'contract', id: c.id },
    {
      ...ref(updated),
      status,
    },
  );
  if (status === 'signing') await readyForSigning(ctx, actor, updated);
  return updated;
}

export async function releaseContractFor(ctx: TCtx, caller: TCaller, id: string) {
  await releaseContract(ctx, caller, await managedContract(ctx, caller, id));
  return readContract(ctx, caller, id);
}

/** Voids a contract with a reason (any status but `sealed` and `voided`: 409). */
export async function voidContract(
  ctx: TCtx,
  actor: TChangeActor,
  c: TContractRow,
  reason: string,
): Promise<TContractRow> {
  if (!mayMoveContract(c.status, 'voided')) throw new ApiError('invalid_contract_action');
  const updated = await updateContract(ctx.db, c.id, {
    status: 'voided',
    void_reason: reason,
    voided_by: actor.userId,
    voided_at: ctx.now,
    updated_at: ctx.now,
  });
  await record(
    ctx,
    actor,
    'placements.contract.voided',
    { type: 'contract', id: c.id },
    {
      ...ref(updated),
      from: c.status,
      reason,
    },
  );
  return updated;
}

export async function voidContractFor(ctx: TCtx, caller: TCaller, id: string, reason: string) {
  await voidContract(ctx, caller, await managedContract(ctx, caller, id), reason);
  return readContract(ctx, caller, id);
}

/**
 * A school admin asks to seal again a signed contract whose seal failed (contracts' `retry_seal` action;
 * 409 `invalid_contract_action` otherwise): `seal_state` back to `pending`, the request in the audit trail
 * and `placements.contract.seal_requested` in the same transaction, from which the signing workflow is
 * signalled (or started again to seal, when its run had ended): durable, as every start of signing.
 */
export async function retrySealFor(ctx: TCtx, caller: TCaller, id: string) {
  const c = await managedContract(ctx, caller, id);
  if (!contractAdminActions(c.status, c.seal_state).includes('retry_seal'))
    throw new ApiError('invalid_contract_action');
  await updateContract(ctx.db, id, { seal_state: 'pending', updated_at: ctx.now });
  await appendAudit(ctx, {
    contractId: id,
    at: ctx.now,
    actor: caller.userId ?? 'system',
    action: 'seal_retry_requested',
    data: { attempts: c.seal_attempts, error: c.seal_error },
  });
  await record(ctx, caller, 'placements.contract.seal_requested', { type: 'contract', id }, ref(c));
  return readContract(ctx, caller, id);
}

/**
 * The organization's contact fills the company fields (every required one, each valid for its kind:
 * 422 `contract_company_value_invalid` pointing at it, nothing changed): the text is filled again with
 * them and the contract moves to `signing` (`placements.contract.ready_for_signing`).
 */
export async function fillCompanyFields(
  ctx: TCtx,
  actor: TChangeActor,
  c: TContractRow,
  values: Record<string, string>,
): Promise<TContractRow> {
  if (c.status !== 'company_fields') throw new ApiError('invalid_contract_action');
  const keys = new Set(c.company_fields.map((f) => f.key));
  for (const key of Object.keys(values))
    if (!keys.has(key))
      throw new ApiError(
        'contract_company_value_invalid',
        { field: key },
        {
          pointer: `/data/attributes/company_values/${key}`,
        },
      );
  for (const f of c.company_fields)
    if (!companyValueValid(f, values[f.key] ?? ''))
      throw new ApiError(
        'contract_company_value_invalid',
        { field: f.label.nl },
        {
          pointer: `/data/attributes/company_values/${f.key}`,
        },
      );
  const company_values = Object.fromEntries(
    c.company_fields.map((f) => [f.key, (values[f.key] ?? '').trim()]),
  );
  const variables = {
    ...c.variables,
    ...Object.fromEntries(Object.entries(company_values).map(([k, v]) => [`company.${k}`, v || null])),
  };
  const version = await versionOf(ctx, c);
  const updated = await updateContract(ctx.db, c.id, {
    company_values,
    variables,
    ...renderContract(version, variables),
    status: 'signing',
    updated_at: ctx.now,
  });
  await record(
    ctx,
    actor,
    'placements.contract.company_fields_filled',
    { type: 'contract', id: c.id },
    {
      ...ref(updated),
      keys: Object.keys(company_values),
    },
  );
  await readyForSigning(ctx, actor, updated);
  return updated;
}

export async function fillCompanyFieldsFor(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  values: Record<string, string>,
) {
  assertContractsAvailable(ctx);
  if (!caller.userId) throw unauthorized();
  const { contract, meta } = await readContract(ctx, caller, id);
  if (!meta.may_fill_company_fields) {
    if (contract.status !== 'company_fields') throw new ApiError('invalid_contract_action');
    throw new ApiError('forbidden');
  }
  await fillCompanyFields(ctx, caller, (await findContract(ctx.db, id, true))!, values);
  return readContract(ctx, caller, id);
}

/** The internships' contract status (the newest not voided, else the newest): the internship page, progress. */
export const contractsOfInternships = (ctx: TCtx, internshipIds: string[]) =>
  contractStatusOf(ctx.db, internshipIds);
