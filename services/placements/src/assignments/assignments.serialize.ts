import {
  completionOf,
  formKey,
  isOverdue,
  type TAssignmentResource,
  type TAssignmentTaskResource,
  type TSupervisorAssignmentsAttributes,
} from '@stageplein/contracts/placements/assignments';
import type { TAssignmentView, TSupervisorView } from './assignments.service.ts';
import type { TTaskWithNames } from './assignments.repository.ts';

const texts = (t: { nl: string; en?: string }) => ({ nl: t.nl, en: t.en ?? '' });

export function assignmentResource(v: TAssignmentView): TAssignmentResource {
  const a = v.assignment;
  const c = completionOf(v.tasks);
  return {
    type: 'assignment',
    id: a.id,
    attributes: {
      school_id: a.school_id,
      title: texts(a.title),
      instructions: texts(a.instructions),
      form_id: a.form_id,
      form_version: a.form_version,
      form_title: v.formTitle ? texts(v.formTitle) : null,
      due_on: a.due_on,
      selection: {
        internship_period_ids: [...a.selection.internship_period_ids],
        group_ids: [...a.selection.group_ids],
        internship_ids: [...a.selection.internship_ids],
      },
      status: a.status,
      published_at: a.published_at?.toISOString() ?? null,
      task_count: c.total,
      completed_count: c.completed,
      open_count: c.open,
      percent: c.percent,
      actions: v.actions,
      created_at: a.created_at.toISOString(),
      updated_at: a.updated_at.toISOString(),
    },
  };
}

export function taskResource(t: TTaskWithNames, dueOn: string, today: string): TAssignmentTaskResource {
  return {
    type: 'assignment_task',
    id: t.id,
    attributes: {
      assignment_id: t.assignment_id,
      internship_id: t.internship_id,
      student_name: t.student_name,
      organization_name: t.organization_name,
      internship_period_name: t.internship_period_name,
      supervisor_name: t.supervisor_name,
      supervisor_email: t.supervisor_key,
      status: t.status,
      overdue: isOverdue(t, dueOn, today),
      completed_at: t.completed_at?.toISOString() ?? null,
      answers: t.answers,
      link_sent_at: t.link_sent_at?.toISOString() ?? null,
    },
  };
}

/** The school's document of one assignment: the tasks as `included`, the form's definition in `meta`. */
export const assignmentDocument = (v: TAssignmentView, today: string) => ({
  data: assignmentResource(v),
  included: v.tasks.map((t) => taskResource(t, v.assignment.due_on, today)),
  ...(v.form ? { meta: { form_definition: v.form } } : {}),
});

/** What the supervisor's page shows: their tasks and the form versions to answer. */
export function supervisorDocument(v: TSupervisorView) {
  const attributes: TSupervisorAssignmentsAttributes = {
    supervisor_name: v.name,
    expires_at: v.expiresAt.toISOString(),
    tasks: v.tasks.map((t) => ({
      id: t.id,
      assignment_id: t.assignment_id,
      title: texts(t.title),
      instructions: texts(t.instructions),
      due_on: t.due_on,
      student_name: t.student_name,
      organization_name: t.organization_name,
      status: t.status,
      completed_at: t.completed_at?.toISOString() ?? null,
      form: formKey(t.form_id, t.form_version),
    })),
    forms: v.forms,
  };
  // No id of its own: the page is the link's view (the link's id says nothing to a reader).
  return { data: { type: 'supervisor_assignments' as const, id: 'current', attributes } };
}
