import {
  mayHandleDiscriminationReports,
  mayReportDiscrimination,
} from '@stageplein/contracts/placements/discrimination-reports';
import type { TInternshipStatus } from '@stageplein/contracts/placements/internships';
import type { TCaller } from '../shared/caller.ts';

/** contracts' rules applied to the caller (docs/service-template.md "policies"). */
export const handlesReports = (caller: TCaller): boolean =>
  mayHandleDiscriminationReports(caller.permissions, caller.current);

export const mayReport = (
  caller: TCaller,
  internship: {
    student_id: string;
    school_id: string;
    organization_id: string | null;
    status: TInternshipStatus;
  },
): boolean => mayReportDiscrimination(caller.permissions, caller.current, caller.userId, internship);

/** A student acting for their approved School: who may file a report at all. */
export const isSchoolStudent = (caller: TCaller): boolean =>
  caller.permissions.isStudent && caller.current?.type === 'School' && caller.current.status === 'approved';
