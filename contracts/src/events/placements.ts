import { z } from 'zod';
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
} as const satisfies Record<string, z.ZodType>;
