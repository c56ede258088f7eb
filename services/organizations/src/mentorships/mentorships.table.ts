import { type Generated } from 'kysely';

/** A mentor linked to a student of the same school (both identity user ids). */
export interface TMentorshipsTable {
  id: Generated<string>;
  tenant_id: string;
  school_id: string;
  mentor_id: string;
  student_id: string;
  created_at: Date;
}
