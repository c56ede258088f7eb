import type {
  TDiscriminationOrganizationResource,
  TDiscriminationReportResource,
} from '@stageplein/contracts/placements/discrimination-reports';
import type { TReportWithActions } from './discrimination-reports.service.ts';

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/** A report as its viewer may see it: the reporter and the school's actions only for the school's admins. */
export function reportResource({
  report: r,
  actions,
  viewer,
}: TReportWithActions): TDiscriminationReportResource {
  const school = viewer === 'school';
  return {
    type: 'discrimination_report',
    id: r.id,
    attributes: {
      internship_id: r.internship_id,
      organization_id: r.organization_id,
      organization_name: r.organization_name,
      internship_title: r.internship_title,
      grounds: r.grounds,
      description: r.description,
      status: r.status,
      outcome: r.outcome,
      created_at: r.created_at.toISOString(),
      closed_at: r.closed_at?.toISOString() ?? null,
      reporter: school
        ? {
            id: r.student_id,
            name: nameOf(r.reporter_first_name, r.reporter_last_name) || (r.reporter_email ?? ''),
            email: r.reporter_email ?? '',
          }
        : null,
      organization_paused: school ? r.organization_paused : null,
      actions: school
        ? actions.map((a) => ({
            action: a.action,
            note: a.note,
            outcome: a.outcome,
            actor_name: nameOf(a.actor_first_name, a.actor_last_name) || null,
            at: a.at.toISOString(),
          }))
        : [],
    },
  };
}

export function organizationResource(o: {
  organization_id: string;
  name: string;
  report_count: number;
  open_count: number;
  paused_at: Date | null;
}): TDiscriminationOrganizationResource {
  return {
    type: 'discrimination_report_organization',
    id: o.organization_id,
    attributes: {
      name: o.name,
      report_count: o.report_count,
      open_count: o.open_count,
      paused: o.paused_at !== null,
      paused_at: o.paused_at?.toISOString() ?? null,
    },
  };
}
