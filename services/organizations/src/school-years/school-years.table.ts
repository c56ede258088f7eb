import { type Generated } from 'kysely';

export interface TSchoolYearsTable {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  start_date: string;
  end_date: string;
  created_at: Generated<Date>;
}
