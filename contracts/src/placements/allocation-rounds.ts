import { z } from 'zod';
import { endOfDutchDay } from '../domain/school-years.ts';
import { zCollectionOf, zDocumentOf, ZResource } from '../jsonapi/jsonapi.ts';

/**
 * Wire schemas of allocation rounds (issue #16 item 3, docs/decisions/allocation.md): a school opens a
 * round on a set of vacancies, eligible students rank up to three of them before the deadline, the school
 * runs the allocation (a proposal), adjusts it and publishes it (internships at `approved`).
 */

/**
 * - `open`: students rank vacancies until the deadline.
 * - `closed`: the school ran the allocation (running closes the round for ranking, even before the
 *   deadline); the proposal may be re-run and adjusted.
 * - `published`: the proposal became internships; final.
 */
export const ALLOCATION_ROUND_STATUSES = ['open', 'closed', 'published'] as const;
export type TAllocationRoundStatus = (typeof ALLOCATION_ROUND_STATUSES)[number];
export const ZAllocationRoundStatus = z.enum(ALLOCATION_ROUND_STATUSES);

/** A student ranks at most this many vacancies. */
export const MAX_PREFERENCES = 3;

export const ZAllocationRoundVacancy = z.object({
  vacancy_id: z.string(),
  title: z.string(),
  organization_name: z.string().nullable(),
  city: z.string().nullable(),
  /** Places this round fills on the vacancy. */
  capacity: z.number().int(),
  /** Places the vacancy has left outside the round: the allocation fills at most these. */
  places_left: z.number().int().optional(),
});
export type TAllocationRoundVacancy = z.infer<typeof ZAllocationRoundVacancy>;

/** What a student got: the vacancy (null: no place) once the round is published. */
export const ZAllocationOutcome = z.object({
  vacancy_id: z.string().nullable(),
  title: z.string().nullable(),
  organization_name: z.string().nullable(),
  internship_id: z.string().nullable(),
});
export type TAllocationOutcome = z.infer<typeof ZAllocationOutcome>;

export const ZAllocationRoundAttributes = z.object({
  name: z.string(),
  school_id: z.string(),
  internship_period_id: z.string().nullable(),
  deadline: z.string(),
  /** Who may rank: students in these groups or in groups of these levels (both empty: every student). */
  group_ids: z.array(z.string()),
  level_ids: z.array(z.string()),
  status: ZAllocationRoundStatus,
  /** Open and before the deadline. */
  accepting_preferences: z.boolean(),
  vacancies: z.array(ZAllocationRoundVacancy),
  allocated_at: z.string().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAllocationRoundAttributes = z.infer<typeof ZAllocationRoundAttributes>;

export const ZAllocationRoundResource = ZResource.extend({
  type: z.literal('allocation_round'),
  attributes: ZAllocationRoundAttributes,
  meta: z
    .object({
      /** The caller's own ranking (students), visible after the deadline too; null: none submitted. */
      preferences: z.array(z.string()).nullable().optional(),
      /** The caller's outcome (students), once published. */
      outcome: ZAllocationOutcome.nullable().optional(),
      /** School admins: eligible students and how many ranked. */
      eligible_students: z.number().int().optional(),
      ranked_students: z.number().int().optional(),
    })
    .optional(),
});
export type TAllocationRoundResource = z.infer<typeof ZAllocationRoundResource>;
export const ZAllocationRoundDocument = zDocumentOf(ZAllocationRoundResource);
export const ZAllocationRoundCollection = zCollectionOf(ZAllocationRoundResource);

const ZRoundType = z.enum(['allocation_round', 'allocation_rounds']);

export const ZAllocationRoundInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    internship_period_id: z.uuid().nullable().optional(),
    /**
     * A moment (ISO with offset), or a date: the last day students may rank, until the end of that
     * day in the Netherlands (`endOfDutchDay`).
     */
    deadline: z.union([z.iso.date(), z.iso.datetime({ offset: true })]),
    group_ids: z.array(z.uuid()).max(200).optional(),
    level_ids: z.array(z.uuid()).max(200).optional(),
    /** Published vacancies; `capacity` defaults to the vacancy's places. */
    vacancies: z
      .array(
        z.object({ vacancy_id: z.uuid(), capacity: z.number().int().min(0).max(1000).optional() }).strict(),
      )
      .min(1)
      .max(2000),
  })
  .strict();
export type TAllocationRoundInput = z.infer<typeof ZAllocationRoundInput>;

/** The instant a round's `deadline` input means: a date ends with that Dutch day. */
export const roundDeadline = (deadline: string): Date =>
  /^\d{4}-\d{2}-\d{2}$/.test(deadline) ? endOfDutchDay(deadline) : new Date(deadline);
export const ZAllocationRoundCreateBody = z.object({
  data: z.object({ type: ZRoundType, attributes: ZAllocationRoundInput }),
});

/** `PUT /api/v1/allocation_rounds/{id}/preferences`: the student's ranking, best first (replaces the last). */
export const ZAllocationPreferencesInput = z
  .object({
    vacancy_ids: z
      .array(z.uuid())
      .max(MAX_PREFERENCES)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate' }),
  })
  .strict();
export type TAllocationPreferencesInput = z.infer<typeof ZAllocationPreferencesInput>;
export const ZAllocationPreferencesBody = z.object({
  data: z.object({
    type: z.enum(['allocation_preference', 'allocation_preferences']),
    attributes: ZAllocationPreferencesInput,
  }),
});

/** One student's line of the proposal (`GET /api/v1/allocation_rounds/{id}/proposal`); id = student id. */
export const ZAllocationProposalLineAttributes = z.object({
  student_id: z.string(),
  student_name: z.string(),
  /** Their ranking, best first (empty: they did not rank). */
  preferences: z.array(z.string()),
  vacancy_id: z.string().nullable(),
  /** 1–3: which of their choices they got; null: none or a vacancy they did not rank (adjusted). */
  rank: z.number().int().nullable(),
  /** The round's lottery number (lower goes first where places are contested). */
  lottery_number: z.number(),
  /** Changed by the school after the run. */
  adjusted: z.boolean(),
});
export const ZAllocationProposalLineResource = ZResource.extend({
  type: z.literal('allocation_proposal_line'),
  attributes: ZAllocationProposalLineAttributes,
});
export type TAllocationProposalLineResource = z.infer<typeof ZAllocationProposalLineResource>;
export const ZAllocationProposalLineDocument = zDocumentOf(ZAllocationProposalLineResource);
export const ZAllocationProposalCollection = zCollectionOf(ZAllocationProposalLineResource);

/** `PATCH /api/v1/allocation_rounds/{id}/proposal/{student_id}`: move (a vacancy of the round) or unassign (null). */
export const ZAllocationProposalLineBody = z.object({
  data: z.object({
    type: z.enum(['allocation_proposal_line', 'allocation_proposal_lines']),
    id: z.string().optional(),
    attributes: z.object({ vacancy_id: z.uuid().nullable() }).strict(),
  }),
});

/** The steps of a round, each `POST /api/v1/allocation_rounds/{id}/<action>`. */
export const ALLOCATION_ROUND_ACTIONS = ['run', 'publish'] as const;
export type TAllocationRoundAction = (typeof ALLOCATION_ROUND_ACTIONS)[number];
