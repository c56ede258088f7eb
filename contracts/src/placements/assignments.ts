import { z } from 'zod';
import { ZFormDefinition } from '../forms/form-definition.ts';
import {
  zCollectionOf,
  zDocumentOf,
  zRequestBodyOf,
  zResourceOf,
  type TQuerySpec,
} from '../jsonapi/jsonapi.ts';
import {
  ASSIGNMENT_ACTIONS,
  ASSIGNMENT_INSTRUCTIONS_MAX,
  ASSIGNMENT_MAX_INTERNSHIPS,
  ASSIGNMENT_STATUSES,
  ASSIGNMENT_TASK_STATUSES,
  ASSIGNMENT_TITLE_MAX,
} from './assignment-policy.ts';
import { zDate } from '../validation/dates.ts';

/**
 * Wire schemas of the workplace supervisors' assignments (issue #18 item 5,
 * docs/decisions/assignments.md). A school admin writes an assignment (title, instructions, a published
 * form version of purpose `assignment`, a due date, a selection of internships) under
 * `/api/v1/assignments`; publishing makes one task per selected internship for its supervisor, who
 * answers through one external link (`/api/v1/assignments/supervisor`, `X-Action-Link`).
 */

export * from './assignment-policy.ts';

export const ZAssignmentStatus = z.enum(ASSIGNMENT_STATUSES);
export const ZAssignmentTaskStatus = z.enum(ASSIGNMENT_TASK_STATUSES);
export const ZAssignmentAction = z.enum(ASSIGNMENT_ACTIONS);

/** A text in both languages: Dutch required, English optional (empty: Dutch shows), like the forms. */
const zTexts = (max: number) =>
  z.object({ nl: z.string().trim().min(1).max(max), en: z.string().trim().max(max).default('') }).strict();
export const ZAssignmentTitle = zTexts(ASSIGNMENT_TITLE_MAX);
export const ZAssignmentInstructions = zTexts(ASSIGNMENT_INSTRUCTIONS_MAX);

const zIds = z.array(z.uuid()).max(ASSIGNMENT_MAX_INTERNSHIPS).default([]);
export const ZAssignmentSelection = z
  .object({ internship_period_ids: zIds, group_ids: zIds, internship_ids: zIds })
  .strict();

export const ZAssignmentInput = z
  .object({
    title: ZAssignmentTitle,
    instructions: ZAssignmentInstructions,
    form_id: z.uuid(),
    form_version: z.number().int().positive(),
    due_on: zDate(),
    selection: ZAssignmentSelection,
  })
  .strict();
export type TAssignmentInput = z.infer<typeof ZAssignmentInput>;
export const ZAssignmentCreateBody = zRequestBodyOf('assignment', ZAssignmentInput);
/** A change: any of the fields; a published assignment takes only title, instructions and due date. */
export const ZAssignmentUpdateBody = zRequestBodyOf('assignment', ZAssignmentInput.partial());
export type TAssignmentUpdate = Partial<TAssignmentInput>;

const ZTexts = z.object({ nl: z.string(), en: z.string() });

export const ZAssignmentAttributes = z.object({
  school_id: z.uuid(),
  title: ZTexts,
  instructions: ZTexts,
  form_id: z.uuid(),
  form_version: z.number().int(),
  /** The chosen form's title (from placements' read model of content's versions). */
  form_title: ZTexts.nullable(),
  due_on: z.string(),
  selection: z.object({
    internship_period_ids: z.array(z.uuid()),
    group_ids: z.array(z.uuid()),
    internship_ids: z.array(z.uuid()),
  }),
  status: ZAssignmentStatus,
  published_at: z.string().nullable(),
  task_count: z.number().int(),
  completed_count: z.number().int(),
  open_count: z.number().int(),
  percent: z.number().int().nullable(),
  actions: z.array(ZAssignmentAction),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAssignmentAttributes = z.infer<typeof ZAssignmentAttributes>;

/** One internship's task as the school follows it. */
export const ZAssignmentTaskAttributes = z.object({
  assignment_id: z.uuid(),
  internship_id: z.uuid(),
  student_name: z.string(),
  organization_name: z.string().nullable(),
  internship_period_name: z.string().nullable(),
  supervisor_name: z.string().nullable(),
  supervisor_email: z.string(),
  status: ZAssignmentTaskStatus,
  overdue: z.boolean(),
  completed_at: z.string().nullable(),
  /** The supervisor's answers (keys: the form's field ids), null while open. */
  answers: z.record(z.string(), z.unknown()).nullable(),
  /** When a link with this task in it last went to the supervisor. */
  link_sent_at: z.string().nullable(),
});
export const ZAssignmentTaskResource = zResourceOf('assignment_task', ZAssignmentTaskAttributes);
export type TAssignmentTaskResource = z.infer<typeof ZAssignmentTaskResource>;

export const ZAssignmentResource = zResourceOf('assignment', ZAssignmentAttributes);
export type TAssignmentResource = z.infer<typeof ZAssignmentResource>;
export const ZAssignmentDocument = zDocumentOf(ZAssignmentResource).extend({
  included: z.array(ZAssignmentTaskResource).optional(),
});
export type TAssignmentDocument = z.infer<typeof ZAssignmentDocument>;
export const ZAssignmentCollection = zCollectionOf(ZAssignmentResource);

/** What the create screen offers: the school's assignment forms, periods, groups and running internships. */
export const ZAssignmentOptionsAttributes = z.object({
  forms: z.array(z.object({ form_id: z.uuid(), version: z.number().int(), title: ZTexts })),
  internship_periods: z.array(z.object({ id: z.uuid(), name: z.string() })),
  groups: z.array(z.object({ id: z.uuid(), name: z.string() })),
  internships: z.array(
    z.object({
      id: z.uuid(),
      student_name: z.string(),
      organization_name: z.string().nullable(),
      internship_period_id: z.uuid().nullable(),
      group_id: z.uuid().nullable(),
      supervisor_name: z.string().nullable(),
      /** Without a supervisor address an internship gets no task. */
      has_supervisor: z.boolean(),
    }),
  ),
});
export const ZAssignmentOptionsDocument = zDocumentOf(
  zResourceOf('assignment_options', ZAssignmentOptionsAttributes),
);

/** The answer to a reminder: how many supervisors were mailed a fresh link. */
export const ZAssignmentReminderDocument = zDocumentOf(
  zResourceOf('assignment_reminder', z.object({ supervisors: z.number().int(), tasks: z.number().int() })),
);

// --- The supervisor, by the mailed link (X-Action-Link), no account -----------------------------------

export const ZSupervisorTask = z.object({
  id: z.uuid(),
  assignment_id: z.uuid(),
  title: ZTexts,
  instructions: ZTexts,
  due_on: z.string(),
  student_name: z.string(),
  organization_name: z.string().nullable(),
  status: ZAssignmentTaskStatus,
  completed_at: z.string().nullable(),
  /** Key of the form version in `forms` (`<form id>:<version>`). */
  form: z.string(),
});
export type TSupervisorTask = z.infer<typeof ZSupervisorTask>;

export const ZSupervisorAssignmentsAttributes = z.object({
  supervisor_name: z.string().nullable(),
  expires_at: z.string(),
  tasks: z.array(ZSupervisorTask),
  /** The frozen form versions the tasks answer, by `<form id>:<version>`. */
  forms: z.record(z.string(), ZFormDefinition),
});
export type TSupervisorAssignmentsAttributes = z.infer<typeof ZSupervisorAssignmentsAttributes>;
export const ZSupervisorAssignmentsDocument = zDocumentOf(
  zResourceOf('supervisor_assignments', ZSupervisorAssignmentsAttributes),
);

export const ZTaskAnswersBody = z.object({
  data: z.object({
    type: z.literal('assignment_answers'),
    attributes: z.object({ answers: z.record(z.string(), z.unknown()) }).strict(),
  }),
});
export type TTaskAnswersBody = z.infer<typeof ZTaskAnswersBody>;

/** The key of a form version in the supervisor's document. */
export const formKey = (formId: string, version: number): string => `${formId}:${version}`;

/** `GET /api/v1/assignments`: newest first, paged. */
export const ASSIGNMENTS_QUERY = {
  sorts: ['created_at'],
  defaultSort: '-created_at',
  defaultPageSize: 25,
  maxPageSize: 100,
} as const satisfies TQuerySpec;
