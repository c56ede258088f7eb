import { type Generated } from 'kysely';

/** A mentor linked to a student of the same school (both identity user ids). */
export interface TMentorshipsTable {
  id: Generated<string>;
  tenant_id: string;
  school_id: string;
  mentor_id: string;
  student_id: string;
  /** 'magister': made by a roster sync, which also removes it once the roster no longer names it; null: by hand. */
  source: 'magister' | null;
  created_at: Date;
}
