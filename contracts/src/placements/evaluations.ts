import { z } from 'zod';
import { ZFormKey } from '../forms/form-definition.ts';
import { zCollectionOf, zDocumentOf, zRequestBodyOf, zResourceOf } from '../jsonapi/jsonapi.ts';
import { zDecimal } from '../validation/field-rules.ts';
import {
  EVALUATION_ACTIONS,
  EVALUATION_RESPONSE_STATES,
  EVALUATION_ROLES,
  EVALUATION_SCOPE_KINDS,
  MAX_EVALUATION_WEIGHT,
} from './evaluation-policy.ts';

/**
 * Wire schemas of evaluations (issue #18 item 4, docs/decisions/evaluations.md):
 * `/api/v1/evaluation_templates` (a school's template per internship period: a published form version
 * per role, optional weights), `/api/v1/internships/{id}/evaluation` (one internship's evaluation: a
 * part per role, its state, the weighted score) and `/api/v1/evaluations/supervisor` (the workplace
 * supervisor's part through an external link, no account).
 */

export * from './evaluation-policy.ts';

export const ZEvaluationRole = z.enum(EVALUATION_ROLES);
export const ZEvaluationResponseState = z.enum(EVALUATION_RESPONSE_STATES);
export const ZEvaluationAction = z.enum(EVALUATION_ACTIONS);
export const ZEvaluationScopeKind = z.enum(EVALUATION_SCOPE_KINDS);

const ZWeight = zDecimal(z.number().min(0).max(MAX_EVALUATION_WEIGHT));

/**
 * One role's part of a template: the published evaluation form version it answers (none on legacy
 * tenants: the fixed form), the part's weight in the score and weights per scale question or section.
 */
export const ZEvaluationRoleInput = z
  .object({
    form_id: z.uuid().nullable().optional(),
    version: z.number().int().min(1).nullable().optional(),
    weight: ZWeight.optional(),
    weights: z.record(ZFormKey, ZWeight).optional(),
  })
  .strict();
export type TEvaluationRoleInput = z.infer<typeof ZEvaluationRoleInput>;

export const ZEvaluationRolesInput = z
  .object({
    student: ZEvaluationRoleInput.optional(),
    supervisor: ZEvaluationRoleInput.optional(),
    mentor: ZEvaluationRoleInput.optional(),
  })
  .strict()
  .refine((r) => Object.values(r).some(Boolean), { message: 'At least one role', path: [] });
export type TEvaluationRolesInput = z.infer<typeof ZEvaluationRolesInput>;

/**
 * A template's scope is exactly one of: an internship period of the School, or a phase of one of its
 * workflow definitions (docs/decisions/phases.md; the phase's evaluation tasks name the template).
 */
export const ZEvaluationTemplateInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    internship_period_id: z.uuid().optional(),
    phase_id: z.uuid().optional(),
    roles: ZEvaluationRolesInput,
  })
  .strict();
export type TEvaluationTemplateInput = z.infer<typeof ZEvaluationTemplateInput>;
export const ZEvaluationTemplateCreateBody = zRequestBodyOf(
  'evaluation_template',
  ZEvaluationTemplateInput.refine(
    (t) => (t.internship_period_id === undefined) !== (t.phase_id === undefined),
    {
      path: ['internship_period_id'],
      params: { i18nKey: 'validation.required' },
    },
  ),
);
export const ZEvaluationTemplateUpdateBody = zRequestBodyOf(
  'evaluation_template',
  ZEvaluationTemplateInput.omit({ internship_period_id: true, phase_id: true }).partial(),
);

/** A role's part as stored: the form (null: the legacy form) with its title, and the weights. */
export const ZEvaluationRoleConfig = z.object({
  form_id: z.uuid().nullable(),
  version: z.number().int(),
  form_title: z.string(),
  legacy: z.boolean(),
  weight: z.number(),
  weights: z.record(z.string(), z.number()),
});
export type TEvaluationRoleConfig = z.infer<typeof ZEvaluationRoleConfig>;

export const ZEvaluationTemplateAttributes = z.object({
  name: z.string(),
  school_id: z.uuid(),
  scope_kind: ZEvaluationScopeKind,
  /** The scope: the period (scope kind `internship_period`) or the workflow phase (`phase`); the other null. */
  internship_period_id: z.uuid().nullable(),
  phase_id: z.uuid().nullable(),
  internship_period_name: z.string().nullable(),
  roles: z.object({
    student: ZEvaluationRoleConfig.nullable(),
    supervisor: ZEvaluationRoleConfig.nullable(),
    mentor: ZEvaluationRoleConfig.nullable(),
  }),
  /** How many internships have their evaluation opened with it (the forms are fixed from the first). */
  opened_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TEvaluationTemplateAttributes = z.infer<typeof ZEvaluationTemplateAttributes>;
export const ZEvaluationTemplateResource = zResourceOf('evaluation_template', ZEvaluationTemplateAttributes);
export type TEvaluationTemplateResource = z.infer<typeof ZEvaluationTemplateResource>;
export const ZEvaluationTemplateDocument = zDocumentOf(ZEvaluationTemplateResource);
export const ZEvaluationTemplateCollection = zCollectionOf(ZEvaluationTemplateResource);

/** The period templates (of one period), or with `phase_id` that workflow phase's. */
export const ZEvaluationTemplatesQuery = z.object({
  internship_period_id: z.uuid().optional(),
  phase_id: z.uuid().optional(),
});

/** A form a template may name: the newest published version of each evaluation form, its scored ids. */
export const ZEvaluationFormOptionAttributes = z.object({
  form_id: z.uuid(),
  version: z.number().int(),
  title: z.string(),
  /** Ids a weight may name: scale questions and their sections. */
  weightable: z.array(z.string()),
  /** The scored (scale) questions in order, as `scoredFields` finds them, so a screen can weigh each. */
  scored: z.array(z.object({ id: z.string(), label: z.object({ nl: z.string(), en: z.string() }) })),
});
export const ZEvaluationFormOptionCollection = zCollectionOf(
  zResourceOf('evaluation_form_option', ZEvaluationFormOptionAttributes),
);

/** `POST /evaluation_templates/{id}/open`: how many internships of the period got their evaluation now. */
export const ZEvaluationOpenedDocument = z.object({
  meta: z.object({ opened: z.number().int(), links_sent: z.number().int() }),
});

// --- One internship's evaluation -------------------------------------------------------------------

/** A definition travels as plain JSON (its full schema is deep and cross-field: forms.md). */
const ZDefinitionJson = z.record(z.string(), z.unknown());

export const ZEvaluationPart = z.object({
  role: ZEvaluationRole,
  state: ZEvaluationResponseState,
  submitted_at: z.string().nullable(),
  form_id: z.uuid().nullable(),
  form_version: z.number().int(),
  legacy: z.boolean(),
  /** The frozen form this part answers. */
  definition: ZDefinitionJson,
  /** Null where the caller may not read them (or nothing is sent yet). */
  answers: z.record(z.string(), z.unknown()).nullable(),
  /** 0–100, null without answered scale questions (or when the caller may not read the answers). */
  score: z.number().nullable(),
  weight: z.number(),
});
export type TEvaluationPart = z.infer<typeof ZEvaluationPart>;

export const ZEvaluationAttributes = z.object({
  internship_id: z.uuid(),
  template_id: z.uuid().nullable(),
  template_name: z.string().nullable(),
  /** Opened for this internship (parts exist); false while only a template exists. */
  opened: z.boolean(),
  opened_at: z.string().nullable(),
  /** The weighted score of the submitted parts, 0–100; null until one counts or when hidden. */
  score: z.number().nullable(),
  parts: z.array(ZEvaluationPart),
  supervisor_email: z.string().nullable(),
  supervisor_link_sent_at: z.string().nullable(),
  /** The part the caller answers (student, mentor), if any. */
  own_role: ZEvaluationRole.nullable(),
  /** What the caller may do now (evaluationActionsFor). */
  actions: z.array(ZEvaluationAction),
});
export type TEvaluationAttributes = z.infer<typeof ZEvaluationAttributes>;
export const ZEvaluationDocument = zDocumentOf(zResourceOf('evaluation', ZEvaluationAttributes));
export type TEvaluationDocument = z.infer<typeof ZEvaluationDocument>;

/** A part's answers; checked against its frozen form with `buildSubmissionSchema`. */
export const ZEvaluationAnswersBody = zRequestBodyOf(
  'evaluation_response',
  z.object({ answers: z.record(z.string(), z.unknown()) }).strict(),
);

// --- The supervisor, by the mailed link ------------------------------------------------------------

export const ZEvaluationByLinkAttributes = z.object({
  student_name: z.string(),
  organization_name: z.string().nullable(),
  template_name: z.string(),
  expires_at: z.string(),
  state: ZEvaluationResponseState,
  submitted_at: z.string().nullable(),
  definition: ZDefinitionJson,
  answers: z.record(z.string(), z.unknown()).nullable(),
});
export type TEvaluationByLinkAttributes = z.infer<typeof ZEvaluationByLinkAttributes>;
export const ZEvaluationByLinkDocument = zDocumentOf(
  zResourceOf('supervisor_evaluation', ZEvaluationByLinkAttributes),
);

/** Progress's column (stagevoortgang): the parts' states in one word and the score. */
export const ZProgressEvaluation = z.object({
  state: z.enum(['none', 'open', 'partly_submitted', 'submitted']),
  /** The roles whose part was opened (the template's asked roles), so a student knows theirs waits. */
  asked: z.array(ZEvaluationRole),
  submitted: z.array(ZEvaluationRole),
  score: z.number().nullable(),
});
export type TProgressEvaluation = z.infer<typeof ZProgressEvaluation>;
