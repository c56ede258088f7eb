import { z } from 'zod';

/**
 * Events of allocation rounds and assignments (placements, docs/decisions/allocation.md). Subject: the
 * round (or the assignment batch). The internships they create have their own
 * `placements.internship.created` events.
 */
const ZRound = z.object({ round_id: z.uuid(), school_id: z.uuid() });

export const ALLOCATION_EVENT_PAYLOADS = {
  'placements.allocation_round.created': ZRound.extend({
    name: z.string(),
    internship_period_id: z.uuid().nullable(),
    deadline: z.string(),
    vacancy_ids: z.array(z.uuid()),
  }),
  /** A student submitted or replaced their ranking. */
  'placements.allocation_round.preferences_submitted': ZRound.extend({
    student_id: z.uuid(),
    vacancy_ids: z.array(z.uuid()),
  }),
  /** The allocation ran (again): a new proposal. */
  'placements.allocation_round.allocated': ZRound.extend({
    assigned: z.number().int(),
    unmatched: z.number().int(),
  }),
  /** The school moved or unassigned one student in the proposal. */
  'placements.allocation_round.adjusted': ZRound.extend({
    student_id: z.uuid(),
    from_vacancy_id: z.uuid().nullable(),
    vacancy_id: z.uuid().nullable(),
  }),
  'placements.allocation_round.published': ZRound.extend({
    internship_ids: z.array(z.uuid()),
    unmatched: z.number().int(),
  }),
  /** Assign in one go: the internships one batch created. */
  'placements.internship_assignment.created': z.object({
    assignment_id: z.uuid(),
    school_id: z.uuid(),
    internship_ids: z.array(z.uuid()),
  }),
} as const satisfies Record<string, z.ZodType>;
