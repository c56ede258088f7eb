import type { TCatalogue } from '../school-catalogue/school-catalogue.service.ts';

/** Tags are a school catalogue (school-catalogue/), ordered by name. */
export const TAGS: TCatalogue = { type: 'tag', table: 'organizations.tags', ordered: false };
