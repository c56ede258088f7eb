/**
 * Workflow definitions as data (issue #33 items 1 and 2, docs/decisions/phases.md): the vocabulary of
 * a definition — phase statuses, completion rules, task actors and kinds, deadlines, reminders and
 * escalation — and the rules every definition obeys. Pure and zod-free (the wire schemas are in
 * workflow-definitions.ts), so the placements service and the portal's designer check a definition
 * with one function and show the same errors.
 */
import type { TPermissions } from '../identity/permissions.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import type { TTenantFeatures } from '../tenants/tenant.types.ts';
import type { TInternshipContractType } from '../placements/internships.ts';

/** A text in both languages: Dutch required, English optional (empty: Dutch shows). */
export interface TWorkflowText {
  nl: string;
  en: string;
}

/**
 * A phase's status: what the internship is doing while it stands in that phase. It is what the phase
 * resource (`current_phase`, spec §3: id, name, status) and progress show, the same for every
 * internship in the phase; where one internship is within its phases (pending, current, done) is the
 * runtime's state (docs/decisions/phases.md).
 * - `preparing`: before the work starts (applying, agreements, the contract);
 * - `running`: the internship is under way (hours, assignments);
 * - `evaluating`: the work is done, the parties look back (evaluations, the final approval);
 * - `finished`: the end; a `finished` phase has no tasks and nothing comes after it.
 * Statuses never go back along the phases.
 */
export const PHASE_STATUSES = ['preparing', 'running', 'evaluating', 'finished'] as const;
export type TPhaseStatus = (typeof PHASE_STATUSES)[number];

/**
 * When a phase is complete and the next one starts:
 * - `all_required`: every required task is done (a phase without required tasks passes at once);
 * - `any`: one task is done (a phase with no task at all could never complete);
 * - `manual`: the school moves the internship on by hand.
 */
export const PHASE_COMPLETION_RULES = ['all_required', 'any', 'manual'] as const;
export type TPhaseCompletionRule = (typeof PHASE_COMPLETION_RULES)[number];

/**
 * Who must act on a task: the student, their mentor, the school's admin, the organization's contact
 * person, or the workplace supervisor, who has no account and acts through an external link.
 */
export const TASK_ACTORS = [
  'student',
  'mentor',
  'school_admin',
  'organization_contact',
  'supervisor',
] as const;
export type TTaskActor = (typeof TASK_ACTORS)[number];

/**
 * What a task is:
 * - `checklist`: an item the actor ticks off;
 * - `evaluation`: the actor's part of an evaluation whose template has scope kind `phase`
 *   (`evaluation_template_id`; docs/decisions/evaluations.md);
 * - `assignment`: the supervisor answers a supervisors' assignment (`assignment_id`; assignments.md);
 * - `hours`: the student's approved hours reach `hours_target` (tenants that use hours);
 * - `approval`: the actor, a role, approves the phase's outcome;
 * - `contract_signed`: the internship's contract is signed by every party (contract tenants). The
 *   plug-in point of the contracts issue: the runtime completes it when the contracts part reports the
 *   contract signed; until that part exists no event completes it and the school completes it by hand.
 */
export const TASK_KINDS = [
  'checklist',
  'evaluation',
  'assignment',
  'hours',
  'approval',
  'contract_signed',
] as const;
export type TTaskKind = (typeof TASK_KINDS)[number];

/** Which actor can do which kind of task. */
export const TASK_KIND_ACTORS: Readonly<Record<TTaskKind, readonly TTaskActor[]>> = {
  checklist: ['student', 'mentor', 'school_admin', 'organization_contact'],
  evaluation: ['student', 'mentor', 'supervisor'],
  assignment: ['supervisor'],
  hours: ['student'],
  approval: ['mentor', 'school_admin', 'organization_contact', 'supervisor'],
  contract_signed: ['student', 'school_admin', 'organization_contact'],
};

/**
 * A task's deadline:
 * - `phase_start`: `days` (≥ 0) after the phase starts for the internship;
 * - `period_start` / `period_end`: `days` (negative: before) from a date of the internship's period.
 */
export const DEADLINE_ANCHORS = ['phase_start', 'period_start', 'period_end'] as const;
export type TDeadlineAnchor = (typeof DEADLINE_ANCHORS)[number];

export interface TTaskDeadline {
  from: TDeadlineAnchor;
  days: number;
}

/** Escalation of an overdue task: to the mentor after N days overdue, then to the school admin after M > N. */
export interface TTaskEscalation {
  mentor_after_days: number | null;
  school_admin_after_days: number | null;
}

export const WORKFLOW_LIMITS = {
  phases: 30,
  tasksPerPhase: 30,
  name: 200,
  description: 2000,
  /** Deadline days from a phase start or a period date, either way. */
  deadlineDays: 365,
  reminders: 5,
  escalationDays: 90,
  hoursTarget: 2000,
  definitionName: 200,
} as const;

export interface TWorkflowTask {
  /** A uuid, stable across the versions of one definition. */
  id: string;
  title: TWorkflowText;
  description: TWorkflowText;
  actor: TTaskActor;
  kind: TTaskKind;
  required: boolean;
  /** `evaluation`: the template (scope kind `phase`, scope id this phase's id). */
  evaluation_template_id: string | null;
  /** `assignment`: the supervisors' assignment to answer. */
  assignment_id: string | null;
  /** `hours`: the approved hours to reach. */
  hours_target: number | null;
  deadline: TTaskDeadline | null;
  /** Days before the deadline a reminder goes to the actor (0: on the day). */
  reminder_days: number[];
  escalation: TTaskEscalation;
}

export interface TWorkflowPhase {
  /** A uuid, stable across the versions of one definition (what `current_phase` names). */
  id: string;
  name: TWorkflowText;
  status: TPhaseStatus;
  completion: TPhaseCompletionRule;
  tasks: TWorkflowTask[];
}

/** What a version of a definition holds: its kind and its phases in order. */
export interface TWorkflowContent {
  contract_type: TInternshipContractType;
  phases: TWorkflowPhase[];
}

/** The tenant's switches a definition is checked against (spec §1). */
export type TWorkflowSwitches = Pick<
  TTenantFeatures,
  'traineeship' | 'usesHours' | 'evaluationForms' | 'legacyEvaluationForm'
>;

/** Validation codes: each is a catalogue error code (422) with nl/en texts (`api.<code>`). */
export const WORKFLOW_VALIDATION_CODES = [
  'workflow_no_phases',
  'workflow_duplicate_id',
  'workflow_phase_unreachable',
  'workflow_phase_status_order',
  'workflow_finished_phase_tasks',
  'workflow_contract_type_unavailable',
  'workflow_task_kind_unavailable',
  'workflow_task_actor_not_allowed',
  'workflow_task_setting_missing',
  'workflow_deadline_missing',
  'workflow_reminder_too_early',
  'workflow_escalation_order',
  'workflow_deadline_order',
] as const;
export type TWorkflowValidationCode = (typeof WORKFLOW_VALIDATION_CODES)[number];

export interface TWorkflowIssue {
  code: TWorkflowValidationCode;
  /** JSON pointer into the content, e.g. `/phases/1/tasks/0/deadline`. */
  pointer: string;
  /** Values of the message's placeholders: `phase` and `task` are 1-based positions. */
  vars: Record<string, number | string>;
}

/** Whether a task kind exists on a tenant with these switches (and a definition of this kind). */
export function taskKindAvailable(kind: TTaskKind, switches: TWorkflowSwitches): boolean {
  switch (kind) {
    case 'contract_signed':
      return switches.traineeship;
    case 'hours':
      return switches.usesHours;
    case 'evaluation':
      return switches.evaluationForms;
    default:
      return true;
  }
}

/** The task kinds a designer may choose on this tenant. */
export const availableTaskKinds = (switches: TWorkflowSwitches): TTaskKind[] =>
  TASK_KINDS.filter((k) => taskKindAvailable(k, switches));

/** Whether a phase with this rule and these tasks can ever complete (else what follows is unreachable). */
export function phaseCanComplete(phase: Pick<TWorkflowPhase, 'completion' | 'tasks' | 'status'>): boolean {
  if (phase.status === 'finished') return false;
  if (phase.completion === 'any') return phase.tasks.length > 0;
  return true;
}

const statusRank = (s: TPhaseStatus) => PHASE_STATUSES.indexOf(s);

/**
 * Every rule a definition must meet before it is published, as issues with codes and pointers (none:
 * valid). The server runs it on publish (422, nothing changes) and the designer while editing. The
 * facts only the server has (an evaluation template or assignment that exists) are checked there.
 */
export function validateWorkflowDefinition(
  def: TWorkflowContent,
  switches: TWorkflowSwitches,
): TWorkflowIssue[] {
  const issues: TWorkflowIssue[] = [];
  const add = (code: TWorkflowValidationCode, pointer: string, vars: TWorkflowIssue['vars'] = {}) =>
    issues.push({ code, pointer, vars });

  const tenantKind: TInternshipContractType = switches.traineeship ? 'contract' : 'hours';
  if (def.contract_type !== tenantKind) add('workflow_contract_type_unavailable', '/contract_type');
  if (def.phases.length === 0) add('workflow_no_phases', '/phases');

  const seen = new Set<string>();
  const unique = (id: string, pointer: string) => {
    if (seen.has(id)) add('workflow_duplicate_id', pointer);
    seen.add(id);
  };

  // Period-anchored deadlines may not go back in time along the phases (per anchor).
  const latest: Partial<Record<TDeadlineAnchor, { days: number; phase: number }>> = {};
  let blockedAt: number | null = null;

  def.phases.forEach((phase, p) => {
    const at = `/phases/${p}`;
    const phaseNo = p + 1;
    unique(phase.id, `${at}/id`);
    if (blockedAt !== null) add('workflow_phase_unreachable', at, { phase: phaseNo, blocker: blockedAt });
    const previous = def.phases[p - 1];
    if (previous && statusRank(phase.status) < statusRank(previous.status))
      add('workflow_phase_status_order', `${at}/status`, { phase: phaseNo });
    if (phase.status === 'finished' && phase.tasks.length > 0)
      add('workflow_finished_phase_tasks', `${at}/tasks`, { phase: phaseNo });
    if (blockedAt === null && !phaseCanComplete(phase) && p < def.phases.length - 1) blockedAt = phaseNo;

    const phaseLatest: typeof latest = {};
    phase.tasks.forEach((task, t) => {
      const tat = `${at}/tasks/${t}`;
      const vars = { phase: phaseNo, task: t + 1 };
      unique(task.id, `${tat}/id`);
      if (!taskKindAvailable(task.kind, switches)) add('workflow_task_kind_unavailable', `${tat}/kind`, vars);
      else if (!TASK_KIND_ACTORS[task.kind].includes(task.actor))
        add('workflow_task_actor_not_allowed', `${tat}/actor`, vars);
      if (task.kind === 'hours' && !(task.hours_target && task.hours_target > 0))
        add('workflow_task_setting_missing', `${tat}/hours_target`, vars);
      if (task.kind === 'evaluation' && !task.evaluation_template_id)
        add('workflow_task_setting_missing', `${tat}/evaluation_template_id`, vars);
      if (task.kind === 'assignment' && !task.assignment_id)
        add('workflow_task_setting_missing', `${tat}/assignment_id`, vars);

      const { deadline, escalation } = task;
      const escalates = escalation.mentor_after_days !== null || escalation.school_admin_after_days !== null;
      if (!deadline) {
        if (task.reminder_days.length > 0) add('workflow_deadline_missing', `${tat}/reminder_days`, vars);
        if (escalates) add('workflow_deadline_missing', `${tat}/escalation`, vars);
      } else {
        if (deadline.from === 'phase_start') {
          const early = task.reminder_days.findIndex((d) => d > deadline.days);
          if (early >= 0) add('workflow_reminder_too_early', `${tat}/reminder_days/${early}`, vars);
        } else {
          const before = latest[deadline.from];
          if (before && deadline.days < before.days)
            add('workflow_deadline_order', `${tat}/deadline`, { ...vars, earlier: before.phase });
          const mine = phaseLatest[deadline.from];
          if (!mine || deadline.days > mine.days)
            phaseLatest[deadline.from] = { days: deadline.days, phase: phaseNo };
        }
        const { mentor_after_days: m, school_admin_after_days: s } = escalation;
        if (m !== null && s !== null && s <= m) add('workflow_escalation_order', `${tat}/escalation`, vars);
      }
    });
    for (const anchor of DEADLINE_ANCHORS) {
      const mine = phaseLatest[anchor];
      if (mine && (!latest[anchor] || mine.days > latest[anchor].days)) latest[anchor] = mine;
    }
  });
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Who designs
// ---------------------------------------------------------------------------------------------

/**
 * The workflow designer permission (issue #33 item 2): admins of the selected School by default. Another
 * staff member of the school — a mentor — gets it when a school admin grants it to them
 * (`designerGrant`: a row in placements' `workflow_designers` for that school; docs/decisions/phases.md
 * "Who designs"). A designer acts only for the school selected, in their own tenant.
 */
export function canDesignWorkflows(
  permissions: Pick<TPermissions, 'designWorkflows' | 'isMentor'> | undefined,
  designerGrant = false,
): boolean {
  if (!permissions) return false;
  return permissions.designWorkflows || (permissions.isMentor && designerGrant);
}

/**
 * The whole check for the organization selected: it is an approved School and the caller designs there
 * (`canDesignWorkflows`). What the server enforces and the portal shows the designer by.
 */
export const mayDesignWorkflows = (
  permissions: Pick<TPermissions, 'designWorkflows' | 'isMentor'> | undefined,
  current: TCurrentOrganizationFacts | null | undefined,
  designerGrant = false,
): boolean =>
  current?.type === 'School' &&
  current.status === 'approved' &&
  canDesignWorkflows(permissions, designerGrant);

/** Who may grant and take back the designer permission: the school's admins only. */
export const canGrantWorkflowDesign = (
  permissions: Pick<TPermissions, 'isSchoolAdmin'> | undefined,
): boolean => !!permissions?.isSchoolAdmin;
