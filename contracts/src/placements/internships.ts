import { z } from 'zod';
import type { TTenantFeatures } from '../tenants/tenant.types.ts';
import { zCollectionOf, zDocumentOf, ZRelationship, ZResource, type TQuerySpec } from '../jsonapi/jsonapi.ts';
import { zDate } from '../validation/dates.ts';
import { zDecimal } from '../validation/field-rules.ts';

/**
 * Wire schemas of the placements service's internships (spec §3 Internship, issue #16;
 * docs/decisions/internships.md). Keys are snake_case on the wire like every other resource.
 */

/**
 * The life cycle (docs/decisions/internships.md):
 * - `applied`: a student applied to a published vacancy; the organization `accept`s or `decline`s.
 * - `submitted`: a student's self-found internship; the school `approve`s or `reject`s.
 * - `accepted`: the organization took the student; the school `approve`s or `reject`s.
 * - `approved`: the school agreed (a school-created internship, from assign or allocation, starts here).
 * - `active` → `completed`.
 * - Final: `declined` (organization), `rejected` (school), `withdrawn` (student, before `active`),
 *   `cancelled` (school, with a reason), `completed`.
 */
export const INTERNSHIP_STATUSES = [
  'submitted',
  'applied',
  'accepted',
  'approved',
  'active',
  'completed',
  'declined',
  'rejected',
  'withdrawn',
  'cancelled',
] as const;
export type TInternshipStatus = (typeof INTERNSHIP_STATUSES)[number];
export const ZInternshipStatus = z.enum(INTERNSHIP_STATUSES);

/** Statuses nothing leaves. */
export const FINAL_INTERNSHIP_STATUSES: readonly TInternshipStatus[] = [
  'completed',
  'declined',
  'rejected',
  'withdrawn',
  'cancelled',
];

/**
 * Statuses that hold a place on the vacancy: applications in progress count, so a full vacancy takes
 * no more applications (a declined, rejected, withdrawn or cancelled one frees its place).
 */
export const PLACE_HOLDING_STATUSES: readonly TInternshipStatus[] = [
  'applied',
  'accepted',
  'approved',
  'active',
  'completed',
];

/** The parties a transition is taken by (contracts/src/placements/internship-policy.ts says who is who). */
export const INTERNSHIP_PARTIES = ['student', 'mentor', 'school', 'organization'] as const;
export type TInternshipParty = (typeof INTERNSHIP_PARTIES)[number];

/** The transition endpoints `POST /api/v1/internships/{id}/<action>`. */
export const INTERNSHIP_ACTIONS = [
  'accept',
  'decline',
  'approve',
  'reject',
  'activate',
  'complete',
  'withdraw',
  'cancel',
] as const;
export type TInternshipAction = (typeof INTERNSHIP_ACTIONS)[number];
export const ZInternshipAction = z.enum(INTERNSHIP_ACTIONS);

export interface TInternshipTransition {
  from: readonly TInternshipStatus[];
  to: TInternshipStatus;
  by: readonly TInternshipParty[];
  /** Whether the body carries a reason (kept as `status_reason`, shown to the other parties). */
  reason: 'required' | 'optional' | 'none';
}

/** The life cycle as data: the server applies it, the UI offers exactly these buttons. */
export const INTERNSHIP_TRANSITIONS: Readonly<Record<TInternshipAction, TInternshipTransition>> = {
  accept: { from: ['applied'], to: 'accepted', by: ['organization'], reason: 'none' },
  decline: { from: ['applied'], to: 'declined', by: ['organization'], reason: 'optional' },
  approve: { from: ['submitted', 'accepted'], to: 'approved', by: ['school'], reason: 'none' },
  reject: { from: ['submitted', 'accepted'], to: 'rejected', by: ['school'], reason: 'required' },
  activate: { from: ['approved'], to: 'active', by: ['school', 'organization'], reason: 'none' },
  complete: { from: ['active'], to: 'completed', by: ['school', 'organization'], reason: 'none' },
  withdraw: {
    from: ['submitted', 'applied', 'accepted', 'approved'],
    to: 'withdrawn',
    by: ['student'],
    reason: 'optional',
  },
  cancel: {
    from: ['submitted', 'applied', 'accepted', 'approved', 'active'],
    to: 'cancelled',
    by: ['school'],
    reason: 'required',
  },
};

/** Spec §1: traineeship tenants use digital contracts, the others hours. */
export const INTERNSHIP_CONTRACT_TYPES = ['contract', 'hours'] as const;
export type TInternshipContractType = (typeof INTERNSHIP_CONTRACT_TYPES)[number];
export const ZInternshipContractType = z.enum(INTERNSHIP_CONTRACT_TYPES);

export const contractTypeFor = (features: Pick<TTenantFeatures, 'traineeship'>): TInternshipContractType =>
  features.traineeship ? 'contract' : 'hours';

// ---------------------------------------------------------------------------------------------
// The resource
// ---------------------------------------------------------------------------------------------

/** Spec §3 Internship, plus the life cycle's `status` and `status_reason`. */
export const ZInternshipAttributes = z.object({
  title: z.string(),
  description: z.string().nullable(),
  /** Only where the tenant's "Motivation field enabled" switch is on (null elsewhere). */
  motivation: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  contract_type: ZInternshipContractType,
  self_found: z.boolean(),
  /** The organization's name: the linked organization's, or what a self-found internship names. */
  organization_name: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone_number: z.string().nullable(),
  /** A supervisor without an account (issue #30): the links go to this address. */
  supervisor_name: z.string().nullable(),
  supervisor_email: z.string().nullable(),
  /** The school approved the supervisor's current address: only then do links go out (issue #31). */
  supervisor_approved: z.boolean(),
  hours: z.number().nullable(),
  hours_supervisor: z.number().nullable(),
  updating_hours_allowed: z.boolean(),
  status: ZInternshipStatus,
  /** Why it was declined, rejected, withdrawn or cancelled (null otherwise). */
  status_reason: z.string().nullable(),
  updated_at: z.string(),
  created_at: z.string(),
});
export type TInternshipAttributes = z.infer<typeof ZInternshipAttributes>;

/** The seven relations of spec §3, in the order of spec §7's `include`. */
export const INTERNSHIP_INCLUDES = [
  'student',
  'organization',
  'vacancy',
  'current_phase',
  'internship_period',
  'contact_person',
  'supervisor',
] as const;
export type TInternshipInclude = (typeof INTERNSHIP_INCLUDES)[number];

/** The resource types the relations point at (users are `user`, the student `student`). */
export const INTERNSHIP_RELATION_TYPES = {
  student: 'student',
  organization: 'organization',
  vacancy: 'vacancy',
  current_phase: 'phase',
  internship_period: 'internship_period',
  contact_person: 'user',
  supervisor: 'user',
} as const satisfies Record<TInternshipInclude, string>;

export const ZInternshipResource = ZResource.extend({
  type: z.literal('internship'),
  attributes: ZInternshipAttributes,
  relationships: z.object({
    student: ZRelationship,
    organization: ZRelationship,
    vacancy: ZRelationship,
    /** Null until the phases issue links internships to workflow phases. */
    current_phase: ZRelationship,
    internship_period: ZRelationship,
    contact_person: ZRelationship,
    supervisor: ZRelationship,
  }),
  /** What the caller may do with it now (the policy's answer, so a screen needs no second call). */
  meta: z
    .object({
      actions: z.array(ZInternshipAction),
      editable_fields: z.array(z.string()),
    })
    .optional(),
});
export type TInternshipResource = z.infer<typeof ZInternshipResource>;

/** Attributes of the included resources (spec §3's relation attributes). */
export const ZInternshipStudentAttributes = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  updated_at: z.string(),
  created_at: z.string(),
});
export const ZInternshipOrganizationAttributes = z.object({
  name: z.string(),
  status: z.string(),
  website: z.string().nullable(),
  city: z.string().nullable(),
});
export const ZInternshipVacancyAttributes = z.object({ title: z.string() });
export const ZInternshipPhaseAttributes = z.object({ name: z.string(), status: z.string() });
export const ZInternshipPeriodAttributes = z.object({
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  status: z.string(),
  school_id: z.string(),
  school_year_id: z.string(),
});

export const ZInternshipDocument = zDocumentOf(ZInternshipResource);
export const ZInternshipCollection = zCollectionOf(ZInternshipResource);

/**
 * `filter[awaiting]` of `GET /api/v1/internships` (issue #30 item 2, the dashboards' queues): only
 * internships where something waits — an open evaluation part of the student or of the mentor, or hours
 * entries waiting for the supervisor's confirmation. It only narrows what the caller already sees.
 */
export const INTERNSHIP_AWAITING = ['evaluation_student', 'evaluation_mentor', 'hours_confirmation'] as const;
export type TInternshipAwaiting = (typeof INTERNSHIP_AWAITING)[number];

/** `GET /api/v1/internships`: what the route accepts and the screens send. */
export const INTERNSHIPS_QUERY = {
  filters: {
    internship_period_id: ['eq', 'in', 'null'],
    status: ['eq', 'in', 'not_eq'],
    organization_id: ['eq', 'in'],
    student_id: ['eq', 'in'],
    vacancy_id: ['eq', 'in'],
    self_found: ['eq'],
  },
  /**
   * `group_id`: students who are members of the group (organizations' group memberships); `in_scope=true`:
   * spec §4's in-scope periods only (current and next school year; internships without a period stay);
   * `awaiting`: one of `INTERNSHIP_AWAITING`.
   */
  scopes: ['group_id', 'search', 'in_scope', 'awaiting'],
  sorts: ['created_at', 'updated_at', 'start_date', 'end_date', 'status', 'title'],
  includes: INTERNSHIP_INCLUDES,
  defaultSort: '-created_at',
  defaultPageSize: 25,
  maxPageSize: 100,
} as const satisfies TQuerySpec;

// ---------------------------------------------------------------------------------------------
// Request bodies
// ---------------------------------------------------------------------------------------------

const ZInternshipType = z.enum(['internship', 'internships']);
const ZText = (max: number) => z.string().trim().max(max);
const ZOptionalText = (max: number) => ZText(max).nullable().optional();
const ZHours = zDecimal(z.number().min(0).max(10_000).nullable()).optional();

/** `POST /api/v1/internships`: a student applies to a published vacancy. */
export const ZInternshipApplyInput = z
  .object({
    vacancy_id: z.uuid(),
    /** Required where the tenant's motivation switch is on, refused elsewhere. */
    motivation: ZText(5000).optional(),
  })
  .strict();
export type TInternshipApplyInput = z.infer<typeof ZInternshipApplyInput>;
export const ZInternshipApplyBody = z.object({
  data: z.object({ type: ZInternshipType, attributes: ZInternshipApplyInput }),
});

/**
 * What `createInternships` (placements' service function) takes per internship: a school's assignment
 * or allocation (status `approved`) and a student's self-found internship (status `submitted`).
 */
export const ZInternshipCreateInput = z
  .object({
    student_id: z.uuid(),
    vacancy_id: z.uuid().nullable().optional(),
    /** Default: the vacancy's organization; null for a self-found one at an unknown organization. */
    organization_id: z.uuid().nullable().optional(),
    /** Default: the vacancy's title, else the organization's name. */
    title: ZText(200).min(1).optional(),
    description: ZOptionalText(5000),
    start_date: zDate().nullable().optional(),
    end_date: zDate().nullable().optional(),
    internship_period_id: z.uuid().nullable().optional(),
    organization_name: ZOptionalText(200),
    contact_name: ZOptionalText(200),
    contact_email: z.email().max(254).nullable().optional(),
    contact_phone_number: ZOptionalText(40),
    contact_person_id: z.uuid().nullable().optional(),
    supervisor_id: z.uuid().nullable().optional(),
    supervisor_name: ZOptionalText(200),
    supervisor_email: z.email().max(254).nullable().optional(),
    hours: ZHours,
  })
  .strict();
export type TInternshipCreateInput = z.infer<typeof ZInternshipCreateInput>;

/** `PATCH /api/v1/internships/{id}`: each field only for who may edit it now (`editableFields`). */
export const ZInternshipUpdateInput = z
  .object({
    title: ZText(200).min(1),
    description: ZOptionalText(5000),
    motivation: ZOptionalText(5000),
    start_date: zDate().nullable(),
    end_date: zDate().nullable(),
    internship_period_id: z.uuid().nullable(),
    organization_name: ZOptionalText(200),
    contact_name: ZOptionalText(200),
    contact_email: z.email().max(254).nullable(),
    contact_phone_number: ZOptionalText(40),
    contact_person_id: z.uuid().nullable(),
    supervisor_id: z.uuid().nullable(),
    /** A supervisor by name and address, without an account (instead of `supervisor_id`). */
    supervisor_name: ZOptionalText(200),
    supervisor_email: z.email().max(254).nullable(),
    hours: ZHours,
    hours_supervisor: ZHours,
    updating_hours_allowed: z.boolean(),
  })
  .partial()
  .strict();
export type TInternshipUpdateInput = z.infer<typeof ZInternshipUpdateInput>;
export type TInternshipField = keyof TInternshipUpdateInput;
export const INTERNSHIP_FIELDS = Object.keys(ZInternshipUpdateInput.shape) as TInternshipField[];

export const ZInternshipUpdateBody = z.object({
  data: z.object({ type: ZInternshipType, id: z.string().optional(), attributes: ZInternshipUpdateInput }),
});

/**
 * `POST /api/v1/internships/{id}/<action>`: the body is optional; `reason` where the transition asks;
 * `internship_period_id` on `approve` only: the period the school confirms or chooses (without it the
 * server takes internship-period-rule's suggestion).
 */
export const ZInternshipTransitionBody = z
  .object({
    data: z.object({
      type: ZInternshipType,
      id: z.string().optional(),
      attributes: z
        .object({ reason: ZText(1000).min(1).optional(), internship_period_id: z.uuid().optional() })
        .strict(),
    }),
  })
  .optional();

/** One row of an internship's status history (`GET /api/v1/internships/{id}` meta). */
export const ZInternshipStatusChange = z.object({
  from_status: ZInternshipStatus.nullable(),
  to_status: ZInternshipStatus,
  reason: z.string().nullable(),
  actor_id: z.string().nullable(),
  at: z.string(),
});
export type TInternshipStatusChange = z.infer<typeof ZInternshipStatusChange>;
