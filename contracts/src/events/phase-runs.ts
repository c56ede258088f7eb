import { z } from 'zod';
import { PHASE_TASK_ACTORS } from '../workflows/names.ts';

/**
 * Events of the internship phases' runtime (docs/decisions/phases.md "Runtime"), written by the
 * internship-phases workflow's activities. Subject: the internship, so one internship's run stays in
 * order. Reminders and escalations are recorded here; their mail goes out in the same transaction.
 */
const ZRunRef = z.object({ internship_id: z.uuid(), version_id: z.uuid() });
const ZTaskRef = z.object({
  internship_id: z.uuid(),
  /** The task of the internship's phase (`internship_phase_tasks.id`). */
  phase_task_id: z.uuid(),
  /** The definition's task id. */
  task_id: z.uuid(),
  actor: z.enum(PHASE_TASK_ACTORS),
  due_at: z.string().nullable(),
});

export const PHASE_RUN_EVENT_PAYLOADS = {
  /** The internship's run started with a published version (its workflow was asked for). */
  'placements.phase_run.started': ZRunRef.extend({ definition_id: z.uuid(), workflow_id: z.string() }),
  /** The internship entered a phase of its version: `phase_id` is the definition's, now `current_phase`. */
  'placements.internship_phase.entered': ZRunRef.extend({
    phase_id: z.uuid(),
    internship_phase_id: z.uuid(),
    entry: z.number().int(),
    status: z.string(),
    /** true: the seeds wrote a phase the internship went through before today (history; nobody is told). */
    backfilled: z.boolean().optional(),
  }),
  /** It left the phase: completed (its rule or by hand), cancelled with the internship, migrated away. */
  'placements.internship_phase.left': ZRunRef.extend({
    phase_id: z.uuid(),
    internship_phase_id: z.uuid(),
    state: z.enum(['completed', 'cancelled', 'migrated']),
    by: z.uuid().nullable(),
  }),
  /** `completed_by` null: the workplace supervisor through their link (the link's use log says who). */
  'placements.phase_task.completed': ZTaskRef.extend({ completed_by: z.uuid().nullable() }),
  /** The actor is reminded (`reminder`: the how-manieth of the task). */
  'placements.phase_task.reminded': ZTaskRef.extend({ reminder: z.number().int().min(1) }),
  /** Still open after its deadline: level 1 the mentor, level 2 the school admin must act. */
  'placements.phase_task.escalated': ZTaskRef.extend({
    level: z.number().int().min(1).max(2),
    to: z.enum(['mentor', 'school_admin']),
  }),
  /** The school sent the workplace supervisor a new link for their task (the older one no longer works). */
  'placements.phase_task.link_sent': ZTaskRef.extend({ expires_at: z.string() }),
  /** A designer moved the running internship to another published version of its definition (logged). */
  'placements.phase_run.migrated': z.object({
    internship_id: z.uuid(),
    definition_id: z.uuid(),
    from_version_id: z.uuid(),
    to_version_id: z.uuid(),
  }),
  /** The run ended: its last phase completed, or the internship completed or was cancelled. */
  'placements.phase_run.ended': ZRunRef.extend({ state: z.enum(['completed', 'cancelled']) }),
} as const satisfies Record<string, z.ZodType>;
