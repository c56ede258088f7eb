import { z } from 'zod';
import { ZEvaluationResponseState, ZEvaluationRole } from '../placements/evaluations.ts';

/**
 * Evaluation events (docs/decisions/evaluations.md). A template's subject is the template; an
 * evaluation's is the internship, so one internship's evaluation events stay in order. No answers:
 * they are personal data and stay in placements; the states and scores are enough for progress.
 */
const ZRoleConfig = z.object({
  form_id: z.uuid().nullable(),
  version: z.number().int(),
  weight: z.number(),
  weights: z.record(z.string(), z.number()),
});

const ZTemplate = z.object({
  template_id: z.uuid(),
  school_id: z.uuid(),
  scope_kind: z.string(),
  /** The scope: a period, or a workflow phase (the other null). */
  internship_period_id: z.uuid().nullable(),
  phase_id: z.uuid().nullable(),
  name: z.string(),
  roles: z.object({
    student: ZRoleConfig.nullable(),
    supervisor: ZRoleConfig.nullable(),
    mentor: ZRoleConfig.nullable(),
  }),
});

const ZEvaluationFigures = z.object({
  evaluation_id: z.uuid(),
  internship_id: z.uuid(),
  template_id: z.uuid(),
  states: z.partialRecord(ZEvaluationRole, ZEvaluationResponseState),
  score: z.number().nullable(),
});

/** Payload schemas of the evaluation events (spread into EVENT_PAYLOADS). */
export const EVALUATION_EVENT_PAYLOADS = {
  'placements.evaluation_template.created': ZTemplate,
  'placements.evaluation_template.updated': ZTemplate,
  /** The school opened the internship's evaluation (every asked role's part is open). */
  'placements.evaluation.opened': ZEvaluationFigures,
  /** A role's part was sent (the supervisor's through the link: actor none, the link's use log says who). */
  'placements.evaluation.submitted': ZEvaluationFigures.extend({
    role: ZEvaluationRole,
    form_id: z.uuid().nullable(),
    form_version: z.number().int(),
    part_score: z.number().nullable(),
  }),
  /** A new link went to the supervisor; older ones no longer work. */
  'placements.evaluation.link_sent': ZEvaluationFigures.extend({ expires_at: z.string() }),
} as const satisfies Record<string, z.ZodType>;
