import { z } from 'zod';
import type { TPermissions } from '../identity/permissions.ts';
import { zCollectionOf, zDocumentOf, zResourceOf } from '../jsonapi/jsonapi.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import type { TInternshipStatus } from './internships.ts';

/**
 * Discrimination reports (issue #37 item 3, docs/decisions/discrimination-reports.md): a student reports a
 * suspected discriminatory refusal of an application; the student's school sees the reports per
 * organization and acts (contact, pause the organization's vacancies for its students, close).
 */

/**
 * The grounds of the Dutch equal treatment law (Algemene wet gelijke behandeling, art. 1: godsdienst,
 * levensovertuiging, politieke gezindheid, ras, geslacht, nationaliteit, hetero- of homoseksuele gerichtheid,
 * burgerlijke staat), with handicap or chronic illness (WGBH/CZ) and age (WGBL), and `other`. `origin` is the
 * law's "ras" (origin, skin colour, ethnicity); `gender` includes pregnancy and gender identity.
 */
export const DISCRIMINATION_GROUNDS = [
  'origin',
  'nationality',
  'religion',
  'belief',
  'political_opinion',
  'gender',
  'sexual_orientation',
  'marital_status',
  'disability',
  'age',
  'other',
] as const;
export type TDiscriminationGround = (typeof DISCRIMINATION_GROUNDS)[number];

/** The refusals a student can report: the organization declined the application. */
export const REPORTABLE_INTERNSHIP_STATUSES: readonly TInternshipStatus[] = ['declined'];

export const DISCRIMINATION_REPORT_STATUSES = ['open', 'closed'] as const;
export type TDiscriminationReportStatus = (typeof DISCRIMINATION_REPORT_STATUSES)[number];

/** How the school closed a report. */
export const DISCRIMINATION_REPORT_OUTCOMES = ['settled', 'not_established', 'referred', 'other'] as const;
export type TDiscriminationReportOutcome = (typeof DISCRIMINATION_REPORT_OUTCOMES)[number];

/** What the school did, in the report's history. */
export const DISCRIMINATION_REPORT_ACTIONS = ['contact', 'pause', 'unpause', 'close'] as const;
export type TDiscriminationReportAction = (typeof DISCRIMINATION_REPORT_ACTIONS)[number];

export const DISCRIMINATION_NOTE_MAX = 4000;

type TReportOrganization = Pick<TCurrentOrganizationFacts, 'id' | 'type' | 'status'>;
const actsForApprovedSchool = (
  current: TReportOrganization | null | undefined,
): current is TReportOrganization => !!current && current.type === 'School' && current.status === 'approved';

/**
 * Whether the caller may report this application: a student acting for their approved School, the
 * application theirs at that school, declined by an organization. The portal shows the button by it.
 */
export const mayReportDiscrimination = (
  p: Pick<TPermissions, 'isStudent'>,
  current: TReportOrganization | null | undefined,
  userId: string | null | undefined,
  internship: {
    student_id: string;
    school_id: string;
    organization_id: string | null;
    status: TInternshipStatus;
  },
): boolean =>
  p.isStudent &&
  actsForApprovedSchool(current) &&
  !!userId &&
  internship.student_id === userId &&
  internship.school_id === current.id &&
  internship.organization_id !== null &&
  REPORTABLE_INTERNSHIP_STATUSES.includes(internship.status);

/**
 * Who handles the school's reports (sees them with the reporter, records contact, pauses, closes): the
 * admins of the approved School acted for. Mentors do not (they work with the organizations day to day and
 * a report names the student): docs/decisions/discrimination-reports.md.
 */
export const mayHandleDiscriminationReports = (
  p: Pick<TPermissions, 'isSchoolAdmin'>,
  current: TReportOrganization | null | undefined,
): boolean => p.isSchoolAdmin && actsForApprovedSchool(current);

// ---------------------------------------------------------------------------------------------
// Wire
// ---------------------------------------------------------------------------------------------

export const ZDiscriminationGround = z.enum(DISCRIMINATION_GROUNDS);
const ZNote = z.string().trim().max(DISCRIMINATION_NOTE_MAX);

/** `POST /api/v1/discrimination_reports`: one report per application; again answers the first (200). */
export const ZDiscriminationReportBody = z.object({
  data: z.object({
    type: z.literal('discrimination_report'),
    attributes: z
      .object({
        internship_id: z.uuid(),
        grounds: z.array(ZDiscriminationGround).min(1).max(DISCRIMINATION_GROUNDS.length),
        description: ZNote.optional(),
      })
      .strict(),
  }),
});
export type TDiscriminationReportInput = z.infer<typeof ZDiscriminationReportBody>['data']['attributes'];

/** `POST /api/v1/discrimination_reports/{id}/contacts`: the school recorded contact with the organization. */
export const ZDiscriminationContactBody = z.object({
  data: z.object({
    type: z.literal('discrimination_report_contact'),
    attributes: z.object({ note: ZNote.min(1) }).strict(),
  }),
});

/** `POST /api/v1/discrimination_reports/{id}/close`. */
export const ZDiscriminationCloseBody = z.object({
  data: z.object({
    type: z.literal('discrimination_report_close'),
    attributes: z
      .object({ outcome: z.enum(DISCRIMINATION_REPORT_OUTCOMES), note: ZNote.optional() })
      .strict(),
  }),
});

export const ZDiscriminationReportActionEntry = z.object({
  action: z.enum(DISCRIMINATION_REPORT_ACTIONS),
  note: z.string().nullable(),
  outcome: z.enum(DISCRIMINATION_REPORT_OUTCOMES).nullable(),
  actor_name: z.string().nullable(),
  at: z.string(),
});
export type TDiscriminationReportActionEntry = z.infer<typeof ZDiscriminationReportActionEntry>;

/**
 * A report. The student sees their own (`reporter` and `actions` empty: they know who they are; the school's
 * work is its own); the school's admins see the reporter and every action.
 */
export const ZDiscriminationReportAttributes = z.object({
  internship_id: z.uuid(),
  organization_id: z.uuid(),
  organization_name: z.string(),
  internship_title: z.string(),
  grounds: z.array(ZDiscriminationGround),
  description: z.string().nullable(),
  status: z.enum(DISCRIMINATION_REPORT_STATUSES),
  outcome: z.enum(DISCRIMINATION_REPORT_OUTCOMES).nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  reporter: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  /** Whether the organization's vacancies are paused for the school's students now (school view). */
  organization_paused: z.boolean().nullable(),
  actions: z.array(ZDiscriminationReportActionEntry),
});
export type TDiscriminationReportAttributes = z.infer<typeof ZDiscriminationReportAttributes>;
export const ZDiscriminationReportResource = zResourceOf(
  'discrimination_report',
  ZDiscriminationReportAttributes,
);
export type TDiscriminationReportResource = z.infer<typeof ZDiscriminationReportResource>;
export const ZDiscriminationReportDocument = zDocumentOf(ZDiscriminationReportResource);
export const ZDiscriminationReportCollection = zCollectionOf(ZDiscriminationReportResource);
export type TDiscriminationReportCollection = z.infer<typeof ZDiscriminationReportCollection>;

/** `GET /api/v1/discrimination_reports`: `filter[internship_id]`, `filter[organization_id]`. */
export const ZDiscriminationReportsQuery = z.object({
  'filter[internship_id]': z.uuid().optional(),
  'filter[organization_id]': z.uuid().optional(),
});

/** The school's reports per organization (`GET /api/v1/discrimination_reports/organizations`). */
export const ZDiscriminationOrganizationResource = zResourceOf(
  'discrimination_report_organization',
  z.object({
    name: z.string(),
    report_count: z.number().int(),
    open_count: z.number().int(),
    paused: z.boolean(),
    paused_at: z.string().nullable(),
  }),
);
export type TDiscriminationOrganizationResource = z.infer<typeof ZDiscriminationOrganizationResource>;
export const ZDiscriminationOrganizationDocument = zDocumentOf(ZDiscriminationOrganizationResource);
export const ZDiscriminationOrganizationCollection = zCollectionOf(ZDiscriminationOrganizationResource);
export type TDiscriminationOrganizationCollection = z.infer<typeof ZDiscriminationOrganizationCollection>;
