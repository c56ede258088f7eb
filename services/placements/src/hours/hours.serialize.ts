import {
  hoursOf,
  type THoursConfirmationDocument,
  type THoursEntryResource,
  type THoursSheetDocument,
} from '@stageplein/contracts/placements/hours';
import type { THoursEntryRow } from './hours.repository.ts';
import type { THoursSheet } from './hours.service.ts';

/** `forSchool`: who decided from where (the link's address, the client address) is the school's to see. */
export const hoursEntryResource = (e: THoursEntryRow, forSchool = false): THoursEntryResource => ({
  type: 'hours_entry',
  id: e.id,
  attributes: {
    date: e.date,
    hours: hoursOf(e.quarters),
    description: e.description,
    status: e.status,
    supervisor_note: e.supervisor_note,
    decided_at: e.decided_at?.toISOString() ?? null,
    decided_by: forSchool ? e.decided_by : null,
    decided_from: forSchool ? e.decided_from : null,
    corrected_at: e.corrected_at?.toISOString() ?? null,
    correction_reason: e.correction_reason,
    created_at: e.created_at.toISOString(),
    updated_at: e.updated_at.toISOString(),
  },
});

/** The sheet with its entries as `included` (always present, also when empty). */
export function hoursSheetDocument(s: THoursSheet, paperTimesheets: boolean): THoursSheetDocument {
  const i = s.internship;
  return {
    data: {
      type: 'hours_sheet',
      id: i.id,
      attributes: {
        internship_id: i.id,
        student_name: i.student_name,
        organization_name: i.organization_name,
        school_name: i.school_name,
        internship_period_name: i.internship_period_name,
        starts_on: i.start_date,
        ends_on: i.end_date,
        title: i.title,
        supervisor_name: i.supervisor_name,
        supervisor_email: i.supervisor_email,
        supervisor_approved: i.supervisor_approved,
        required_hours: s.totals.required,
        hours_logged: s.totals.logged,
        hours_supervisor: s.totals.confirmed,
        hours_pending: s.totals.pending,
        hours_rejected: s.totals.rejected,
        hours_remaining: s.totals.remaining,
        percent: s.totals.percent,
        updating_hours_allowed: i.updating_hours_allowed,
        signed_off_at: s.sheet?.signed_off_at?.toISOString() ?? null,
        paper_hours: s.sheet?.paper_quarters == null ? null : hoursOf(s.sheet.paper_quarters),
        paper_scan_url: s.sheet?.paper_scan_url ?? null,
        supervisor_link_sent_at: s.sheet?.link_sent_at?.toISOString() ?? null,
        paper_timesheets: paperTimesheets,
        actions: s.actions,
      },
      relationships: {
        entries: { data: s.entries.map((e) => ({ type: 'hours_entry', id: e.id })) },
      },
    },
    included: s.entries.map((e) => hoursEntryResource(e, s.relation === 'school')),
  };
}

/** The supervisor's view: names, figures and entries; not the student's contact details or notes of the school. */
export function hoursConfirmationDocument(s: THoursSheet, expiresAt: Date): THoursConfirmationDocument {
  return {
    data: {
      type: 'hours_confirmation',
      id: s.internship.id,
      attributes: {
        student_name: s.internship.student_name,
        organization_name: s.internship.organization_name,
        required_hours: s.totals.required,
        hours_supervisor: s.totals.confirmed,
        hours_pending: s.totals.pending,
        expires_at: expiresAt.toISOString(),
        entries: s.entries.map((e) => ({
          id: e.id,
          date: e.date,
          hours: hoursOf(e.quarters),
          description: e.description,
          status: e.status,
          supervisor_note: e.supervisor_note,
        })),
      },
    },
  };
}
