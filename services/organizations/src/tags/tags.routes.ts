import {
  ZTagCollection,
  ZTagCreateBody,
  ZTagDocument,
  ZTagUpdateBody,
} from '@stageplein/contracts/organizations/school-resources';
import { schoolCatalogueRoutes } from '../school-catalogue/school-catalogue.routes.ts';
import { TAGS } from './tags.service.ts';

/** A school's tags (zorg, sport…), for vacancies later. */
export const tagsRoutes = schoolCatalogueRoutes({
  ...TAGS,
  plural: 'tags',
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
