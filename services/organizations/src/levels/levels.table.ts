import { type Generated } from 'kysely';

/** Education levels of a school (vmbo, havo…), used by groups and, later, vacancies. */
export interface TLevelsTable {
  id: Generated<string>;
  tenant_id: string;
  school_id: string;
  name: string;
  position: Generated<number>;
  created_at: Date;
  updated_at: Date;
}
