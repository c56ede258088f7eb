import { z } from 'zod';
import { ZRelationship, ZResource, zCollectionOf, zDocumentOf, zIdFilterQuery } from '../jsonapi/jsonapi.ts';

/** Groups (classes), levels and tags: per school (levels and tags are also used by vacancies). */

export const ZGroupAttributes = z.object({
  name: z.string(),
  description: z.string().nullable(),
  school_id: z.string(),
  school_year_id: z.string().nullable(),
  level_id: z.string().nullable(),
  students_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const ZGroupResource = ZResource.extend({
  type: z.literal('group'),
  attributes: ZGroupAttributes,
  relationships: z.object({
    school: ZRelationship,
    school_year: ZRelationship,
    level: ZRelationship,
    /** Student user ids (identity owns the users); present on `GET /groups/{id}`. */
    students: ZRelationship.optional(),
  }),
});
export type TGroupResource = z.infer<typeof ZGroupResource>;
export const ZGroupDocument = zDocumentOf(ZGroupResource);
/** GET /api/v1/groups filters (the route's querystring and the admin's server filters). */
export const GROUPS_FILTERS = ['school_year_id_eq', 'level_id_eq'] as const;
export const ZGroupsQuery = zIdFilterQuery(GROUPS_FILTERS);
export const ZGroupCollection = zCollectionOf(ZGroupResource);

/** GET /api/v1/levels and /tags filters: a school (default the current School). */
export const SCHOOL_CATALOGUE_FILTERS = ['school_id_eq'] as const;
export const ZSchoolCatalogueQuery = zIdFilterQuery(SCHOOL_CATALOGUE_FILTERS);

export const ZLevelAttributes = z.object({
  name: z.string(),
  position: z.number().int(),
  school_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const ZLevelResource = ZResource.extend({ type: z.literal('level'), attributes: ZLevelAttributes });
export type TLevelResource = z.infer<typeof ZLevelResource>;
export const ZLevelDocument = zDocumentOf(ZLevelResource);
export const ZLevelCollection = zCollectionOf(ZLevelResource);

export const ZTagAttributes = z.object({
  name: z.string(),
  school_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const ZTagResource = ZResource.extend({ type: z.literal('tag'), attributes: ZTagAttributes });
export type TTagResource = z.infer<typeof ZTagResource>;
export const ZTagDocument = zDocumentOf(ZTagResource);
export const ZTagCollection = zCollectionOf(ZTagResource);

export const ZGroupMembershipAttributes = z.object({
  student_id: z.string(),
  group_id: z.string(),
  school_id: z.string(),
  created_at: z.string(),
});
export const ZGroupMembershipResource = ZResource.extend({
  type: z.literal('group_membership'),
  attributes: ZGroupMembershipAttributes,
});
export type TGroupMembershipResource = z.infer<typeof ZGroupMembershipResource>;
/** `data: null` after taking a student out of their group. */
export const ZGroupMembershipDocument = zDocumentOf(ZGroupMembershipResource.nullable());

const ZName = z.string().trim().min(1).max(100);

export const ZGroupInput = z
  .object({
    name: ZName,
    description: z.string().trim().max(2000).nullable().optional(),
    school_year_id: z.uuid().nullable().optional(),
    level_id: z.uuid().nullable().optional(),
    /** Default and only allowed value: the current organization (a School). */
    school_id: z.uuid().optional(),
  })
  .strict();
const ZGroupType = z.enum(['group', 'groups']);
export const ZGroupCreateBody = z.object({ data: z.object({ type: ZGroupType, attributes: ZGroupInput }) });
export const ZGroupUpdateBody = z.object({
  data: z.object({ type: ZGroupType, id: z.string().optional(), attributes: ZGroupInput.partial() }),
});

export const ZLevelInput = z
  .object({
    name: ZName,
    position: z.number().int().min(0).max(1000).optional(),
    school_id: z.uuid().optional(),
  })
  .strict();
const ZLevelType = z.enum(['level', 'levels']);
export const ZLevelCreateBody = z.object({ data: z.object({ type: ZLevelType, attributes: ZLevelInput }) });
export const ZLevelUpdateBody = z.object({
  data: z.object({ type: ZLevelType, id: z.string().optional(), attributes: ZLevelInput.partial() }),
});

export const ZTagInput = z.object({ name: ZName, school_id: z.uuid().optional() }).strict();
const ZTagType = z.enum(['tag', 'tags']);
export const ZTagCreateBody = z.object({ data: z.object({ type: ZTagType, attributes: ZTagInput }) });
export const ZTagUpdateBody = z.object({
  data: z.object({ type: ZTagType, id: z.string().optional(), attributes: ZTagInput.partial() }),
});

/** `PUT /api/v1/students/{id}/assign_group`: the group at the current school, or null to take the student out. */
const ZAssignGroupAttributes = z.object({ group_id: z.uuid().nullable() }).strict();
export const ZAssignGroupBody = z.union([
  z.object({
    data: z.object({
      type: z.enum(['group_membership', 'student', 'user']),
      attributes: ZAssignGroupAttributes,
    }),
  }),
  ZAssignGroupAttributes,
]);
