import {
  ZTagCollection,
  ZTagCreateBody,
  ZTagDocument,
  ZTagUpdateBody,
  type TTagResource,
} from '@stageplein/contracts/organizations/school-resources';
import type { TCatalogueRow } from '../school-catalogue/school-catalogue.repository.ts';
import { schoolCatalogueRoutes } from '../school-catalogue/school-catalogue.routes.ts';
import { TAGS } from './tags.service.ts';

export const tagResource = (row: TCatalogueRow): TTagResource => ({
  type: 'tag',
  id: row.id,
  attributes: {
    name: row.name,
    school_id: row.school_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  },
});

/** A school's tags (zorg, sport…), for vacancies later. */
export const tagsRoutes = schoolCatalogueRoutes({
  ...TAGS,
  plural: 'tags',
  toResource: tagResource,
  summaries: {
    list: 'Tags of a school: filter[school_id_eq], default the current School (else every school of the tenant)',
    create: 'Add a tag to the current School (its admins)',
    update: 'Rename a tag (the school’s admins)',
    destroy: 'Delete a tag (the school’s admins)',
  },
  schemas: {
    collection: ZTagCollection,
    document: ZTagDocument,
    create: ZTagCreateBody,
    update: ZTagUpdateBody,
  },
});
