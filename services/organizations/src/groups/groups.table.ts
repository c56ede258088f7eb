import { type Generated } from 'kysely';

/** A school's groups (classes), optionally per school year and level. */
export interface TGroupsTable {
  id: Generated<string>;
  tenant_id: string;
  school_id: string;
  school_year_id: string | null;
  level_id: string | null;
  name: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A student (identity user id) in a group: one group per student per school at a time. */
export interface TGroupMembershipsTable {
  id: Generated<string>;
  tenant_id: string;
  school_id: string;
  group_id: string;
  student_id: string;
  created_at: Date;
}
