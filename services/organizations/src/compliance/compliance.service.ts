import { SYSTEM, type TChangeActor } from '@stageplein/kit/auth/caller';
import { dutchDate } from '@stageplein/contracts/domain/school-years';
import {
  COMPLIANCE_KINDS,
  COMPLIANCE_REQUIRER_TYPES,
  complianceState,
  daysBetween,
  type TComplianceDocumentInput,
  type TComplianceKind,
  type TComplianceState,
  type TOrganizationComplianceAttributes,
} from '@stageplein/contracts/organizations/compliance';
import type { TEventPayload } from '@stageplein/contracts/events/payloads';
import { ApiError, notFound } from '@stageplein/kit/errors/api-error';
import { recordAudit } from '../audit-log/audit-log.repository.ts';
import { record } from '../shared/events.ts';
import type { TCtx as TRequestCtx } from '../shared/request.ts';

/** What compliance's use cases need: requests, the sweep's activity and the seeds all have it. */
type TCtx = Pick<TRequestCtx, 'db' | 'now' | 'tenant'>;
import {
  complianceSubjects,
  deleteDocument,
  findDocument,
  insertDocument,
  listDocuments,
  markReminded,
  replaceRequirements,
  requiredKinds,
  storedStates,
  storeState,
  updateDocument,
  type TComplianceDocumentRow,
} from './compliance.repository.ts';

/** Today in the Netherlands: expiry dates are Dutch calendar days. */
const todayOf = (ctx: Pick<TCtx, 'now'>) => dutchDate(ctx.now);

const documentPayload = (d: TComplianceDocumentRow) => ({
  document_id: d.id,
  organization_id: d.organization_id,
  kind: d.kind,
  reference: d.reference,
  issued_on: d.issued_on,
  expires_on: d.expires_on,
});

function audit(
  ctx: TCtx,
  caller: TChangeActor,
  organizationId: string,
  action: string,
  data: Record<string, unknown>,
) {
  return recordAudit(ctx.db, {
    tenant_id: ctx.tenant.id,
    actor_id: caller.userId,
    impersonator_id: caller.impersonatorId,
    action,
    subject_type: 'organization',
    subject_id: organizationId,
    data,
    created_at: ctx.now,
  });
}

/**
 * The compliance of some organizations today, computed by contracts' `complianceState` (the same rule
 * the UIs use): what the tenant's approved schools and centres require, against each one's documents.
 */
export async function complianceOf(
  ctx: TCtx,
  organizationIds: readonly string[],
): Promise<Map<string, TOrganizationComplianceAttributes>> {
  const subjects = await complianceSubjects(ctx.db, ctx.tenant.id, organizationIds);
  const required = await requiredKinds(ctx.db, ctx.tenant.id);
  const kinds = [...required.keys()];
  const documents = await listDocuments(ctx.db, ctx.tenant.id, {
    organizationIds: subjects.map((s) => s.id),
    kinds,
  });
  const today = todayOf(ctx);
  const requiredBy = Object.fromEntries(
    COMPLIANCE_KINDS.filter((k) => required.has(k)).map((k) => [k, required.get(k)!]),
  );
  return new Map(
    subjects.map((s) => [
      s.id,
      {
        ...complianceState(
          kinds,
          documents.filter((d) => d.organization_id === s.id),
          today,
        ),
        required_by: requiredBy,
        computed_on: today,
      },
    ]),
  );
}

/** jsonb keeps its own key order, so states are compared field by field, not as JSON text. */
const stateKey = (s: TComplianceState) =>
  [
    s.status,
    s.may_publish,
    ...s.kinds.map((k) => `${k.kind}:${k.status}:${k.document_id}:${k.expires_on}`),
  ].join('|');
const sameState = (a: TComplianceState | undefined, b: TComplianceState) =>
  !!a && stateKey(a) === stateKey(b);

/**
 * Recomputes the state of some organizations (all of the tenant's by default) and announces each one
 * that changed since it was last announced: `organizations.compliance.changed` (placements gates
 * publishing on `may_publish`), with an audit entry. Returns the states and the ids that changed.
 */
export async function refreshCompliance(
  ctx: TCtx,
  caller: TChangeActor,
  organizationIds?: readonly string[],
): Promise<{ states: Map<string, TOrganizationComplianceAttributes>; changed: string[] }> {
  const ids = organizationIds ?? (await complianceSubjects(ctx.db, ctx.tenant.id)).map((s) => s.id);
  const states = await complianceOf(ctx, ids);
  const previous = await storedStates(ctx.db, [...states.keys()]);
  const changed: string[] = [];
  for (const [id, { required_by: _requiredBy, computed_on, ...state }] of states) {
    if (sameState(previous.get(id), state)) continue;
    changed.push(id);
    await storeState(ctx.db, ctx.tenant.id, id, state, computed_on, ctx.now);
    await record(
      ctx,
      caller,
      'organizations.compliance.changed',
      { type: 'organization', id: id },
      {
        organization_id: id,
        computed_on,
        ...state,
      },
    );
    await audit(ctx, caller, id, 'compliance.changed', {
      status: state.status,
      may_publish: state.may_publish,
      before: previous.get(id)?.status ?? null,
    });
  }
  return { states, changed };
}

/** Whether the organization may publish vacancies now (placements' gate reads the event; this is the rule). */
export async function mayPublish(ctx: TCtx, organizationId: string): Promise<TComplianceState> {
  const state = (await complianceOf(ctx, [organizationId])).get(organizationId);
  return state ?? { status: 'compliant', may_publish: true, kinds: [] };
}

function assertDates(values: { issued_on: string; expires_on: string | null }) {
  if (values.expires_on !== null && values.expires_on < values.issued_on)
    throw new ApiError('invalid_date_range', {}, { pointer: '/data/attributes/expires_on' });
}

type TDocumentValues = Omit<TComplianceDocumentInput, 'organization_id'>;

export async function createDocument(
  ctx: TCtx,
  caller: TChangeActor,
  organizationId: string,
  input: TDocumentValues,
): Promise<TComplianceDocumentRow> {
  const values = {
    kind: input.kind,
    reference: input.reference || null,
    note: input.note || null,
    issued_on: input.issued_on,
    expires_on: input.expires_on ?? null,
  };
  assertDates(values);
  const doc = await insertDocument(ctx.db, {
    tenant_id: ctx.tenant.id,
    organization_id: organizationId,
    ...values,
    reminded_for: null,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  await record(
    ctx,
    caller,
    'organizations.compliance_document.created',
    { type: 'compliance_document', id: organizationId },
    documentPayload(doc),
  );
  await audit(ctx, caller, organizationId, 'compliance_document.created', documentPayload(doc));
  await refreshCompliance(ctx, caller, [organizationId]);
  return doc;
}

export async function changeDocument(
  ctx: TCtx,
  caller: TChangeActor,
  doc: TComplianceDocumentRow,
  changes: Partial<TDocumentValues>,
): Promise<TComplianceDocumentRow> {
  const values = {
    kind: changes.kind ?? doc.kind,
    reference: changes.reference === undefined ? doc.reference : changes.reference || null,
    note: changes.note === undefined ? doc.note : changes.note || null,
    issued_on: changes.issued_on ?? doc.issued_on,
    expires_on: changes.expires_on === undefined ? doc.expires_on : changes.expires_on,
  };
  assertDates(values);
  // A new expiry date deserves its own reminder.
  const reminded_for = values.expires_on === doc.expires_on ? doc.reminded_for : null;
  const updated = await updateDocument(ctx.db, doc.id, { ...values, reminded_for, updated_at: ctx.now });
  await record(
    ctx,
    caller,
    'organizations.compliance_document.updated',
    { type: 'compliance_document', id: doc.organization_id },
    documentPayload(updated),
  );
  await audit(ctx, caller, doc.organization_id, 'compliance_document.updated', {
    ...documentPayload(updated),
    before: documentPayload(doc),
  });
  await refreshCompliance(ctx, caller, [doc.organization_id]);
  return updated;
}

export async function removeDocument(
  ctx: TCtx,
  caller: TChangeActor,
  doc: TComplianceDocumentRow,
): Promise<void> {
  await deleteDocument(ctx.db, doc.id);
  await record(
    ctx,
    caller,
    'organizations.compliance_document.deleted',
    { type: 'compliance_document', id: doc.organization_id },
    documentPayload(doc),
  );
  await audit(ctx, caller, doc.organization_id, 'compliance_document.deleted', documentPayload(doc));
  await refreshCompliance(ctx, caller, [doc.organization_id]);
}

/** A School's or VolunteerCenter's required kinds; every organization's state follows. */
export async function changeRequirements(
  ctx: TCtx,
  caller: TChangeActor,
  requirer: { id: string; type: string },
  kinds: readonly TComplianceKind[],
): Promise<TComplianceKind[]> {
  if (!COMPLIANCE_REQUIRER_TYPES.includes(requirer.type as never)) throw notFound();
  const sorted = COMPLIANCE_KINDS.filter((k) => kinds.includes(k));
  await replaceRequirements(ctx.db, ctx.tenant.id, requirer.id, sorted, ctx.now);
  const data = { organization_id: requirer.id, kinds: sorted };
  await record(
    ctx,
    caller,
    'organizations.compliance_requirements.changed',
    { type: 'compliance_requirements', id: requirer.id },
    data,
  );
  await audit(ctx, caller, requirer.id, 'compliance_requirements.changed', data);
  await refreshCompliance(ctx, caller);
  return sorted;
}

type TExpiring = TEventPayload<'organizations.compliance_document.expiring'>;

/**
 * The daily sweep of one tenant (Temporal schedule, compliance.activities.ts): announces states that
 * changed with the date (expiring → expired), and reminds each organization once per document and
 * expiry date about a required document within COMPLIANCE_REMINDER_DAYS of expiring
 * (`organizations.compliance_document.expiring`, which identity mails to its admins). Idempotent.
 */
export async function sweepCompliance(ctx: TCtx): Promise<{ changed: number; reminded: number }> {
  const subjects = await complianceSubjects(ctx.db, ctx.tenant.id);
  const { states, changed } = await refreshCompliance(
    ctx,
    SYSTEM,
    subjects.map((s) => s.id),
  );
  const expiringIds = new Set(
    [...states.values()].flatMap((s) =>
      s.kinds.filter((k) => k.status === 'expiring' && k.document_id).map((k) => k.document_id!),
    ),
  );
  const names = new Map(subjects.map((s) => [s.id, s.name]));
  const documents = (
    await listDocuments(ctx.db, ctx.tenant.id, { organizationIds: [...states.keys()] })
  ).filter((d) => expiringIds.has(d.id) && d.reminded_for !== d.expires_on);
  const today = todayOf(ctx);
  for (const d of documents) {
    const data: TExpiring = {
      ...documentPayload(d),
      organization_name: names.get(d.organization_id) ?? '',
      days_left: daysBetween(today, d.expires_on!),
    };
    await record(
      ctx,
      SYSTEM,
      'organizations.compliance_document.expiring',
      { type: 'organization', id: d.organization_id },
      data,
    );
    await audit(ctx, SYSTEM, d.organization_id, 'compliance_document.reminded', data);
    await markReminded(ctx.db, d.id, d.expires_on!);
  }
  return { changed: changed.length, reminded: documents.length };
}

/** The document, or 404. */
export async function loadDocument(ctx: TCtx, id: string, forUpdate = false) {
  const doc = await findDocument(ctx.db, id, forUpdate);
  if (!doc) throw notFound();
  return doc;
}
