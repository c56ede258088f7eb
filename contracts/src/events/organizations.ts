import { z } from 'zod';
import { ZOrganizationType } from '../identity/roles.ts';
import { ZLocale } from '../identity/users.ts';
import { ZStudentImportRequested } from '../imports/student-import.ts';
import { ZInternshipPeriodStatus } from '../organizations/internship-periods.ts';
import { ZComplianceKind, ZComplianceState } from '../organizations/compliance.ts';
import { ZOrganizationStatus } from '../organizations/organizations.ts';

/**
 * The organization fields other services keep in their read models (placements shows name, status,
 * website and city with internships). The subject of every organization event is the organization id.
 */
const ZOrganizationSnapshot = z.object({
  organization_id: z.uuid(),
  organization_type: ZOrganizationType,
  name: z.string(),
  status: ZOrganizationStatus,
  website: z.string().nullable(),
  city: z.string().nullable(),
  parent_id: z.uuid().nullable(),
  /** Where it is (placements defaults a vacancy's location to it); absent in events before issue #14. */
  postcode: z.string().nullable().optional(),
  latitude: z.number().nullable().optional(),
  longitude: z.number().nullable().optional(),
});

/** The first admin identity invites (an invited user with the admin role on the organization). */
const ZFirstAdmin = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  locale: ZLocale,
});

const ZStatusChange = ZOrganizationSnapshot.extend({
  from_status: ZOrganizationStatus,
  /** Shown to the applicant (denials). */
  reason: z.string().nullable(),
});

const ZSchoolScoped = z.object({ school_id: z.uuid(), name: z.string() });

const ZGroup = ZSchoolScoped.extend({
  group_id: z.uuid(),
  school_year_id: z.uuid().nullable(),
  level_id: z.uuid().nullable(),
});

const ZInternshipPeriod = ZSchoolScoped.extend({
  internship_period_id: z.uuid(),
  school_year_id: z.uuid(),
  start_date: z.string(),
  end_date: z.string(),
  status: ZInternshipPeriodStatus,
});

const ZMentorship = z.object({
  mentorship_id: z.uuid(),
  school_id: z.uuid(),
  mentor_id: z.uuid(),
  student_id: z.uuid(),
});

/** Compliance documents (subject: the organization that keeps them, so its events stay in order). */
const ZComplianceDocument = z.object({
  document_id: z.uuid(),
  organization_id: z.uuid(),
  kind: ZComplianceKind,
  reference: z.string().nullable(),
  issued_on: z.string(),
  expires_on: z.string().nullable(),
});

/** Payload schemas of the organizations service's events (spread into EVENT_PAYLOADS). */
export const ORGANIZATIONS_EVENT_PAYLOADS = {
  'organizations.organization.created': ZOrganizationSnapshot.extend({ first_admin: ZFirstAdmin.nullable() }),
  /** Public self-registration: identity invites `first_admin` with the admin role on the pending organization. */
  'organizations.organization.signed_up': ZOrganizationSnapshot.extend({ first_admin: ZFirstAdmin }),
  'organizations.organization.updated': ZOrganizationSnapshot,
  'organizations.organization.approved': ZStatusChange,
  'organizations.organization.denied': ZStatusChange,
  'organizations.organization.archived': ZStatusChange,
  /** Back to pending: a denied request is reconsidered. */
  'organizations.organization.reopened': ZStatusChange,
  'organizations.organization.moved': ZOrganizationSnapshot.extend({ from_parent_id: z.uuid().nullable() }),
  'organizations.organization.deleted': ZOrganizationSnapshot,
  'organizations.group.created': ZGroup,
  'organizations.group.updated': ZGroup,
  'organizations.group.deleted': ZGroup,
  /** Subject: the student. `group_id` null means taken out of their group at the school. */
  'organizations.group_membership.changed': z.object({
    school_id: z.uuid(),
    student_id: z.uuid(),
    group_id: z.uuid().nullable(),
    previous_group_id: z.uuid().nullable(),
  }),
  'organizations.level.created': ZSchoolScoped.extend({ level_id: z.uuid() }),
  'organizations.level.updated': ZSchoolScoped.extend({ level_id: z.uuid() }),
  'organizations.level.deleted': ZSchoolScoped.extend({ level_id: z.uuid() }),
  'organizations.tag.created': ZSchoolScoped.extend({ tag_id: z.uuid() }),
  'organizations.tag.updated': ZSchoolScoped.extend({ tag_id: z.uuid() }),
  'organizations.tag.deleted': ZSchoolScoped.extend({ tag_id: z.uuid() }),
  'organizations.internship_period.created': ZInternshipPeriod,
  'organizations.internship_period.updated': ZInternshipPeriod,
  'organizations.internship_period.archived': ZInternshipPeriod,
  'organizations.mentorship.added': ZMentorship,
  'organizations.mentorship.removed': ZMentorship,
  'organizations.import.requested': ZStudentImportRequested,
  'organizations.compliance_document.created': ZComplianceDocument,
  'organizations.compliance_document.updated': ZComplianceDocument,
  'organizations.compliance_document.deleted': ZComplianceDocument,
  /**
   * A required document is within COMPLIANCE_REMINDER_DAYS of its expiry: the daily compliance sweep
   * (a Temporal schedule) writes it once per document and expiry date; identity mails the admins.
   */
  'organizations.compliance_document.expiring': ZComplianceDocument.extend({
    organization_name: z.string(),
    days_left: z.number().int(),
  }),
  /** Subject: the School or VolunteerCenter whose required kinds changed. */
  'organizations.compliance_requirements.changed': z.object({
    organization_id: z.uuid(),
    kinds: z.array(ZComplianceKind),
  }),
  /**
   * An organization's compliance state changed (documents, requirements or the passing of time).
   * Subject: the organization. `may_publish` is what placements gates publishing on.
   */
  'organizations.compliance.changed': ZComplianceState.extend({
    organization_id: z.uuid(),
    computed_on: z.string(),
  }),
} as const satisfies Record<string, z.ZodType>;
