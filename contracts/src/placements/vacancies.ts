import { z } from 'zod';
import { ZRichTextDocument } from '../content/content.ts';
import { zCollectionOf, zDocumentOf, ZRelationship, ZResource } from '../jsonapi/jsonapi.ts';
import { ZDutchPostcodeInput, zDecimal } from '../validation/field-rules.ts';
import { VACANCY_KINDS, VACANCY_STATUSES } from './vacancy-kinds.ts';
import { zDate } from '../validation/dates.ts';

/**
 * Wire schemas of the placements service's vacancies (spec §3 Vacancy, issue #14; docs/decisions/
 * placements.md). Keys are snake_case on the wire like every other resource.
 */

export * from './vacancy-kinds.ts';

export const ZVacancyStatus = z.enum(VACANCY_STATUSES);
export const ZVacancyKind = z.enum(VACANCY_KINDS);

export const ZVacancyAttributes = z.object({
  title: z.string(),
  /** The Tiptap JSON the editors load. */
  description: ZRichTextDocument,
  /** `description` rendered and sanitised on the server (what a visitor sees). */
  description_html: z.string(),
  organization_id: z.string(),
  /** The organization's name (placements' read model), so a list needs no second call. */
  organization_name: z.string().nullable(),
  street: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  places: z.number().int(),
  /** Places not held by an internship (applied up to completed), and whether none are left (one vacancy). */
  places_left: z.number().int().optional(),
  full: z.boolean().optional(),
  hours_per_week: z.number().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  internship_period_id: z.string().nullable(),
  level_ids: z.array(z.string()),
  tag_ids: z.array(z.string()),
  kind: ZVacancyKind,
  contact_person_id: z.string().nullable(),
  /** Content's upload shown with the vacancy: a stock image or an upload of its own organization. */
  image_upload_id: z.string().nullable(),
  /** Where the image is served (`/api/v1/cms/files/<hash>`); null without one or once it was deleted. */
  image_url: z.string().nullable(),
  /** Its text for screen readers: the vacancy's own, else the stock image's, else empty (decorative). */
  image_alt: z.string(),
  status: ZVacancyStatus,
  published_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  /** Hidden by a moderator: out of every public list whatever its status. */
  hidden: z.boolean(),
  /** Why it was hidden; shown only to those who may edit or moderate it (null for others). */
  hidden_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TVacancyAttributes = z.infer<typeof ZVacancyAttributes>;

export const ZVacancyResource = ZResource.extend({
  type: z.literal('vacancy'),
  attributes: ZVacancyAttributes,
  relationships: z.object({ organization: ZRelationship }),
});
export type TVacancyResource = z.infer<typeof ZVacancyResource>;
export const ZVacancyDocument = zDocumentOf(ZVacancyResource);
export const ZVacancyCollection = zCollectionOf(ZVacancyResource);

const ZOptionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const ZIds = z.array(z.uuid()).max(50);

/** What an organization admin writes; `status` changes only through the transition endpoints. */
export const ZVacancyInput = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: ZRichTextDocument.optional(),
    /** Default: the caller's current organization. */
    organization_id: z.uuid().optional(),
    street: ZOptionalText(200),
    postcode: ZDutchPostcodeInput.nullable().optional(),
    city: ZOptionalText(100),
    /** Both or neither; when neither, the organization's coordinates (if it has any). */
    latitude: zDecimal(z.number().min(-90).max(90).nullable()).optional(),
    longitude: zDecimal(z.number().min(-180).max(180).nullable()).optional(),
    places: z.number().int().min(1).max(1000).optional(),
    hours_per_week: zDecimal(z.number().min(0).max(80).nullable()).optional(),
    starts_on: zDate().nullable().optional(),
    ends_on: zDate().nullable().optional(),
    /** Instead of dates: one of the schools' internship periods. */
    internship_period_id: z.uuid().nullable().optional(),
    level_ids: ZIds.optional(),
    tag_ids: ZIds.optional(),
    /** Default: the tenant's first kind (`vacancyKindsFor`). */
    kind: ZVacancyKind.optional(),
    contact_person_id: z.uuid().nullable().optional(),
    /** One of the tenant's stock images or an image upload of the vacancy's organization (content). */
    image_upload_id: z.uuid().nullable().optional(),
    image_alt: ZOptionalText(300),
    closes_at: z
      .union([z.iso.datetime({ offset: true }), z.iso.date()])
      .nullable()
      .optional(),
  })
  .strict();
export type TVacancyInput = z.infer<typeof ZVacancyInput>;

const ZVacancyType = z.enum(['vacancy', 'vacancies']);
export const ZVacancyCreateBody = z.object({
  data: z.object({ type: ZVacancyType, attributes: ZVacancyInput }),
});
export const ZVacancyUpdateBody = z.object({
  data: z.object({ type: ZVacancyType, id: z.string().optional(), attributes: ZVacancyInput.partial() }),
});

/** `POST /api/v1/vacancies/{id}/hide`: a moderator's reason, shown to the organization. */
export const ZVacancyHideBody = z.object({
  data: z.object({
    type: ZVacancyType,
    id: z.string().optional(),
    attributes: z.object({ reason: z.string().trim().min(1).max(1000) }).strict(),
  }),
});

/** The transition endpoints `POST /api/v1/vacancies/{id}/<action>` (docs/decisions/placements.md). */
export const VACANCY_ACTIONS = ['publish', 'close', 'archive', 'hide', 'unhide'] as const;
export type TVacancyAction = (typeof VACANCY_ACTIONS)[number];
