import type { z } from 'zod';
import type { EVALUATION_ROLES } from '@stageplein/contracts/placements/evaluations';
import {
  readableRoles,
  type TEvaluationDocument,
  type TEvaluationRoleConfig,
  type TEvaluationTemplateResource,
  type ZEvaluationByLinkDocument,
  type ZEvaluationFormOptionCollection,
} from '@stageplein/contracts/placements/evaluations';
import {
  answeringRoleOf,
  scoredFields,
  weightableIds,
} from '@stageplein/contracts/placements/evaluation-policy';
import type { TFormVersion } from '../read-models/index.ts';
import type { TEvaluationView, TTemplateView, supervisorPartByLink } from './evaluations.service.ts';

export function templateResource({ row, forms }: TTemplateView): TEvaluationTemplateResource {
  const role = (r: (typeof EVALUATION_ROLES)[number]): TEvaluationRoleConfig | null => {
    const config = row.roles[r];
    if (!config) return null;
    return {
      form_id: config.form_id,
      version: config.version,
      form_title: forms[r]?.title ?? '—',
      legacy: config.form_id === null,
      weight: config.weight,
      weights: config.weights,
    };
  };
  return {
    type: 'evaluation_template',
    id: row.id,
    attributes: {
      name: row.name,
      school_id: row.school_id,
      scope_kind: row.scope_kind,
      internship_period_id: row.scope_kind === 'internship_period' ? row.scope_id : null,
      phase_id: row.scope_kind === 'phase' ? row.scope_id : null,
      internship_period_name: row.internship_period_name,
      roles: { student: role('student'), supervisor: role('supervisor'), mentor: role('mentor') },
      opened_count: row.opened_count,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    },
  };
}

export const formOptionsDocument = (
  forms: TFormVersion[],
): z.infer<typeof ZEvaluationFormOptionCollection> => ({
  data: forms.map((f) => ({
    type: 'evaluation_form_option',
    id: f.form_id,
    attributes: {
      form_id: f.form_id,
      version: f.version,
      title: f.definition.title.nl,
      weightable: [...weightableIds(f.definition)],
      scored: scoredFields(f.definition).map(({ id, label }) => ({
        id,
        label: { nl: label.nl, en: label.en },
      })),
    },
  })),
});

/**
 * One internship's evaluation as the caller may see it: every part's state and form; answers and a
 * part's score only of the roles the caller reads (readableRoles); the overall score for anyone who
 * reads a part (the school, the mentor, the student), not the workplace organization.
 */
export function evaluationDocument(v: TEvaluationView): TEvaluationDocument {
  const readable = readableRoles(v.relation);
  return {
    data: {
      type: 'evaluation',
      id: v.internship.id,
      attributes: {
        internship_id: v.internship.id,
        template_id: v.evaluation?.template_id ?? v.template?.id ?? null,
        template_name: v.template?.name ?? null,
        opened: !!v.evaluation,
        opened_at: v.evaluation?.opened_at.toISOString() ?? null,
        score: readable.length ? v.score : null,
        parts: v.parts.map(({ row, form }) => {
          const reads = readable.includes(row.role);
          return {
            role: row.role,
            state: row.state,
            submitted_at: row.submitted_at?.toISOString() ?? null,
            form_id: row.form_id,
            form_version: row.form_version,
            legacy: row.form_id === null,
            definition: { ...form.definition },
            answers: reads ? row.answers : null,
            score: reads ? row.score : null,
            weight: row.weight,
          };
        }),
        supervisor_email: v.relation === 'school' ? v.internship.supervisor_email : null,
        supervisor_link_sent_at: v.evaluation?.link_sent_at?.toISOString() ?? null,
        own_role: answeringRoleOf(v.relation),
        actions: v.actions,
      },
    },
  };
}

/** What the supervisor sees through the link: the student, the workplace and their own part only. */
export function byLinkDocument(
  s: Awaited<ReturnType<typeof supervisorPartByLink>>,
): z.infer<typeof ZEvaluationByLinkDocument> {
  return {
    data: {
      type: 'supervisor_evaluation',
      id: s.view.internship.id,
      attributes: {
        student_name: s.view.internship.student_name,
        organization_name: s.view.internship.organization_name,
        template_name: s.view.template?.name ?? s.part.form.title,
        expires_at: s.expiresAt.toISOString(),
        state: s.part.row.state,
        submitted_at: s.part.row.submitted_at?.toISOString() ?? null,
        definition: { ...s.part.form.definition },
        answers: s.part.row.answers,
      },
    },
  };
}
