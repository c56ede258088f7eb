import { z } from 'zod';
import { zCollectionOf, zDocumentOf, zRequestBodyOf, zResourceOf } from '../jsonapi/jsonapi.ts';
import { ZInternshipContractType } from '../placements/internships.ts';
import { zDate } from '../validation/dates.ts';
import {
  DEADLINE_ANCHORS,
  PHASE_COMPLETION_RULES,
  PHASE_STATUSES,
  TASK_ACTORS,
  TASK_KINDS,
  WORKFLOW_LIMITS as L,
} from './workflow-rules.ts';

/**
 * Wire schemas of workflow definitions (issue #33 item 1, docs/decisions/phases.md):
 * - `/api/v1/workflow_definitions`: a school's definitions, one per kind of internship marked default;
 *   `POST` makes a definition with its first draft, `PATCH` renames it or makes it the default,
 *   `POST /{id}/drafts` a new draft from the published version;
 * - `/api/v1/workflow_versions/{id}`: a version with its phases and tasks; `PATCH` changes a draft
 *   (a published version never changes), `POST /{id}/publish` validates and publishes,
 *   `GET /{id}/timeline?start_date=&end_date=` the preview for a sample internship;
 * - `/api/v1/workflow_designers`: the mentors a school's admin granted the designer permission;
 *   `GET /api/v1/workflow_designers/me` whether the caller designs (a mentor learns of a grant there).
 */

export * from './workflow-rules.ts';
export * from './workflow-timeline.ts';

export const ZPhaseStatus = z.enum(PHASE_STATUSES);
export const ZPhaseCompletionRule = z.enum(PHASE_COMPLETION_RULES);
export const ZTaskActor = z.enum(TASK_ACTORS);
export const ZTaskKind = z.enum(TASK_KINDS);
export const ZDeadlineAnchor = z.enum(DEADLINE_ANCHORS);

/** Dutch required, English optional (empty: Dutch shows). */
const zText = (max: number) =>
  z.object({ nl: z.string().trim().min(1).max(max), en: z.string().trim().max(max).default('') }).strict();
/** An optional text in both languages (a task's description). */
const zOptionalText = (max: number) =>
  z
    .object({ nl: z.string().trim().max(max).default(''), en: z.string().trim().max(max).default('') })
    .strict()
    .default({ nl: '', en: '' });

export const ZWorkflowText = zText(L.name);

export const ZTaskDeadline = z
  .object({
    from: ZDeadlineAnchor,
    days: z.number().int().min(-L.deadlineDays).max(L.deadlineDays),
  })
  .strict()
  .refine((d) => d.from !== 'phase_start' || d.days >= 0, {
    path: ['days'],
    params: { i18nKey: 'validation.numberMin', i18nVars: { min: 0 } },
  });

const zEscalationDays = z.number().int().min(1).max(L.escalationDays).nullable().default(null);
export const ZTaskEscalation = z
  .object({ mentor_after_days: zEscalationDays, school_admin_after_days: zEscalationDays })
  .strict()
  .default({ mentor_after_days: null, school_admin_after_days: null });

/** A task as a designer sends it: a missing id is given one by the server. */
export const ZWorkflowTaskInput = z
  .object({
    id: z.uuid().optional(),
    title: ZWorkflowText,
    description: zOptionalText(L.description),
    actor: ZTaskActor,
    kind: ZTaskKind,
    required: z.boolean().default(true),
    evaluation_template_id: z.uuid().nullable().default(null),
    assignment_id: z.uuid().nullable().default(null),
    hours_target: z.number().positive().max(L.hoursTarget).nullable().default(null),
    deadline: ZTaskDeadline.nullable().default(null),
    reminder_days: z.array(z.number().int().min(0).max(L.deadlineDays)).max(L.reminders).default([]),
    escalation: ZTaskEscalation,
  })
  .strict();
export type TWorkflowTaskInput = z.input<typeof ZWorkflowTaskInput>;

export const ZWorkflowPhaseInput = z
  .object({
    id: z.uuid().optional(),
    name: ZWorkflowText,
    status: ZPhaseStatus,
    completion: ZPhaseCompletionRule.default('all_required'),
    tasks: z.array(ZWorkflowTaskInput).max(L.tasksPerPhase).default([]),
  })
  .strict();
export type TWorkflowPhaseInput = z.input<typeof ZWorkflowPhaseInput>;

export const ZWorkflowPhasesInput = z.array(ZWorkflowPhaseInput).max(L.phases);

/** A task and a phase as stored and sent: every field present, ids given. */
export const ZWorkflowTask = ZWorkflowTaskInput.extend({ id: z.uuid() });
export const ZWorkflowPhase = ZWorkflowPhaseInput.extend({ id: z.uuid(), tasks: z.array(ZWorkflowTask) });

// --- Definitions -----------------------------------------------------------------------------------

export const ZWorkflowDefinitionCreate = z
  .object({
    name: z.string().trim().min(1).max(L.definitionName),
    contract_type: ZInternshipContractType,
    /** The first draft's phases (default: none yet). */
    phases: ZWorkflowPhasesInput.default([]),
  })
  .strict();
export type TWorkflowDefinitionCreate = z.input<typeof ZWorkflowDefinitionCreate>;
export const ZWorkflowDefinitionCreateBody = zRequestBodyOf('workflow_definition', ZWorkflowDefinitionCreate);

export const ZWorkflowDefinitionUpdate = z
  .object({
    name: z.string().trim().min(1).max(L.definitionName).optional(),
    /** Only `true`: the definition becomes its school's default for its kind (it needs a published version). */
    is_default: z.literal(true).optional(),
  })
  .strict();
export const ZWorkflowDefinitionUpdateBody = zRequestBodyOf('workflow_definition', ZWorkflowDefinitionUpdate);

export const ZWorkflowDefinitionAttributes = z.object({
  name: z.string(),
  school_id: z.uuid(),
  contract_type: ZInternshipContractType,
  /** The school's default for its kind: new internships of the kind start with its published version. */
  is_default: z.boolean(),
  /** The newest published version's number and id (null: never published). */
  published_version: z.number().int().nullable(),
  published_version_id: z.uuid().nullable(),
  published_at: z.string().nullable(),
  /** The open draft's number and id (null: none). */
  draft_version: z.number().int().nullable(),
  draft_version_id: z.uuid().nullable(),
  /** Phases of the published version, else of the draft. */
  phase_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TWorkflowDefinitionAttributes = z.infer<typeof ZWorkflowDefinitionAttributes>;
export const ZWorkflowDefinitionResource = zResourceOf('workflow_definition', ZWorkflowDefinitionAttributes);
export type TWorkflowDefinitionResource = z.infer<typeof ZWorkflowDefinitionResource>;
/** One definition; `included` holds its published version and draft (`workflow_version`). */
export const ZWorkflowDefinitionDocument = zDocumentOf(ZWorkflowDefinitionResource);
/** The caller's school's definitions; `meta.can_design` says whether the caller may change them. */
export const ZWorkflowDefinitionCollection = zCollectionOf(ZWorkflowDefinitionResource);

// --- Versions --------------------------------------------------------------------------------------

export const WORKFLOW_VERSION_STATES = ['draft', 'published'] as const;
export const ZWorkflowVersionState = z.enum(WORKFLOW_VERSION_STATES);
export type TWorkflowVersionState = z.infer<typeof ZWorkflowVersionState>;

export const ZWorkflowVersionUpdate = z.object({ phases: ZWorkflowPhasesInput }).strict();
export const ZWorkflowVersionUpdateBody = zRequestBodyOf('workflow_version', ZWorkflowVersionUpdate);

export const ZWorkflowVersionAttributes = z.object({
  definition_id: z.uuid(),
  school_id: z.uuid(),
  name: z.string(),
  contract_type: ZInternshipContractType,
  version: z.number().int(),
  state: ZWorkflowVersionState,
  phases: z.array(ZWorkflowPhase),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TWorkflowVersionAttributes = z.infer<typeof ZWorkflowVersionAttributes>;
export const ZWorkflowVersionResource = zResourceOf('workflow_version', ZWorkflowVersionAttributes);
export type TWorkflowVersionResource = z.infer<typeof ZWorkflowVersionResource>;
export const ZWorkflowVersionDocument = zDocumentOf(ZWorkflowVersionResource);

export const ZWorkflowTimelineQuery = z.object({ start_date: zDate(), end_date: zDate() }).strict();

const ZTimelineTask = z.object({
  id: z.uuid(),
  title: z.object({ nl: z.string(), en: z.string() }),
  actor: ZTaskActor,
  kind: ZTaskKind,
  required: z.boolean(),
  due_on: z.string().nullable(),
  reminders_on: z.array(z.string()),
  escalations: z.array(z.object({ to: z.enum(['mentor', 'school_admin']), on: z.string() })),
});
export const ZWorkflowTimelineAttributes = z.object({
  start_date: z.string(),
  end_date: z.string(),
  phases: z.array(
    z.object({
      id: z.uuid(),
      name: z.object({ nl: z.string(), en: z.string() }),
      status: ZPhaseStatus,
      starts_on: z.string(),
      ends_on: z.string(),
      tasks: z.array(ZTimelineTask),
    }),
  ),
});
/** The preview (`workflow_timeline`, id: the version's). */
export const ZWorkflowTimelineDocument = zDocumentOf(
  zResourceOf('workflow_timeline', ZWorkflowTimelineAttributes),
);

// --- Designers -------------------------------------------------------------------------------------

/** A mentor of the school granted the designer permission by a school admin. */
export const ZWorkflowDesignerAttributes = z.object({
  school_id: z.uuid(),
  user_id: z.uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  created_at: z.string(),
});
export const ZWorkflowDesignerResource = zResourceOf('workflow_designer', ZWorkflowDesignerAttributes);
export type TWorkflowDesignerResource = z.infer<typeof ZWorkflowDesignerResource>;
export const ZWorkflowDesignerDocument = zDocumentOf(ZWorkflowDesignerResource);
export const ZWorkflowDesignerCollection = zCollectionOf(ZWorkflowDesignerResource);
export const ZWorkflowDesignerCreateBody = zRequestBodyOf(
  'workflow_designer',
  z.object({ user_id: z.uuid() }).strict(),
);

/**
 * `GET /api/v1/workflow_designers/me`: whether the caller designs the selected School's workflows
 * (`can_design`: contracts' `mayDesignWorkflows` with their grant) and whether a school admin granted
 * it to them (`granted`). Every signed-in caller gets an answer, so a dashboard asks without a refusal.
 */
export const ZWorkflowDesignerSelfDocument = zDocumentOf(
  zResourceOf(
    'workflow_designer_self',
    z.object({ school_id: z.uuid().nullable(), can_design: z.boolean(), granted: z.boolean() }),
  ),
);
export type TWorkflowDesignerSelfDocument = z.infer<typeof ZWorkflowDesignerSelfDocument>;
