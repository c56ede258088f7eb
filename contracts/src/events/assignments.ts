import { z } from 'zod';

/**
 * Supervisors' assignments (docs/decisions/assignments.md). Subject: the assignment id, so one
 * assignment's events stay in order. No answers in them: what a supervisor writes about a student stays
 * in placements.
 */
export const ASSIGNMENT_EVENT_PAYLOADS = {
  'placements.assignment.created': z.object({
    assignment_id: z.uuid(),
    school_id: z.uuid(),
    form_id: z.uuid(),
    form_version: z.number().int(),
    due_on: z.string(),
  }),
  /** The school changed a draft, or a published one's texts or due date. */
  'placements.assignment.updated': z.object({
    assignment_id: z.uuid(),
    school_id: z.uuid(),
    changed: z.array(z.string()),
  }),
  /** Tasks were made for the selected internships and each supervisor was mailed one link. */
  'placements.assignment.published': z.object({
    assignment_id: z.uuid(),
    school_id: z.uuid(),
    internship_ids: z.array(z.uuid()),
    supervisor_count: z.number().int(),
  }),
  /** A supervisor answered one internship's task through their link (actor: system; the link's use log says who). */
  'placements.assignment.task_completed': z.object({
    assignment_id: z.uuid(),
    task_id: z.uuid(),
    internship_id: z.uuid(),
    form_id: z.uuid(),
    form_version: z.number().int(),
  }),
  /**
   * An internship entering a workflow phase whose task names this assignment got its task (it had none),
   * its supervisor a link, as if selected when the assignment was published (actor: system).
   */
  'placements.assignment.task_added': z.object({
    assignment_id: z.uuid(),
    school_id: z.uuid(),
    task_id: z.uuid(),
    internship_id: z.uuid(),
  }),
  /** The school reminded supervisors: each got a fresh link (the older one stopped working). */
  'placements.assignment.reminded': z.object({
    assignment_id: z.uuid(),
    school_id: z.uuid(),
    task_ids: z.array(z.uuid()),
    supervisor_count: z.number().int(),
  }),
} as const satisfies Record<string, z.ZodType>;
