/**
 * Evaluation rules (issue #18 item 4, docs/decisions/evaluations.md), pure and zod-free so the portal
 * offers exactly what the placements service allows and computes nothing differently: who may take
 * which step, which form a role answers (the configured version or the legacy form), and the
 * weighted score.
 */
import type { TFormDefinition, TFormField, TLocalizedText } from '../forms/form-definition.ts';
import type { TPermissions } from '../identity/permissions.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import type { TTenantFeatures } from '../tenants/tenant.types.ts';
import type { TInternshipStatus } from './internships.ts';

/** The three parties that evaluate an internship; the supervisor answers through an external link. */
export const EVALUATION_ROLES = ['student', 'supervisor', 'mentor'] as const;
export type TEvaluationRole = (typeof EVALUATION_ROLES)[number];

/** A role's part: open until its answers are sent, then submitted (final). */
export const EVALUATION_RESPONSE_STATES = ['open', 'submitted'] as const;
export type TEvaluationResponseState = (typeof EVALUATION_RESPONSE_STATES)[number];

/**
 * What a template hangs on: an internship period, or a workflow phase (scope id: the phase's id, stable
 * across a definition's versions; docs/decisions/phases.md). The API makes period templates; a phase's
 * template is named by the phase's evaluation task.
 */
export const EVALUATION_SCOPE_KINDS = ['internship_period', 'phase'] as const;
export type TEvaluationScopeKind = (typeof EVALUATION_SCOPE_KINDS)[number];

/** The external link's action; its subject is `{ type: 'internship', id }`. */
export const EVALUATION_LINK_ACTION = 'fill_evaluation';
/** The public page the supervisor's mailed link opens: `/evaluatie#<token>` (the token never reaches a server in a URL). */
export const EVALUATION_SUPERVISOR_PATH = '/evaluatie';
export const EVALUATION_LINK_DAYS = 30;

/** Internships that are evaluated: agreed by the school, running or finished. */
export const EVALUATION_STATUSES: readonly TInternshipStatus[] = ['approved', 'active', 'completed'];

/** A weight of a field, a section or a role: 0 leaves it out, at most 10. */
export const MAX_EVALUATION_WEIGHT = 10;

/** Spec §1: only where the "Evaluation forms" switch is on. */
export const evaluationsAvailable = (features: Pick<TTenantFeatures, 'evaluationForms'>): boolean =>
  features.evaluationForms;

/**
 * Spec §1 "Legacy evaluation form": the fixed form (contracts/src/forms/legacy-evaluation-form.ts) is
 * answered instead of the configured one, for every role.
 */
export const usesLegacyEvaluationForm = (
  features: Pick<TTenantFeatures, 'evaluationForms' | 'legacyEvaluationForm'>,
): boolean => features.evaluationForms && features.legacyEvaluationForm;

// ---------------------------------------------------------------------------------------------
// Who may do what

/** The caller's relation to the internship (the internship policy's parties; the strongest wins). */
export type TEvaluationRelation = 'student' | 'mentor' | 'school' | 'organization';

export const EVALUATION_ACTIONS = ['open', 'fill', 'send_link', 'read_answers'] as const;
export type TEvaluationAction = (typeof EVALUATION_ACTIONS)[number];

export interface TEvaluationState {
  /** The internship's status is one of EVALUATION_STATUSES. */
  running: boolean;
  /** The internship's period has a template. */
  hasTemplate: boolean;
  /** The evaluation was opened for this internship. */
  opened: boolean;
  /** The template asks these roles. */
  roles: readonly TEvaluationRole[];
  /** The state of each asked role's part. */
  states: Partial<Record<TEvaluationRole, TEvaluationResponseState>>;
  /** The internship names a supervisor address (an account's, a named person's or the contact's). */
  hasSupervisor: boolean;
  /** The school approved that address (issue #31): links go only to an approved supervisor. */
  supervisorApproved: boolean;
}

/**
 * Templates are the school's: an admin of an approved School, acting for it (and only for its own
 * periods, which the server checks against the period).
 */
export const mayManageEvaluationTemplates = (
  permissions: Pick<TPermissions, 'isSchoolAdmin'>,
  current: TCurrentOrganizationFacts | null | undefined,
): boolean => permissions.isSchoolAdmin && current?.type === 'School' && current.status === 'approved';

/** The role the caller answers as (the supervisor has no account: only by link). */
export const answeringRoleOf = (relation: TEvaluationRelation | null): TEvaluationRole | null =>
  relation === 'student' ? 'student' : relation === 'mentor' ? 'mentor' : null;

/**
 * The school opens the evaluation of a running internship whose period has a template, and (re)sends
 * the supervisor's link while the internship runs, the supervisor's part is open and the school has
 * approved the supervisor; the student and the mentor fill their own
 * open part; the school and the mentor read every part's answers (the student reads their own, the
 * workplace organization only the states).
 */
export function mayTakeEvaluationAction(
  relation: TEvaluationRelation | null,
  action: TEvaluationAction,
  state: TEvaluationState,
): boolean {
  if (!relation) return false;
  switch (action) {
    case 'open':
      return relation === 'school' && state.running && state.hasTemplate && !state.opened;
    case 'fill': {
      const role = answeringRoleOf(relation);
      return !!role && state.opened && state.states[role] === 'open';
    }
    case 'send_link':
      // A link only while it has a purpose (the internship is evaluated and the supervisor's part open)
      // and somewhere to go: to a supervisor the school approved (the server refuses anyone else, 409).
      return (
        relation === 'school' &&
        state.running &&
        state.opened &&
        state.states.supervisor === 'open' &&
        state.supervisorApproved
      );
    case 'read_answers':
      return relation === 'school' || relation === 'mentor';
  }
}

export const evaluationActionsFor = (
  relation: TEvaluationRelation | null,
  state: TEvaluationState,
): TEvaluationAction[] => EVALUATION_ACTIONS.filter((a) => mayTakeEvaluationAction(relation, a, state));

/** Whose answers the caller reads: every role's (school, mentor), their own (student) or none. */
export function readableRoles(relation: TEvaluationRelation | null): readonly TEvaluationRole[] {
  if (relation === 'school' || relation === 'mentor') return EVALUATION_ROLES;
  if (relation === 'student') return ['student'];
  return [];
}

/** The evaluation as one word for lists (progress): none, open, partly or fully submitted. */
export type TEvaluationProgress = 'none' | 'open' | 'partly_submitted' | 'submitted';

export function evaluationProgress(states: readonly TEvaluationResponseState[] | null): TEvaluationProgress {
  if (!states || states.length === 0) return 'none';
  const submitted = states.filter((s) => s === 'submitted').length;
  if (submitted === 0) return 'open';
  return submitted === states.length ? 'submitted' : 'partly_submitted';
}

// ---------------------------------------------------------------------------------------------
// Weighted scoring

/** Weights of one role's part: per scored field or per section (a field's own weight wins), and the part's. */
export interface TEvaluationWeights {
  /** The role's weight in the evaluation's score (default 1). */
  weight?: number | undefined;
  /** Keyed by a scale question's id or a section's id (default 1; 0 leaves it out). */
  weights?: Readonly<Record<string, number>> | undefined;
}

export interface TScoredField {
  id: string;
  sectionId: string;
  min: number;
  max: number;
  /** The question as asked (what a screen setting weights lists). */
  label: TLocalizedText;
}

/** The scored questions of a form: its scale (rating) questions, in order. */
export function scoredFields(definition: Pick<TFormDefinition, 'pages'>): TScoredField[] {
  return definition.pages.flatMap((page) =>
    page.sections.flatMap((section) =>
      section.fields
        .filter((f): f is Extract<TFormField, { type: 'scale' }> => f.type === 'scale')
        .map((f) => ({ id: f.id, sectionId: section.id, min: f.min, max: f.max, label: f.label })),
    ),
  );
}

/** Ids a weight may name in a form: its scale questions and the sections holding one. */
export function weightableIds(definition: Pick<TFormDefinition, 'pages'>): Set<string> {
  const ids = new Set<string>();
  for (const f of scoredFields(definition)) {
    ids.add(f.id);
    ids.add(f.sectionId);
  }
  return ids;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * One part's score, 0–100 with one decimal: the weighted mean of its answered scale questions, each
 * as the share of its range (`(answer − min) / (max − min)`). A question's weight is its own, else its
 * section's, else 1; weight 0 leaves it out. Null when nothing scored was answered (or all weigh 0).
 */
export function partScore(
  definition: Pick<TFormDefinition, 'pages'>,
  answers: Readonly<Record<string, unknown>> | null,
  weights: TEvaluationWeights['weights'] = {},
): number | null {
  if (!answers) return null;
  let total = 0;
  let weightSum = 0;
  for (const f of scoredFields(definition)) {
    const value = answers[f.id];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const weight = weights[f.id] ?? weights[f.sectionId] ?? 1;
    if (weight <= 0) continue;
    total += weight * ((Math.min(Math.max(value, f.min), f.max) - f.min) / (f.max - f.min));
    weightSum += weight;
  }
  return weightSum === 0 ? null : round1((total / weightSum) * 100);
}

/**
 * The evaluation's score: the weighted mean of the submitted parts' scores (a part without a score or
 * with weight 0 does not count). Null until one counts.
 */
export function evaluationScore(
  parts: readonly { score: number | null; weight?: number | undefined }[],
): number | null {
  let total = 0;
  let weightSum = 0;
  for (const p of parts) {
    const weight = p.weight ?? 1;
    if (p.score === null || weight <= 0) continue;
    total += weight * p.score;
    weightSum += weight;
  }
  return weightSum === 0 ? null : round1(total / weightSum);
}

/** A score as a Dutch grade 1–10 with one decimal (1 + 9 × share), as schools report it. */
export const gradeOf = (score: number): number => round1(1 + (9 * score) / 100);
