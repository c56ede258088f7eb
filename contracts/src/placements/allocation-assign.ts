import { z } from 'zod';
import { zCollectionOf, zDocumentOf, ZResource } from '../jsonapi/jsonapi.ts';
import { ZInternshipCreateInput } from './internships.ts';

/**
 * Assigning in one go (issue #16 item 3, docs/decisions/allocation.md): a school admin picks students
 * (by group, level, period) and vacancies and creates their internships, `approved`, in one transaction.
 * `POST /api/v1/internship_assignments` with an `Idempotency-Key` header: the same key again answers the
 * first batch and creates nothing twice.
 */

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * The workplace supervisor of every internship of the batch, named by name and address without an
 * account (issue #30 item 6): the very fields, and so the rules, of an internship's own
 * (`ZInternshipCreateInput`); the hours, evaluation and assignment links go to that address. The
 * school names them, so they are approved as named (like an internship the school edits).
 */
const ZAssignmentSupervisor = ZInternshipCreateInput.pick({ supervisor_name: true, supervisor_email: true });

export const ZAssignmentInput = z
  .object({
    internship_period_id: z.uuid().nullable().optional(),
    ...ZAssignmentSupervisor.shape,
    assignments: z
      .array(z.object({ student_id: z.uuid(), vacancy_id: z.uuid() }).strict())
      .min(1)
      .max(500)
      .refine((rows) => new Set(rows.map((r) => r.student_id)).size === rows.length, {
        message: 'duplicate student',
      }),
  })
  .strict();
export type TAssignmentInput = z.infer<typeof ZAssignmentInput>;
export const ZAssignmentBody = z.object({
  data: z.object({
    type: z.enum(['internship_assignment', 'internship_assignments']),
    attributes: ZAssignmentInput,
  }),
});

export const ZAssignmentResource = ZResource.extend({
  type: z.literal('internship_assignment'),
  attributes: z.object({
    internship_ids: z.array(z.string()),
    created_at: z.string(),
  }),
});
export const ZAssignmentDocument = zDocumentOf(ZAssignmentResource);

/**
 * `GET /api/v1/internship_assignments/students`: the school's students with their group and level, to
 * pick from (`filter[group_id_in]`, `filter[level_id_in]` as comma lists).
 */
export const ZAssignableStudentResource = ZResource.extend({
  type: z.literal('assignable_student'),
  attributes: z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable(),
    group_id: z.string().nullable(),
    group_name: z.string().nullable(),
    level_id: z.string().nullable(),
  }),
});
export type TAssignableStudentResource = z.infer<typeof ZAssignableStudentResource>;
export const ZAssignableStudentCollection = zCollectionOf(ZAssignableStudentResource);

/**
 * `GET /api/v1/internship_assignments/vacancies?filter[search]=…&page[size]=…`: what a school may pick for
 * a round or an assignment — published, visible vacancies of the tenant with a place left — every word
 * in the title, the organization's name or the place; newest first, at most `page[size]` (≤ 50).
 */
export const ASSIGNABLE_VACANCIES_MAX = 50;
export const ZAssignableVacanciesQuery = z.object({
  'filter[search]': z.string().max(200).optional(),
  'page[size]': z.coerce.number().int().min(1).max(ASSIGNABLE_VACANCIES_MAX).default(20),
});
export const ZAssignableVacancyResource = ZResource.extend({
  type: z.literal('assignable_vacancy'),
  attributes: z.object({
    title: z.string(),
    organization_name: z.string().nullable(),
    city: z.string().nullable(),
    places: z.number().int(),
    places_left: z.number().int(),
  }),
});
export const ZAssignableVacancyCollection = zCollectionOf(ZAssignableVacancyResource);

/** `GET /api/v1/internship_assignments/options`: the school's groups, levels and periods to filter by. */
const ZOption = z.object({ id: z.string(), name: z.string() });
export const ZAssignmentOptionsDocument = z.object({
  data: z.object({
    type: z.literal('assignment_options'),
    id: z.string(),
    attributes: z.object({
      groups: z.array(ZOption.extend({ level_id: z.string().nullable() })),
      levels: z.array(ZOption),
      internship_periods: z.array(ZOption.extend({ start_date: z.string(), end_date: z.string() })),
    }),
  }),
});
export type TAssignmentOptions = z.infer<typeof ZAssignmentOptionsDocument>['data']['attributes'];
