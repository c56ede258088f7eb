import { z } from 'zod';
import {
  DISCRIMINATION_REPORT_OUTCOMES,
  ZDiscriminationGround,
} from '../placements/discrimination-reports.ts';

/**
 * Discrimination reports (docs/decisions/discrimination-reports.md). Subject: the report id (a pause's:
 * the organization id). No consumer outside placements lists these types: the organization's services never
 * learn that a report exists. The free texts (the student's description, the school's notes) stay in
 * placements' tables and are not carried.
 */
const ZReportRef = z.object({
  report_id: z.uuid(),
  school_id: z.uuid(),
  organization_id: z.uuid(),
});

export const DISCRIMINATION_REPORT_EVENT_PAYLOADS = {
  /** A student reported a declined application (the envelope's actor is the student). */
  'placements.discrimination_report.filed': ZReportRef.extend({
    internship_id: z.uuid(),
    grounds: z.array(ZDiscriminationGround),
  }),
  /** The school recorded contact with the organization. */
  'placements.discrimination_report.contact_recorded': ZReportRef,
  'placements.discrimination_report.closed': ZReportRef.extend({
    outcome: z.enum(DISCRIMINATION_REPORT_OUTCOMES),
  }),
  /** A school paused (or lifted the pause on) an organization's vacancies for its students. */
  'placements.organization_pause.started': z.object({ school_id: z.uuid(), organization_id: z.uuid() }),
  'placements.organization_pause.lifted': z.object({ school_id: z.uuid(), organization_id: z.uuid() }),
} as const satisfies Record<string, z.ZodType>;
