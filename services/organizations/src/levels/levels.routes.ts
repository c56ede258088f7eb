import {
  ZLevelCollection,
  ZLevelCreateBody,
  ZLevelDocument,
  ZLevelUpdateBody,
  type TLevelResource,
} from '@stageplein/contracts/organizations/school-resources';
import type { TCatalogueRow } from '../school-catalogue/school-catalogue.repository.ts';
import { schoolCatalogueRoutes } from '../school-catalogue/school-catalogue.routes.ts';
import { LEVELS } from './levels.service.ts';

export const levelResource = (row: TCatalogueRow): TLevelResource => ({
  type: 'level',
  id: row.id,
  attributes: {
    name: row.name,
    position: row.position ?? 0,
    school_id: row.school_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  },
});

/** A school's education levels (vmbo, havo…), ordered by position; used by groups and, later, vacancies. */
export const levelsRoutes = schoolCatalogueRoutes({
  ...LEVELS,
  plural: 'levels',
  toResource: levelResource,
  summaries: {
    list: 'Levels of a school: filter[school_id_eq], default the current School (else every school of the tenant)',
    create: 'Add a level to the current School (its admins)',
    update: 'Rename or reorder a level (the school’s admins)',
    destroy: 'Delete a level (the school’s admins); its groups keep existing without one',
  },
  schemas: {
    collection: ZLevelCollection,
    document: ZLevelDocument,
    create: ZLevelCreateBody,
    update: ZLevelUpdateBody,
  },
});
