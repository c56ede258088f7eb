import type { z } from 'zod';
import type { TEventPayload } from '@stageplein/contracts/events/payloads';
import { LEGACY_EVALUATION_FORM_VERSION } from '@stageplein/contracts/forms/legacy-evaluation-form';
import { buildSubmissionSchema, type TAnswers } from '@stageplein/contracts/forms/submission-schema';
import {
  answeringRoleOf,
  EVALUATION_LINK_ACTION,
  EVALUATION_ROLES,
  EVALUATION_STATUSES,
  evaluationActionsFor,
  evaluationsAvailable,
  evaluationScore,
  mayTakeEvaluationAction,
  partScore,
  weightableIds,
  type TEvaluationAction,
  type TEvaluationRelation,
  type TEvaluationResponseState,
  type TEvaluationRole,
  type TEvaluationRoleInput,
  type TEvaluationRolesInput,
  type TEvaluationState,
  type TEvaluationTemplateInput,
} from '@stageplein/contracts/placements/evaluations';
import { ApiError, forbidden, notFound } from '@stageplein/kit/errors/api-error';
import type { TLinkActor } from '@stageplein/kit/external-links/external-links.guard';
import { findFormVersion, latestPublishedForms } from '../read-models/index.ts';
import {
  findHoursInternship,
  linkedInternship,
  reachInternship,
  type THoursInternship,
} from '../hours/index.ts';
import type { TCaller } from '../shared/caller.ts';
import { record } from '../shared/events.ts';
import { SYSTEM, type TChangeActor, type TCtx, type TUseCaseCtx } from '../shared/request.ts';
import { issueEvaluationLink } from './evaluations-link.ts';
import { consumeSupervisorLink } from '../shared/supervisor-links.ts';
import { revokeInternshipLinks } from '../internships/index.ts';
import {
  assertEvaluationsTenant,
  assertTemplateManager,
  legacyTenant,
  partForm,
  type TPartForm,
} from './evaluations.policy.ts';
import {
  evaluationOf,
  findPeriod,
  findTemplate,
  insertEvaluation,
  insertResponses,
  insertTemplate,
  internshipsOfPeriod,
  isPhaseOfSchool,
  listTemplates,
  openedFrom,
  responsesOf,
  setLinkSent,
  submitResponse,
  templateOfPeriod,
  templateOfPhase,
  updateTemplate,
  type TEvaluationRow,
  type TResponseRow,
  type TTemplateRow,
} from './evaluations.repository.ts';
import type { TStoredRoleConfig, TStoredRoles } from './evaluations.table.ts';

// ---------------------------------------------------------------------------------------------
// Templates

export interface TTemplateView {
  row: TTemplateRow;
  forms: Partial<Record<TEvaluationRole, TPartForm>>;
}

async function templateView(ctx: TCtx, row: TTemplateRow): Promise<TTemplateView> {
  const forms: TTemplateView['forms'] = {};
  for (const role of EVALUATION_ROLES) {
    const config = row.roles[role];
    if (!config) continue;
    const form = await partForm(ctx, role, config.form_id, config.version);
    if (form) forms[role] = form;
  }
  return { row, forms };
}

/** The template when the caller manages its school's templates; 404 for another school's (not revealed). */
async function ownTemplate(ctx: TCtx, caller: TCaller, id: string): Promise<TTemplateRow> {
  assertEvaluationsTenant(ctx);
  const schoolId = assertTemplateManager(caller);
  const row = await findTemplate(ctx.db, id);
  if (!row || row.school_id !== schoolId) throw notFound();
  return row;
}

export async function listEvaluationTemplates(
  ctx: TCtx,
  caller: TCaller,
  scope: { internship_period_id?: string; phase_id?: string },
): Promise<TTemplateView[]> {
  assertEvaluationsTenant(ctx);
  const schoolId = assertTemplateManager(caller);
  const rows = await listTemplates(ctx.db, schoolId, scope);
  return Promise.all(rows.map((r) => templateView(ctx, r)));
}

export async function readEvaluationTemplate(ctx: TCtx, caller: TCaller, id: string) {
  return templateView(ctx, await ownTemplate(ctx, caller, id));
}

/** The forms a template may name: the newest published version of each evaluation form (none on legacy tenants). */
export async function evaluationFormOptions(ctx: TCtx, caller: TCaller) {
  assertEvaluationsTenant(ctx);
  assertTemplateManager(caller);
  if (legacyTenant(ctx)) return [];
  return latestPublishedForms(ctx.db, ctx.tenant.id, 'evaluation');
}

const invalid = (pointer: string, code: 'evaluation_form_unknown' | 'validation_failed') =>
  new ApiError(code, {}, { pointer: `/data/attributes/roles/${pointer}` });

/**
 * The roles as stored: each asked role's form (the legacy form on legacy tenants, whatever was sent;
 * elsewhere a published, not archived evaluation form version), its weight and weights that name only
 * the form's scale questions or their sections.
 */
async function storedRoles(ctx: TCtx, input: TEvaluationRolesInput): Promise<TStoredRoles> {
  const roles: TStoredRoles = {};
  for (const role of EVALUATION_ROLES) {
    const r: TEvaluationRoleInput | undefined = input[role];
    if (!r) continue;
    let config: TStoredRoleConfig;
    if (legacyTenant(ctx)) {
      config = { form_id: null, version: LEGACY_EVALUATION_FORM_VERSION, weight: 1, weights: {} };
    } else {
      if (!r.form_id || !r.version) throw invalid(`${role}/form_id`, 'evaluation_form_unknown');
      const found = await findFormVersion(ctx.db, ctx.tenant.id, r.form_id, r.version);
      if (!found || found.purpose !== 'evaluation' || found.archived)
        throw invalid(`${role}/form_id`, 'evaluation_form_unknown');
      config = { form_id: r.form_id, version: r.version, weight: 1, weights: {} };
    }
    const form = (await partForm(ctx, role, config.form_id, config.version))!;
    const allowed = weightableIds(form.definition);
    for (const key of Object.keys(r.weights ?? {}))
      if (!allowed.has(key)) throw invalid(`${role}/weights/${key}`, 'validation_failed');
    roles[role] = { ...config, weight: r.weight ?? 1, weights: { ...(r.weights ?? {}) } };
  }
  return roles;
}

const templatePayload = (
  row: Pick<TTemplateRow, 'id' | 'school_id' | 'scope_kind' | 'scope_id' | 'name' | 'roles'>,
): TEventPayload<'placements.evaluation_template.created'> => ({
  template_id: row.id,
  school_id: row.school_id,
  scope_kind: row.scope_kind,
  internship_period_id: row.scope_kind === 'internship_period' ? row.scope_id : null,
  phase_id: row.scope_kind === 'phase' ? row.scope_id : null,
  name: row.name,
  roles: {
    student: row.roles.student ?? null,
    supervisor: row.roles.supervisor ?? null,
    mentor: row.roles.mentor ?? null,
  },
});

/**
 * The template's scope: one of the school's periods, or a phase of one of the school's workflow
 * definitions (a draft's or a published version's; another school's or an unknown phase: 404 at
 * `phase_id`). Publishing checks again that an evaluation task names its own phase's template.
 */
async function scopeOf(ctx: TCtx, schoolId: string, input: TEvaluationTemplateInput) {
  if (input.phase_id) {
    if (!(await isPhaseOfSchool(ctx.db, schoolId, input.phase_id)))
      throw new ApiError('not_found', {}, { pointer: '/data/attributes/phase_id' });
    return { scope_kind: 'phase' as const, scope_id: input.phase_id };
  }
  const period = input.internship_period_id
    ? await findPeriod(ctx.db, input.internship_period_id)
    : undefined;
  if (!period || period.school_id !== schoolId)
    throw new ApiError('not_found', {}, { pointer: '/data/attributes/internship_period_id' });
  return { scope_kind: 'internship_period' as const, scope_id: period.id };
}

/**
 * A school's template for one of its periods or one of its workflow phases (one per scope: 409
 * `evaluation_template_exists` for a period, `evaluation_template_phase_exists` for a phase).
 */
export async function createEvaluationTemplate(
  ctx: TCtx,
  caller: TCaller,
  input: TEvaluationTemplateInput,
): Promise<TTemplateView> {
  assertEvaluationsTenant(ctx);
  const schoolId = assertTemplateManager(caller);
  const scope = await scopeOf(ctx, schoolId, input);
  const roles = await storedRoles(ctx, input.roles);
  const id = await insertTemplate(ctx.db, {
    tenant_id: ctx.tenant.id,
    school_id: schoolId,
    ...scope,
    name: input.name,
    roles,
    created_by: caller.userId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  if (!id)
    throw new ApiError(
      scope.scope_kind === 'phase' ? 'evaluation_template_phase_exists' : 'evaluation_template_exists',
    );
  const row = (await findTemplate(ctx.db, id))!;
  await record(
    ctx,
    caller,
    'placements.evaluation_template.created',
    templateSubject(id),
    templatePayload(row),
  );
  return templateView(ctx, row);
}

const templateSubject = (id: string) => ({ type: 'evaluation_template', id });

/** Name always; the roles only until an evaluation was opened with them (409 `evaluation_template_in_use`). */
export async function changeEvaluationTemplate(
  ctx: TCtx,
  caller: TCaller,
  id: string,
  input: Partial<Pick<TEvaluationTemplateInput, 'name' | 'roles'>>,
): Promise<TTemplateView> {
  const row = await ownTemplate(ctx, caller, id);
  if (input.roles && row.opened_count > 0) throw new ApiError('evaluation_template_in_use');
  const roles = input.roles ? await storedRoles(ctx, input.roles) : row.roles;
  await updateTemplate(ctx.db, id, { name: input.name ?? row.name, roles, updated_at: ctx.now });
  const changed = (await findTemplate(ctx.db, id))!;
  await record(
    ctx,
    caller,
    'placements.evaluation_template.updated',
    templateSubject(id),
    templatePayload(changed),
  );
  return templateView(ctx, changed);
}

// ---------------------------------------------------------------------------------------------
// One internship's evaluation

export interface TPartView {
  row: TResponseRow;
  form: TPartForm;
}

export interface TEvaluationView {
  internship: THoursInternship;
  relation: TEvaluationRelation | null;
  template: TTemplateRow | undefined;
  evaluation: TEvaluationRow | undefined;
  parts: TPartView[];
  score: number | null;
  actions: TEvaluationAction[];
  state: TEvaluationState;
}

const scoreOf = (parts: readonly TResponseRow[]) =>
  evaluationScore(
    parts.filter((p) => p.state === 'submitted').map((p) => ({ score: p.score, weight: p.weight })),
  );

async function load(
  ctx: TCtx,
  internship: THoursInternship,
  relation: TEvaluationRelation | null,
  forUpdate = false,
): Promise<TEvaluationView> {
  const [template, evaluation] = await Promise.all([
    internship.internship_period_id ? templateOfPeriod(ctx.db, internship.internship_period_id) : undefined,
    evaluationOf(ctx.db, internship.id, { forUpdate }),
  ]);
  const rows = evaluation ? await responsesOf(ctx.db, evaluation.id) : [];
  const parts: TPartView[] = [];
  for (const role of EVALUATION_ROLES) {
    const row = rows.find((r) => r.role === role);
    if (!row) continue;
    const form = await partForm(ctx, role, row.form_id, row.form_version);
    if (form) parts.push({ row, form });
  }
  const state: TEvaluationState = {
    running: EVALUATION_STATUSES.includes(internship.status),
    hasTemplate: !!template,
    opened: !!evaluation,
    roles: parts.map((p) => p.row.role),
    states: Object.fromEntries(parts.map((p) => [p.row.role, p.row.state])),
    hasSupervisor: !!internship.supervisor_email,
    supervisorApproved: internship.supervisor_approved,
  };
  return {
    internship,
    relation,
    template,
    evaluation,
    parts,
    score: scoreOf(rows),
    actions: evaluationActionsFor(relation, state),
    state,
  };
}

/** The evaluation of an internship the caller is a party to (`reachInternship`: 404 otherwise, not revealed). */
async function reach(ctx: TCtx, caller: TCaller, internshipId: string, forUpdate = false) {
  assertEvaluationsTenant(ctx);
  const { internship, relation } = await reachInternship(ctx.db, caller, internshipId, { forUpdate });
  return load(ctx, internship, relation, forUpdate);
}

async function step(ctx: TCtx, caller: TCaller, internshipId: string, action: TEvaluationAction) {
  // The internship row is locked: one evaluation's changes (and events) are serialized.
  const view = await reach(ctx, caller, internshipId, true);
  if (mayTakeEvaluationAction(view.relation, action, view.state)) return view;
  if (action === 'open' && view.relation === 'school') {
    if (view.state.opened) throw new ApiError('invalid_evaluation_action');
    if (!view.state.hasTemplate) throw new ApiError('evaluation_no_template');
    throw new ApiError('invalid_evaluation_action');
  }
  if (action === 'fill' && answeringRoleOf(view.relation)) {
    const role = answeringRoleOf(view.relation)!;
    if (!view.state.opened) throw new ApiError('evaluation_not_open');
    if (view.state.states[role] === 'submitted') throw new ApiError('evaluation_already_submitted');
  }
  if (action === 'send_link' && view.relation === 'school') {
    if (!view.state.opened) throw new ApiError('evaluation_not_open');
    // Allowed but for the supervisor: say which of theirs is missing (nobody named, or not approved).
    if (mayTakeEvaluationAction(view.relation, action, { ...view.state, supervisorApproved: true }))
      throw new ApiError(
        view.state.hasSupervisor ? 'supervisor_not_approved' : 'evaluation_no_supervisor_email',
      );
    throw new ApiError('invalid_evaluation_action');
  }
  throw forbidden();
}

export async function readEvaluation(
  ctx: TCtx,
  caller: TCaller,
  internshipId: string,
): Promise<TEvaluationView> {
  return reach(ctx, caller, internshipId);
}

const figures = (
  view: Pick<TEvaluationView, 'evaluation' | 'internship'>,
  rows: readonly TResponseRow[],
): TEventPayload<'placements.evaluation.opened'> => ({
  evaluation_id: view.evaluation!.id,
  internship_id: view.internship.id,
  template_id: view.evaluation!.template_id,
  states: Object.fromEntries(rows.map((r) => [r.role, r.state])) as Partial<
    Record<TEvaluationRole, TEvaluationResponseState>
  >,
  score: scoreOf(rows),
});

/** Mails the supervisor a new link (older ones to that address stop working); `link_sent` event. */
async function mailEvaluationLink(
  ctx: TUseCaseCtx,
  actor: TChangeActor,
  view: TEvaluationView,
): Promise<boolean> {
  const email = view.internship.supervisor_email;
  // Only to a supervisor the school approved (issue #31).
  if (!email || !view.internship.supervisor_approved) return false;
  const { expiresAt } = await issueEvaluationLink(ctx, actor, view.internship, email);
  await setLinkSent(ctx.db, view.evaluation!.id, ctx.now);
  await record(ctx, actor, 'placements.evaluation.link_sent', internshipSubject(view.internship.id), {
    ...figures(
      view,
      view.parts.map((p) => p.row),
    ),
    expires_at: expiresAt.toISOString(),
  });
  return true;
}

const internshipSubject = (id: string) => ({ type: 'internship', id });

/**
 * Opens the internship's evaluation from its period's template: a part per asked role, each with the
 * template's form version and weights copied (a later template change does not move answered forms).
 * When the supervisor is asked and the internship has their address, their link goes out at once.
 */
async function openFor(
  ctx: TUseCaseCtx,
  actor: TChangeActor,
  view: TEvaluationView,
): Promise<{ linkSent: boolean }> {
  const template = view.template!;
  const evaluation = await insertEvaluation(ctx.db, {
    tenant_id: ctx.tenant.id,
    internship_id: view.internship.id,
    template_id: template.id,
    opened_by: actor.userId,
    opened_at: ctx.now,
    link_sent_at: null,
  });
  if (!evaluation) throw new ApiError('invalid_evaluation_action');
  await insertResponses(
    ctx.db,
    EVALUATION_ROLES.flatMap((role) => {
      const config = template.roles[role];
      return config
        ? [
            {
              tenant_id: ctx.tenant.id,
              evaluation_id: evaluation.id,
              role,
              form_id: config.form_id,
              form_version: config.version,
              weight: config.weight,
              weights: config.weights,
              state: 'open' as const,
              answers: null,
              score: null,
              submitted_by: null,
              submitted_at: null,
              updated_at: ctx.now,
            },
          ]
        : [];
    }),
  );
  const opened = await load(ctx, view.internship, view.relation);
  await record(
    ctx,
    actor,
    'placements.evaluation.opened',
    internshipSubject(view.internship.id),
    figures(
      opened,
      opened.parts.map((p) => p.row),
    ),
  );
  const linkSent =
    opened.state.states.supervisor === 'open' && (await mailEvaluationLink(ctx, actor, opened));
  return { linkSent };
}

export async function openEvaluation(ctx: TUseCaseCtx, caller: TCaller, internshipId: string) {
  const view = await step(ctx, caller, internshipId, 'open');
  await openFor(ctx, caller, view);
  return load(ctx, view.internship, view.relation);
}

/** Opens the evaluation of every running internship of the template's period that has none yet. */
export async function openTemplate(ctx: TUseCaseCtx, caller: TCaller, templateId: string) {
  const template = await ownTemplate(ctx, caller, templateId);
  let opened = 0;
  let linksSent = 0;
  for (const { id } of await internshipsOfPeriod(
    ctx.db,
    template.school_id,
    template.scope_id,
    EVALUATION_STATUSES,
  )) {
    const internship = (await findHoursInternship(ctx.db, id, { forUpdate: true }))!;
    const view = await load(ctx, internship, 'school', true);
    if (view.state.opened || view.template?.id !== template.id) continue;
    const { linkSent } = await openFor(ctx, caller, view);
    opened += 1;
    if (linkSent) linksSent += 1;
  }
  return { opened, linksSent };
}

/**
 * The internship entered a workflow phase (`placements.internship_phase.entered`): when its school has
 * an evaluation template for that phase (scope kind `phase`), the internship's evaluation opens from it
 * (once: a phase entered again, after a migration, opens nothing new), the supervisor's link going out as
 * when the school opens one. The phase's evaluation tasks complete when their parts are sent.
 */
export async function openPhaseEvaluation(
  ctx: TUseCaseCtx,
  input: { internship_id: string; phase_id: string },
): Promise<boolean> {
  if (!evaluationsAvailable(ctx.tenant.features)) return false;
  const internship = await findHoursInternship(ctx.db, input.internship_id, { forUpdate: true });
  if (!internship || !EVALUATION_STATUSES.includes(internship.status)) return false;
  const template = await templateOfPhase(ctx.db, internship.school_id, input.phase_id);
  if (!template || (await openedFrom(ctx.db, internship.id, template.id))) return false;
  const view = await load(ctx, internship, 'school', true);
  await openFor(ctx, SYSTEM, { ...view, template });
  return true;
}

/** The school (re)sends the supervisor's link to the internship's own address (nobody chooses where it goes). */
export async function sendEvaluationLink(ctx: TUseCaseCtx, caller: TCaller, internshipId: string) {
  const view = await step(ctx, caller, internshipId, 'send_link');
  if (!(await mailEvaluationLink(ctx, caller, view)))
    throw new ApiError(
      view.internship.supervisor_email ? 'supervisor_not_approved' : 'evaluation_no_supervisor_email',
    );
  return load(ctx, view.internship, view.relation);
}

export type TSubmitOutcome<T> =
  { kind: 'stored'; value: T } | { kind: 'invalid'; issues: z.core.$ZodIssue[] };

/**
 * Stores a part's answers once they pass the shared schema of its frozen form
 * (`buildSubmissionSchema`: the visible questions, required ones answered, choices from their
 * options, nothing else), with the part's weighted score; then the event with the new states.
 */
async function storePart(
  ctx: TCtx,
  actor: TChangeActor,
  view: TEvaluationView,
  role: TEvaluationRole,
  answers: TAnswers,
): Promise<TSubmitOutcome<null>> {
  const part = view.parts.find((p) => p.row.role === role);
  if (!part) throw new ApiError('invalid_evaluation_action');
  if (part.row.state === 'submitted') throw new ApiError('evaluation_already_submitted');
  const parsed = buildSubmissionSchema(part.form.definition, answers).safeParse(answers);
  if (!parsed.success) return { kind: 'invalid', issues: parsed.error.issues };
  const score = partScore(part.form.definition, parsed.data, part.row.weights);
  await submitResponse(ctx.db, part.row.id, {
    answers: parsed.data,
    score,
    submitted_by: actor.userId,
    submitted_at: ctx.now,
    updated_at: ctx.now,
  });
  const rows = await responsesOf(ctx.db, view.evaluation!.id);
  await record(ctx, actor, 'placements.evaluation.submitted', internshipSubject(view.internship.id), {
    ...figures(view, rows),
    role,
    form_id: part.row.form_id,
    form_version: part.row.form_version,
    part_score: score,
  });
  return { kind: 'stored', value: null };
}

/** The student or the mentor sends their own part. */
export async function submitOwnPart(
  ctx: TCtx,
  caller: TCaller,
  internshipId: string,
  answers: TAnswers,
): Promise<TSubmitOutcome<TEvaluationView>> {
  const view = await step(ctx, caller, internshipId, 'fill');
  const outcome = await storePart(ctx, caller, view, answeringRoleOf(view.relation)!, answers);
  if (outcome.kind === 'invalid') return outcome;
  const after = await load(ctx, view.internship, view.relation);
  await closeIfFinal(ctx, after);
  return { kind: 'stored', value: after };
}

/** Every asked part is sent: the evaluation is final (graded). */
const isFinal = (parts: readonly Pick<TResponseRow, 'state'>[]) =>
  parts.length > 0 && parts.every((p) => p.state === 'submitted');

/** A final evaluation needs no supervisor's link any more: the live ones are revoked (`subject_closed`). */
async function closeIfFinal(ctx: TCtx, view: TEvaluationView): Promise<void> {
  if (isFinal(view.parts.map((p) => p.row)))
    await revokeInternshipLinks(ctx, view.internship.id, 'subject_closed', [EVALUATION_LINK_ACTION]);
}

// ---------------------------------------------------------------------------------------------
// The supervisor, by link

/**
 * The link's internship and its evaluation's supervisor part; a link about anything else is refused,
 * and one whose purpose ended (the internship left the evaluated statuses, its supervisor's address
 * changed, the evaluation is final) answers as revoked.
 */
async function linkedView(ctx: TCtx, link: TLinkActor, forUpdate = false) {
  assertEvaluationsTenant(ctx);
  const internship = await linkedInternship(ctx.db, link, EVALUATION_LINK_ACTION, { forUpdate });
  const view = await load(ctx, internship, null, forUpdate);
  if (isFinal(view.parts.map((p) => p.row))) throw new ApiError('link_revoked');
  const part = view.parts.find((p) => p.row.role === 'supervisor');
  if (!part) throw new ApiError('evaluation_not_open');
  return { view, part };
}

export async function supervisorPartByLink(ctx: TCtx, link: TLinkActor) {
  const { view, part } = await linkedView(ctx, link);
  return { view, part, expiresAt: link.expiresAt };
}

export async function submitByLink(
  ctx: TCtx,
  link: TLinkActor,
  answers: TAnswers,
): Promise<TSubmitOutcome<Awaited<ReturnType<typeof supervisorPartByLink>>>> {
  const { view } = await linkedView(ctx, link, true);
  const outcome = await storePart(ctx, SYSTEM, view, 'supervisor', answers);
  if (outcome.kind === 'invalid') return outcome;
  await consumeSupervisorLink(ctx, link);
  // The answer shows what was sent, even when this part made the evaluation final (and ended the link).
  const after = await load(ctx, view.internship, null);
  await closeIfFinal(ctx, after);
  const part = after.parts.find((p) => p.row.role === 'supervisor')!;
  return { kind: 'stored', value: { view: after, part, expiresAt: link.expiresAt } };
}
