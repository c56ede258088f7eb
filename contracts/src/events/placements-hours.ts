import { z } from 'zod';
import { ZHoursEntryStatus } from '../placements/hours.ts';

/**
 * Hours registration events (docs/decisions/hours.md). Subject: the internship, so one sheet's events
 * stay in order. Every payload carries the sheet's figures after the change, so a progress read model
 * needs nothing else.
 */
const ZHoursFigures = z.object({
  internship_id: z.uuid(),
  hours_logged: z.number(),
  hours_supervisor: z.number(),
  hours_pending: z.number(),
  updating_hours_allowed: z.boolean(),
  signed_off: z.boolean(),
});

const ZHoursEntryChange = ZHoursFigures.extend({
  entry_id: z.uuid(),
  date: z.string(),
  hours: z.number(),
  status: ZHoursEntryStatus,
});

/** Payload schemas of the hours events (spread into EVENT_PAYLOADS). */
export const HOURS_EVENT_PAYLOADS = {
  'placements.hours.entry_logged': ZHoursEntryChange,
  'placements.hours.entry_updated': ZHoursEntryChange,
  'placements.hours.entry_deleted': ZHoursEntryChange,
  /** The supervisor's decision through the external link (actor: none; the link is the subject's). */
  'placements.hours.entry_confirmed': ZHoursEntryChange,
  'placements.hours.entry_rejected': ZHoursEntryChange,
  'placements.hours.entry_corrected': ZHoursEntryChange.extend({
    previous_hours: z.number(),
    previous_status: ZHoursEntryStatus,
    reason: z.string(),
  }),
  'placements.hours.locked': ZHoursFigures,
  'placements.hours.unlocked': ZHoursFigures,
  'placements.hours.signed_off': ZHoursFigures.extend({ note: z.string().nullable() }),
  /** A new confirmation link went to the supervisor; older ones no longer work. */
  'placements.hours.link_sent': ZHoursFigures.extend({ expires_at: z.string() }),
  'placements.hours.paper_recorded': ZHoursFigures.extend({
    paper_hours: z.number(),
    scan_url: z.string().nullable(),
  }),
  /** A school's default requirement for a period (subject: the period). */
  'placements.hours.period_default_set': z.object({
    internship_period_id: z.uuid(),
    required_hours: z.number(),
  }),
  /** The daily reminders warned a mentor about mentees behind schedule (subject: the mentor). */
  'placements.hours.mentor_warned': z.object({
    mentor_id: z.uuid(),
    internships: z.array(
      z.object({ internship_id: z.uuid(), hours_logged: z.number(), hours_expected: z.number() }),
    ),
  }),
} as const satisfies Record<string, z.ZodType>;
