import { randomUUID } from 'node:crypto';
import {
  previewTimeline,
  validateWorkflowDefinition,
  type TSamplePeriod,
  type TTimelinePhase,
  type TWorkflowDefinitionCreate,
  type TWorkflowIssue,
  type TWorkflowPhase,
  type TWorkflowPhaseInput,
} from '@stageplein/contracts/phases/workflow-definitions';
import { ZWorkflowPhase } from '@stageplein/contracts/phases/workflow-definitions';
import { contractTypeFor } from '@stageplein/contracts/placements/internships';
import type { TErrorCode } from '@stageplein/contracts/errors/error-catalogue';
import { ApiError, notFound } from '@stageplein/kit/errors/api-error';
import type { TCaller } from '../../shared/caller.ts';
import { record } from '../../shared/events.ts';
import type { TChangeActor, TCtx } from '../../shared/request.ts';
import { assertDesigner } from '../designers/designers.policy.ts';
import {
  assignmentsOfSchool,
  clearDefault,
  definitionsOfSchool,
  findDefinition,
  hasDefault,
  insertDefinition,
  lockDefinition,
  phaseTemplates,
  updateDefinition,
  workflowVersions,
  type TDefinitionRow,
  type TDefinitionWithVersions,
  type TVersionRow,
} from './definitions.repository.ts';

/** A version with the definition it belongs to (the serializer needs both). */
export interface TVersionView {
  version: TVersionRow;
  definition: TDefinitionRow;
}

/** An issue that stops a publication: the shared rules' (`TWorkflowIssue`) or the server's data checks. */
export type TPublishIssue = Omit<TWorkflowIssue, 'code'> & { code: TErrorCode };

/** A publication's outcome: published, or the issues that stopped it (nothing changed). */
export type TPublishOutcome = { ok: true; view: TVersionView } | { ok: false; issues: TPublishIssue[] };

/**
 * Phases as stored: every field present (the wire schema's defaults), ids kept or given. A phase or
 * task keeps its id across edits and versions; one without gets a new uuid.
 */
export function normalizePhases(input: readonly TWorkflowPhaseInput[]): TWorkflowPhase[] {
  return input.map((p) =>
    ZWorkflowPhase.parse({
      ...p,
      id: p.id ?? randomUUID(),
      tasks: (p.tasks ?? []).map((t) => ({ ...t, id: t.id ?? randomUUID() })),
    }),
  );
}

/** The definition when it is the designer's school's; 404 otherwise (another school's is not revealed). */
async function ownDefinition(ctx: TCtx, schoolId: string, id: string, lock = false): Promise<TDefinitionRow> {
  const row = lock ? await lockDefinition(ctx.db, id) : await findDefinition(ctx.db, id);
  if (!row || row.school_id !== schoolId) throw notFound();
  return row;
}

async function ownVersion(ctx: TCtx, schoolId: string, id: string, lock = false): Promise<TVersionView> {
  const { head, version } = await workflowVersions.ownVersion(
    ctx.db,
    id,
    (definitionId) => ownDefinition(ctx, schoolId, definitionId, lock),
    lock,
  );
  return { definition: head, version };
}

async function withVersions(ctx: TCtx, definition: TDefinitionRow): Promise<TDefinitionWithVersions> {
  const versions = (await workflowVersions.versionsOf(ctx.db, [definition.id])).get(definition.id)!;
  return { definition, ...versions };
}

const eventBase = (d: TDefinitionRow) => ({
  definition_id: d.id,
  school_id: d.school_id,
  contract_type: d.contract_type,
});

// ---------------------------------------------------------------------------------------------

/** The designer's school's definitions, each with its published version and draft. */
export async function listDefinitions(ctx: TCtx, caller: TCaller): Promise<TDefinitionWithVersions[]> {
  const schoolId = await assertDesigner(ctx, caller);
  const rows = await definitionsOfSchool(ctx.db, schoolId);
  const versions = await workflowVersions.versionsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((definition) => ({ definition, ...versions.get(definition.id)! }));
}

export async function readDefinition(
  ctx: TCtx,
  caller: TCaller,
  id: string,
): Promise<TDefinitionWithVersions> {
  const schoolId = await assertDesigner(ctx, caller);
  return withVersions(ctx, await ownDefinition(ctx, schoolId, id));
}

const refuseOtherKind = (ctx: TCtx, contractType: string) => {
  if (contractType !== contractTypeFor(ctx.tenant.features))
    throw new ApiError(
      'workflow_contract_type_unavailable',
      {},
      { pointer: '/data/attributes/contract_type' },
    );
};

/** A new definition of the tenant's kind with its first draft (version 1); not the default until published. */
export async function createDefinition(
  ctx: TCtx,
  caller: TCaller,
  input: TWorkflowDefinitionCreate,
): Promise<TDefinitionWithVersions> {
  const schoolId = await assertDesigner(ctx, caller);
  refuseOtherKind(ctx, input.contract_type);
  const definition = await insertDefinition(ctx.db, {
    tenant_id: ctx.tenant.id,
    school_id: schoolId,
    contract_type: input.contract_type,
    name: input.name,
    created_by: caller.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  const draft = await workflowVersions.insertDraft(
    ctx.db,
    { tenantId: ctx.tenant.id, parentId: definition.id, version: 1, by: caller.userId, now: ctx.now },
    { phases: normalizePhases(input.phases ?? []) },
  );
  await record(
    ctx,
    caller,
    'placements.workflow_definition.created',
    { type: 'workflow_definition', id: definition.id },
    { ...eventBase(definition), name: definition.name, version_id: draft.id },
  );
  return { definition, published: null, draft };
}

/** Renames a definition, or makes it the school's default for its kind (it needs a published version). */
export async function changeDefinition(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  input: { name?: string; is_default?: true },
): Promise<TDefinitionWithVersions> {
  const schoolId = await assertDesigner(ctx, caller);
  let definition = await ownDefinition(ctx, schoolId, id, true);
  const changed: ('name' | 'is_default')[] = [];
  if (input.is_default && !definition.is_default) {
    const { published } = await withVersions(ctx, definition);
    if (!published) throw new ApiError('workflow_not_published');
    await clearDefault(ctx.db, schoolId, definition.contract_type, ctx.now);
    changed.push('is_default');
  }
  if (input.name !== undefined && input.name !== definition.name) changed.push('name');
  if (changed.length === 0) return withVersions(ctx, definition);
  definition = await updateDefinition(ctx.db, id, {
    name: input.name ?? definition.name,
    is_default: definition.is_default || changed.includes('is_default'),
    updated_at: ctx.now,
  });
  await record(
    ctx,
    caller,
    'placements.workflow_definition.updated',
    { type: 'workflow_definition', id },
    { ...eventBase(definition), changed, version_id: null, is_default: definition.is_default },
  );
  return withVersions(ctx, definition);
}

export async function readVersion(ctx: TCtx, caller: TCaller, id: string): Promise<TVersionView> {
  return ownVersion(ctx, await assertDesigner(ctx, caller), id);
}

/** Replaces a draft's phases (a draft may be invalid; publishing checks). A published version: 409. */
export async function changeDraft(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  phases: readonly TWorkflowPhaseInput[],
): Promise<TVersionView> {
  const { definition, version } = await ownVersion(ctx, await assertDesigner(ctx, caller), id, true);
  workflowVersions.assertDraft(version);
  const updated = await workflowVersions.saveDraft(ctx.db, id, { phases: normalizePhases(phases) }, ctx.now);
  await record(
    ctx,
    caller,
    'placements.workflow_definition.updated',
    { type: 'workflow_definition', id: definition.id },
    { ...eventBase(definition), changed: ['draft'], version_id: id, is_default: definition.is_default },
  );
  return { definition, version: updated };
}

/** A new draft copied from the newest published version (409 without one, or with a draft open). */
export async function newDraft(ctx: TCtx, caller: TCaller, definitionId: string): Promise<TVersionView> {
  const schoolId = await assertDesigner(ctx, caller);
  const definition = await ownDefinition(ctx, schoolId, definitionId, true);
  const version = await workflowVersions.newDraft(ctx.db, {
    tenantId: ctx.tenant.id,
    parentId: definition.id,
    by: caller.userId,
    now: ctx.now,
  });
  await record(
    ctx,
    caller,
    'placements.workflow_definition.updated',
    { type: 'workflow_definition', id: definition.id },
    {
      ...eventBase(definition),
      changed: ['draft'],
      version_id: version.id,
      is_default: definition.is_default,
    },
  );
  return { definition, version };
}

/**
 * What only the server can check: each evaluation task names a phase template of this school scoped to
 * the task's own phase, each assignment task a published assignment of this school.
 */
async function dataIssues(ctx: TCtx, schoolId: string, phases: TWorkflowPhase[]): Promise<TPublishIssue[]> {
  const tasks = phases.flatMap((phase, p) => phase.tasks.map((task, t) => ({ phase, task, p, t })));
  const templateIds = tasks.flatMap(({ task }) =>
    task.kind === 'evaluation' && task.evaluation_template_id ? [task.evaluation_template_id] : [],
  );
  const assignmentIds = tasks.flatMap(({ task }) =>
    task.kind === 'assignment' && task.assignment_id ? [task.assignment_id] : [],
  );
  const templates = new Map(
    (await phaseTemplates(ctx.db, schoolId, templateIds)).map((row) => [row.id, row.scope_id]),
  );
  const assignments = await assignmentsOfSchool(ctx.db, schoolId, assignmentIds);
  const issues: TPublishIssue[] = [];
  for (const { phase, task, p, t } of tasks) {
    const vars = { phase: p + 1, task: t + 1 };
    const at = `/phases/${p}/tasks/${t}`;
    if (task.kind === 'evaluation' && task.evaluation_template_id)
      if (templates.get(task.evaluation_template_id) !== phase.id)
        issues.push({
          code: 'workflow_evaluation_template_unknown',
          pointer: `${at}/evaluation_template_id`,
          vars,
        });
    if (task.kind === 'assignment' && task.assignment_id) {
      const status = assignments.get(task.assignment_id);
      if (!status) issues.push({ code: 'workflow_assignment_unknown', pointer: `${at}/assignment_id`, vars });
      // An internship entering the phase gets the assignment then (assignToInternship): only a published one.
      else if (status !== 'published')
        issues.push({ code: 'workflow_assignment_draft', pointer: `${at}/assignment_id`, vars });
    }
  }
  return issues;
}

/**
 * Publishes a draft when it is valid under the tenant's switches and the school's data: from then on it
 * never changes. The first published definition of its kind becomes the school's default. Invalid: the
 * issues, and nothing changes (the route answers 422, which rolls the transaction back).
 */
export async function publishDraft(ctx: TCtx, caller: TCaller, id: string): Promise<TPublishOutcome> {
  const schoolId = await assertDesigner(ctx, caller);
  const { definition, version } = await ownVersion(ctx, schoolId, id, true);
  workflowVersions.assertDraft(version);
  const content = { contract_type: definition.contract_type, phases: version.phases };
  const issues: TPublishIssue[] = [
    ...validateWorkflowDefinition(content, ctx.tenant.features),
    ...(await dataIssues(ctx, schoolId, version.phases)),
  ];
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, view: await publishVersionOf(ctx, caller, definition, version) };
}

/** Publishes (no checks: the caller checked), makes it the default when the kind has none, records. */
export async function publishVersionOf(
  ctx: TCtx,
  actor: TChangeActor,
  definition: TDefinitionRow,
  version: TVersionRow,
): Promise<TVersionView> {
  const published = await workflowVersions.publish(ctx.db, version.id, actor.userId, ctx.now);
  let def = definition;
  if (!def.is_default && !(await hasDefault(ctx.db, def.school_id, def.contract_type)))
    def = await updateDefinition(ctx.db, def.id, { is_default: true, updated_at: ctx.now });
  await record(
    ctx,
    actor,
    'placements.workflow_definition.published',
    { type: 'workflow_definition', id: def.id },
    {
      ...eventBase(def),
      version_id: published.id,
      version: published.version,
      is_default: def.is_default,
      phase_ids: published.phases.map((p) => p.id),
    },
  );
  return { definition: def, version: published };
}

/** The preview of a version for a sample internship period. */
export async function versionTimeline(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  period: TSamplePeriod,
): Promise<{ view: TVersionView; phases: TTimelinePhase[] }> {
  const view = await readVersion(ctx, caller, id);
  if (period.end_date < period.start_date)
    throw new ApiError('invalid_date_range', {}, { parameter: 'end_date' });
  return { view, phases: previewTimeline(view.version, period) };
}
