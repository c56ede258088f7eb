import { type Generated } from 'kysely';

/** Tags of a school (zorg, sport…), for vacancies later. */
export interface TTagsTable {
  id: Generated<string>;
  tenant_id: string;
  school_id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
}
