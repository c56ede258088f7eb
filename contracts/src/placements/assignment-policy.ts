import type { TPermissions } from '../identity/permissions.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import type { TInternshipStatus } from './internships.ts';

/**
 * Assignments for workplace supervisors (issue #18 item 5, docs/decisions/assignments.md), the rules
 * shared by the placements service and the portal. No zod here: the supervisor's public page imports
 * this file and should not pull the schemas into its chunk.
 */

/** An assignment is written as a draft and published once; publishing creates the supervisors' tasks. */
export const ASSIGNMENT_STATUSES = ['draft', 'published'] as const;
export type TAssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

/** One internship's task for its supervisor: open until they send the answers. */
export const ASSIGNMENT_TASK_STATUSES = ['open', 'completed'] as const;
export type TAssignmentTaskStatus = (typeof ASSIGNMENT_TASK_STATUSES)[number];

/** Internships that get a task: agreed by the school or running (a finished one has no supervisor to ask). */
export const ASSIGNMENT_INTERNSHIP_STATUSES: readonly TInternshipStatus[] = ['approved', 'active'];

/**
 * The supervisor's external link: one per supervisor (subject `{type: supervisor, id: <address>}`,
 * the address lower-cased), good for all their students' open tasks. Issuing again (a reminder, a new
 * publication) revokes the live one.
 */
export const ASSIGNMENT_LINK_ACTION = 'complete_assignments';
export const ASSIGNMENT_LINK_SUBJECT = 'supervisor';
/** How long a link stays valid after it is mailed (a reminder mails a fresh one). */
export const ASSIGNMENT_LINK_DAYS = 30;
/** The public page the mailed link opens: `/opdrachten/praktijkbegeleider#<token>` (token in the fragment). */
export const ASSIGNMENTS_SUPERVISOR_PATH = '/opdrachten/praktijkbegeleider';

export const ASSIGNMENT_TITLE_MAX = 200;
export const ASSIGNMENT_INSTRUCTIONS_MAX = 5000;
/** One assignment reaches at most this many internships. */
export const ASSIGNMENT_MAX_INTERNSHIPS = 500;

/** What the school may do with an assignment now. */
export const ASSIGNMENT_ACTIONS = ['edit', 'change_selection', 'publish', 'remind'] as const;
export type TAssignmentAction = (typeof ASSIGNMENT_ACTIONS)[number];

/**
 * Who manages assignments: an admin acting for an approved School, for its own students' internships
 * (like bulk messages). Everyone else gets 404 on an assignment and 403 on the list.
 */
export const mayManageAssignments = (
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | null | undefined,
): boolean => permissions.isSchoolAdmin && current?.type === 'School' && current.status === 'approved';

/**
 * The steps of an assignment in a state: a draft is edited, re-selected and published; a published one
 * keeps its form and selection (tasks were made from them) but its texts and due date may still change,
 * and the school reminds supervisors while tasks are open.
 */
export function assignmentActionsFor(status: TAssignmentStatus, openTasks: number): TAssignmentAction[] {
  if (status === 'draft') return ['edit', 'change_selection', 'publish'];
  return openTasks > 0 ? ['edit', 'remind'] : ['edit'];
}

export const mayTakeAssignmentAction = (
  status: TAssignmentStatus,
  openTasks: number,
  action: TAssignmentAction,
): boolean => assignmentActionsFor(status, openTasks).includes(action);

/** A task is answered once; a completed task refuses new answers. */
export const taskAnswerable = (status: TAssignmentTaskStatus): boolean => status === 'open';

/** The completion figures of an assignment (the school's list and detail). */
export interface TAssignmentCompletion {
  total: number;
  completed: number;
  open: number;
  /** Whole percent, floored; null without tasks. */
  percent: number | null;
}

export function completionOf(tasks: readonly { status: TAssignmentTaskStatus }[]): TAssignmentCompletion {
  const completed = tasks.filter((t) => t.status === 'completed').length;
  return {
    total: tasks.length,
    completed,
    open: tasks.length - completed,
    percent: tasks.length === 0 ? null : Math.floor((completed * 100) / tasks.length),
  };
}

/** An open task past its due date (the Dutch calendar date `today`, `YYYY-MM-DD`). */
export const isOverdue = (task: { status: TAssignmentTaskStatus }, dueOn: string, today: string): boolean =>
  task.status === 'open' && today > dueOn;

/** The supervisor's key within the tenant: their address, trimmed and lower-cased (null: none). */
export function supervisorKey(email: string | null | undefined): string | null {
  const key = email?.trim().toLowerCase();
  return key ? key : null;
}

/** A selection of the school's internships: periods and groups narrow, explicit ids add. */
export interface TAssignmentSelection {
  internship_period_ids: readonly string[];
  group_ids: readonly string[];
  internship_ids: readonly string[];
}

/**
 * Whether an internship is in the selection. Periods and groups are filters (any of the chosen periods
 * AND any of the chosen groups; an empty list does not filter) applied when at least one of them is
 * chosen; explicitly chosen internships are always in. Nothing chosen selects nothing.
 */
export function inSelection(
  selection: TAssignmentSelection,
  internship: { id: string; internship_period_id: string | null; group_id: string | null },
): boolean {
  if (selection.internship_ids.includes(internship.id)) return true;
  const periods = selection.internship_period_ids;
  const groups = selection.group_ids;
  if (periods.length === 0 && groups.length === 0) return false;
  const periodOk =
    periods.length === 0 ||
    (internship.internship_period_id !== null && periods.includes(internship.internship_period_id));
  const groupOk =
    groups.length === 0 || (internship.group_id !== null && groups.includes(internship.group_id));
  return periodOk && groupOk;
}

export const selectionIsEmpty = (s: TAssignmentSelection): boolean =>
  s.internship_period_ids.length === 0 && s.group_ids.length === 0 && s.internship_ids.length === 0;

/** How many days a link lives from `now`: at least ASSIGNMENT_LINK_DAYS, and a week past the due date. */
export function linkExpiry(now: Date, dueOn: string): Date {
  const DAY = 86_400_000;
  const byDays = now.getTime() + ASSIGNMENT_LINK_DAYS * DAY;
  const afterDue = Date.parse(`${dueOn}T23:59:59Z`) + 7 * DAY;
  return new Date(Math.max(byDays, Number.isFinite(afterDue) ? afterDue : 0));
}
