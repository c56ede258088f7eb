import { z } from 'zod';
import { ZRelationship, ZResource, zCollectionOf, zDocumentOf, zIdFilterQuery } from '../jsonapi/jsonapi.ts';

/** A mentor linked to a student of the same school (both are identity users with roles there). */
export const ZMentorshipAttributes = z.object({
  mentor_id: z.string(),
  student_id: z.string(),
  school_id: z.string(),
  created_at: z.string(),
});
export const ZMentorshipResource = ZResource.extend({
  type: z.literal('mentorship'),
  attributes: ZMentorshipAttributes,
  relationships: z.object({ mentor: ZRelationship, student: ZRelationship, school: ZRelationship }),
});
export type TMentorshipResource = z.infer<typeof ZMentorshipResource>;
export const ZMentorshipDocument = zDocumentOf(ZMentorshipResource);
export const ZMentorshipCollection = zCollectionOf(ZMentorshipResource);
/** GET /api/v1/mentorships filters (the route's querystring and the admin's server filters). */
export const MENTORSHIPS_FILTERS = ['mentor_id_eq', 'student_id_eq'] as const;
export const ZMentorshipsQuery = zIdFilterQuery(MENTORSHIPS_FILTERS);

export const ZMentorshipCreateBody = z.object({
  data: z.object({
    type: z.enum(['mentorship', 'mentorships']),
    attributes: z.object({ mentor_id: z.uuid(), student_id: z.uuid() }).strict(),
  }),
});
