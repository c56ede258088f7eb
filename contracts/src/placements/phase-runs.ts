import { z } from 'zod';
import { zCollectionOf, zDocumentOf, zRequestBodyOf, zResourceOf } from '../jsonapi/jsonapi.ts';
import { PHASE_TASK_ACTORS } from '../workflows/names.ts';
import { PHASE_RUN_STATES, PHASE_TASK_STATES } from './phase-run-policy.ts';

/**
 * Wire schemas of the internship phases' runtime (issue #33 items 4 and 5, docs/decisions/phases.md
 * "Runtime"). Everything here is placements' read model, kept by the internship-phases workflow's
 * activities; no screen asks Temporal.
 * - `GET /api/v1/internships/{id}/phases`: the internship page's phases in order (done, current,
 *   upcoming) with their tasks, deadlines and who must act; `meta.run` the run (null: none).
 * - `GET /api/v1/phase_tasks`: "my open tasks" for the dashboards: the open tasks of the current phases
 *   of the internships the caller sees that the caller must act on (their own, or escalated to them).
 * - `POST /api/v1/phase_tasks/{id}/complete`: the caller completes a task (a Temporal update; a refusal
 *   is `phase_task_wrong_actor` 403, `phase_task_not_current` 409 or `phase_task_completed` 409).
 * - `POST /api/v1/internships/{id}/phases/{phaseId}/complete`: the school closes a phase whose
 *   completion is "by hand".
 * - `POST /api/v1/phase_migrations`: a workflow designer moves chosen running internships to another
 *   published version of their definition (logged in the audit log and as an event).
 * - `GET /api/v1/phase_runs?filter[definition_id]=`: a workflow designer's list of the school's
 *   internships that run a definition, with their version and their last logged migration (the
 *   migration screen chooses among them).
 */

export * from './phase-run-policy.ts';

const ZTexts = z.object({ nl: z.string(), en: z.string() });

/** Where a phase stands for the internship: `upcoming` ones come from the version's plan. */
export const INTERNSHIP_PHASE_STATES = ['done', 'current', 'upcoming', 'cancelled'] as const;
export type TInternshipPhaseState = (typeof INTERNSHIP_PHASE_STATES)[number];

export const ZPhaseTaskAttributes = z.object({
  internship_id: z.uuid(),
  /** The definition's phase and task ids (stable across versions). */
  phase_id: z.uuid(),
  task_id: z.uuid(),
  title: ZTexts,
  kind: z.string(),
  actor: z.enum(PHASE_TASK_ACTORS),
  required: z.boolean(),
  /** `upcoming`: a task of a phase not entered yet (no deadline yet). */
  state: z.enum([...PHASE_TASK_STATES, 'upcoming']),
  due_at: z.string().nullable(),
  overdue: z.boolean(),
  /** 0: the actor; 1: escalated to the mentor; 2: to the school admin as well. */
  escalation_level: z.number().int(),
  reminders_sent: z.number().int(),
  completed_at: z.string().nullable(),
  completed_by: z.uuid().nullable(),
  /** Whether the caller may complete it now (contracts' `mayCompletePhaseTask` on the caller's parties). */
  may_complete: z.boolean(),
  /** Whether the caller (school staff) may send the workplace supervisor a new link for it (`mayResendPhaseTaskLink`). */
  may_resend_link: z.boolean(),
  /** For a dashboard's list: whose internship, and its phase's name. */
  internship_title: z.string(),
  student_name: z.string(),
  phase_name: ZTexts,
});
export type TPhaseTaskAttributes = z.infer<typeof ZPhaseTaskAttributes>;
export const ZPhaseTaskResource = zResourceOf('phase_task', ZPhaseTaskAttributes);
export type TPhaseTaskResource = z.infer<typeof ZPhaseTaskResource>;
export const ZPhaseTaskDocument = zDocumentOf(ZPhaseTaskResource);
export type TPhaseTaskDocument = z.infer<typeof ZPhaseTaskDocument>;
export const ZPhaseTaskCollection = zCollectionOf(ZPhaseTaskResource);
export type TPhaseTaskCollection = z.infer<typeof ZPhaseTaskCollection>;

/** `GET /api/v1/phase_tasks`: optionally one internship's; at most `page[size]` (default 50, max 200). */
export const ZPhaseTasksQuery = z
  .object({
    'filter[internship_id]': z.uuid().optional(),
    'page[size]': z.coerce.number().int().min(1).max(200).optional(),
  })
  .strict();
export type TPhaseTasksQuery = z.infer<typeof ZPhaseTasksQuery>;

/** One phase of an internship's run; its id is the definition's phase id. */
export const ZInternshipPhaseAttributes = z.object({
  internship_id: z.uuid(),
  position: z.number().int(),
  name: ZTexts,
  /** The definition's status of the phase (preparing, running, evaluating, finished). */
  status: z.string(),
  completion: z.enum(['all_required', 'any', 'manual']),
  state: z.enum(INTERNSHIP_PHASE_STATES),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** A phase completed by hand: whether the caller may close it now. */
  may_complete: z.boolean(),
  tasks: z.array(ZPhaseTaskResource),
});
export const ZInternshipPhaseResource = zResourceOf('internship_phase', ZInternshipPhaseAttributes);
export type TInternshipPhaseResource = z.infer<typeof ZInternshipPhaseResource>;
export const ZPhaseRunMeta = z.object({
  internship_id: z.uuid(),
  definition_id: z.uuid(),
  version_id: z.uuid(),
  state: z.enum(PHASE_RUN_STATES),
  started_at: z.string(),
  ended_at: z.string().nullable(),
});
export const ZInternshipPhasesDocument = zCollectionOf(ZInternshipPhaseResource).extend({
  meta: z.object({ total: z.number().int(), run: ZPhaseRunMeta.nullable() }),
});
export type TInternshipPhasesDocument = z.infer<typeof ZInternshipPhasesDocument>;

/** `POST /api/v1/phase_migrations`: the internships (running a version of one definition) and the target version. */
export const ZPhaseMigrationInput = z
  .object({
    to_version_id: z.uuid(),
    internship_ids: z.array(z.uuid()).min(1).max(500),
  })
  .strict();
export const ZPhaseMigrationBody = zRequestBodyOf('phase_migration', ZPhaseMigrationInput);

/** A phase as a migration maps it: its id, name and position in its version. */
const ZMigrationPhase = z.object({ id: z.uuid(), name: ZTexts, position: z.number().int() });

/**
 * One internship's outcome: migrated, or why not (an error code: not running, another definition, the
 * target version lacks its phase: `phase_migration_phase_missing`, …). How it maps: the phase it stands
 * in (`from_phase`) and where it continues in the target version (`to_phase`, null: nowhere).
 */
export const ZPhaseMigrationResource = zResourceOf(
  'phase_migration',
  z.object({
    internship_id: z.uuid(),
    from_version_id: z.uuid().nullable(),
    to_version_id: z.uuid(),
    from_phase: ZMigrationPhase.nullable(),
    to_phase: ZMigrationPhase.nullable(),
    migrated: z.boolean(),
    error: z.string().nullable(),
  }),
);
export type TPhaseMigrationResource = z.infer<typeof ZPhaseMigrationResource>;
export const ZPhaseMigrationCollection = zCollectionOf(ZPhaseMigrationResource);

/** `GET /api/v1/phase_runs`: the runs of one of the school's definitions (at most 500, running first). */
export const ZPhaseRunsQuery = z
  .object({
    'filter[definition_id]': z.uuid(),
  })
  .strict();
export type TPhaseRunsQuery = z.infer<typeof ZPhaseRunsQuery>;

/** A logged migration of a run (the audit log's `phase_run.migrated`): when, from and to which version number. */
export const ZPhaseRunMigration = z.object({
  at: z.string(),
  from_version: z.number().int().nullable(),
  to_version: z.number().int().nullable(),
});

/** One internship's run of a definition (id: the internship's). */
export const ZPhaseRunAttributes = z.object({
  internship_id: z.uuid(),
  internship_title: z.string(),
  student_name: z.string(),
  definition_id: z.uuid(),
  version_id: z.uuid(),
  /** The version's number. */
  version: z.number().int(),
  state: z.enum(PHASE_RUN_STATES),
  /** The phase the internship stands in (null between two phases and after the last). */
  current_phase: z.object({ id: z.uuid(), name: ZTexts }).nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  /** The newest logged migration of the run (null: never migrated). */
  last_migration: ZPhaseRunMigration.nullable(),
});
export type TPhaseRunAttributes = z.infer<typeof ZPhaseRunAttributes>;
export const ZPhaseRunResource = zResourceOf('phase_run', ZPhaseRunAttributes);
export type TPhaseRunResource = z.infer<typeof ZPhaseRunResource>;
export const ZPhaseRunCollection = zCollectionOf(ZPhaseRunResource);
export type TPhaseRunCollection = z.infer<typeof ZPhaseRunCollection>;

/**
 * The definition's published versions, newest first, with their phases in order (`meta.versions` of
 * `GET /api/v1/phase_runs`): what the migration screen offers as targets and maps runs with
 * (`migrationTarget`).
 */
export const ZPublishedPhaseVersion = z.object({
  id: z.uuid(),
  version: z.number().int(),
  published_at: z.string().nullable(),
  phases: z.array(z.object({ id: z.uuid(), name: ZTexts })),
});
export type TPublishedPhaseVersion = z.infer<typeof ZPublishedPhaseVersion>;
export const ZPhaseRunsDocument = ZPhaseRunCollection.extend({
  meta: z.object({ total: z.number().int(), versions: z.array(ZPublishedPhaseVersion) }),
});
export type TPhaseRunsDocument = z.infer<typeof ZPhaseRunsDocument>;
export type TPhaseMigrationCollection = z.infer<typeof ZPhaseMigrationCollection>;

/**
 * The workplace supervisor's tasks (actor `supervisor`, no account) are done through kit's external
 * links (docs/decisions/external-links.md): when such a task becomes open a link (scoped to the task and
 * this action, hashed, expiring) is mailed to the supervisor address the school approved, opening
 * `PHASE_TASK_SUPERVISOR_PATH#<token>`. `GET /api/v1/phase_task_link` shows the link's task;
 * `POST /api/v1/phase_tasks/{id}/complete_by_link` completes it (another task's id: `link_not_allowed`).
 */
export const PHASE_TASK_LINK_ACTION = 'complete_phase_task';
export const PHASE_TASK_LINK_DAYS = 30;
export const PHASE_TASK_SUPERVISOR_PATH = '/fasetaak';

/** The link's task as the supervisor sees it, with whose internship it is and until when the link works. */
export const ZPhaseTaskLinkDocument = zDocumentOf(ZPhaseTaskResource).extend({
  meta: z.object({ expires_at: z.string(), organization_name: z.string().nullable() }),
});
export type TPhaseTaskLinkDocument = z.infer<typeof ZPhaseTaskLinkDocument>;
