import type { TPermissions } from '../identity/permissions.ts';
import type { TCurrentOrganizationFacts } from '../organizations/moderation.ts';
import { managesSchool } from '../organizations/organizations-policy.ts';

/**
 * Write-back (issue #36 item 4, docs/decisions/write-back.md): sending a school's completed internships'
 * hours and results to its administration system, or taking them as its import file. An admin of the
 * current, approved School, for that school only; placements refuses anyone else and the screens offer
 * it only to them. Zod-free, for the portal's chunk.
 */
export const mayWriteBackResults = (
  permissions: TPermissions,
  current: TCurrentOrganizationFacts | null | undefined,
  schoolId: string | undefined = current?.id,
): boolean => !!current && !!schoolId && managesSchool(permissions, { current, schoolId });

/** Where a run sends: the school's Magister connection, or only its import file. */
export const WRITE_BACK_TARGETS = ['magister', 'file'] as const;
export type TWriteBackTarget = (typeof WRITE_BACK_TARGETS)[number];

/** A run as a whole. */
export const WRITE_BACK_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TWriteBackStatus = (typeof WRITE_BACK_STATUSES)[number];

/**
 * One internship in a run: `pending` until the run handles it; `sent` (Magister took it), `already_sent`
 * (an earlier run sent it: never twice), `refused` (with a reason), `exported` (in the file only).
 */
export const WRITE_BACK_ITEM_STATES = ['pending', 'sent', 'already_sent', 'refused', 'exported'] as const;
export type TWriteBackItemState = (typeof WRITE_BACK_ITEM_STATES)[number];

/** Why an internship was not sent. */
export const WRITE_BACK_REFUSALS = ['no_student_number', 'student_unknown', 'rejected'] as const;
export type TWriteBackRefusal = (typeof WRITE_BACK_REFUSALS)[number];
