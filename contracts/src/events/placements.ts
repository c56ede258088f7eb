import { z } from 'zod';
import { ZInternshipContractType, ZInternshipStatus } from '../placements/internships.ts';
import { ZVacancyKind, ZVacancyStatus } from '../placements/vacancies.ts';

/**
 * A vacancy's public facts after the change: enough for read models elsewhere (organizations keeps
 * the published ones for `include=vacancies`). Subject: the vacancy id, so one vacancy's events stay
 * in order. The description is not carried (its HTML is placements'; read it there).
 */
const ZVacancySnapshot = z.object({
  vacancy_id: z.uuid(),
  organization_id: z.uuid(),
  title: z.string(),
  kind: ZVacancyKind,
  status: ZVacancyStatus,
  hidden: z.boolean(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  places: z.number().int(),
  hours_per_week: z.number().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  published_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  updated_at: z.string(),
});

const ZVacancyModerated = ZVacancySnapshot.extend({ reason: z.string().nullable() });

/**
 * An internship's facts after the change (subject: the internship id). Who and where, not the texts
 * (motivation, description): those stay in placements.
 */
const ZInternshipSnapshot = z.object({
  internship_id: z.uuid(),
  student_id: z.uuid(),
  school_id: z.uuid(),
  organization_id: z.uuid().nullable(),
  vacancy_id: z.uuid().nullable(),
  internship_period_id: z.uuid().nullable(),
  contact_person_id: z.uuid().nullable(),
  supervisor_id: z.uuid().nullable(),
  title: z.string(),
  organization_name: z.string().nullable(),
  self_found: z.boolean(),
  contract_type: ZInternshipContractType,
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  status: ZInternshipStatus,
  /** Its own hours requirement (null: the period's default); absent in events written before #37. */
  hours: z.number().nullable().optional(),
  updated_at: z.string(),
});

/** A status change: from which status, and the reason where the transition has one. */
const ZInternshipTransitioned = ZInternshipSnapshot.extend({
  from_status: ZInternshipStatus,
  reason: z.string().nullable(),
});

/** Payload schemas of the placements service's events (spread into EVENT_PAYLOADS). */
export const PLACEMENTS_EVENT_PAYLOADS = {
  'placements.vacancy.created': ZVacancySnapshot,
  'placements.vacancy.updated': ZVacancySnapshot,
  'placements.vacancy.published': ZVacancySnapshot,
  'placements.vacancy.closed': ZVacancySnapshot,
  'placements.vacancy.archived': ZVacancySnapshot,
  /** A moderator took it out of public lists; `reason` is shown to the organization. */
  'placements.vacancy.hidden': ZVacancyModerated,
  'placements.vacancy.unhidden': ZVacancyModerated,
  /** Only drafts are deleted. */
  'placements.vacancy.deleted': ZVacancySnapshot,
  /** A student applied, a school assigned or allocated, or a student submitted a self-found one. */
  'placements.internship.created': ZInternshipSnapshot,
  /** PATCH: fields changed, the status did not. */
  'placements.internship.updated': ZInternshipSnapshot,
  'placements.internship.accepted': ZInternshipTransitioned,
  'placements.internship.declined': ZInternshipTransitioned,
  'placements.internship.approved': ZInternshipTransitioned,
  'placements.internship.rejected': ZInternshipTransitioned,
  'placements.internship.activated': ZInternshipTransitioned,
  'placements.internship.completed': ZInternshipTransitioned,
  'placements.internship.withdrawn': ZInternshipTransitioned,
  'placements.internship.cancelled': ZInternshipTransitioned,
} as const satisfies Record<string, z.ZodType>;
